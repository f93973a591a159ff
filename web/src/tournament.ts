// A tournament's page: pairings, standings, crosstable and players for
// everyone; for the organiser (whose token this browser holds) the
// controls: players, byes, one-click pairing, results. Each section prints
// on its own on A4.

import { h, fill, labelled, scrollX, editCounter } from './dom';
import { lang, message, t } from './i18n';
import { api, ApiError, errorText, followTournament, type Account, type TournamentAction, type TournamentView } from './api';
import { takeTokenFromAddress } from './seats';
import { copyLinkRow } from './copylink';
import { forgetOrganiser, forgetPlayer, organiserToken, playerToken, rememberOrganiser, rememberPlayer, takeFromFragment } from './organiser';
import { controlWords } from './control';
import { detailFields, detailsLine, roundStartText } from './tourdetails';
import type { ByeCode, PlayerView, ResultCode, RoundView, TournamentLinks } from './types';

const RESULTS: ResultCode[] = ['1-0', '1/2-1/2', '0-1', '+/-', '-/+', '-/-'];

/** A round's name in the UI's language ("Round 3", "3. forduló"). */
function roundName(n: number): string {
  return message(lang(), 'web-tour-round-n', { round: n });
}

/** How a result is written on a pairing sheet. */
export function resultText(r: ResultCode | null): string {
  return r === null ? '' : r === '1/2-1/2' ? '½-½' : r;
}

function byeText(kind: ByeCode): string {
  const tr = t();
  return { pairing: tr.tourByePairing, half: tr.tourByeHalf, full: tr.tourByeFull, zero: tr.tourByeZero, absent: tr.tourByeAbsent }[kind];
}

/** A crosstable cell: the opponent's number, the colour, the result
 * (`5w1`, `3b½`, `+`, `–`). */
export function crossText(opponent: number | null, color: 'white' | 'black' | null, outcome: string | null): string {
  const o = outcome === '=' || outcome === 'D' ? '½' : outcome === 'U' || outcome === 'F' ? '+' : outcome === 'H' ? '½' : outcome === 'Z' ? '–' : (outcome ?? '');
  if (opponent === null) return o;
  return `${opponent}${color === 'white' ? 'w' : color === 'black' ? 'b' : ''}${o}`;
}

/** The tournament page of `id`. */
export function tournamentPage(id: string): (root: HTMLElement) => () => void {
  return root => {
    const fromAddress = takeTokenFromAddress();
    if (fromAddress) rememberOrganiser(id, fromAddress, '');
    const playerFromAddress = takeFromFragment('player');
    if (playerFromAddress) rememberPlayer(id, playerFromAddress);
    const joinToken = takeFromFragment('join');
    let token = organiserToken(id);
    let mine = playerToken(id);
    let me: number | null = null;
    // The browser's account, if signed in (it may enter with it, and its
    // entry is found without a link), and whether the join form's box
    // to enter with it is ticked (kept across redraws).
    let account: Account | null = null;
    let joinAsAccount = true;
    let links: TournamentLinks | null = null;
    let view: TournamentView | null = null;
    let shownRound = 0;
    // The newest round is shown, and followed as rounds are paired, unless
    // the reader picked an earlier one.
    let pinned = false;
    const status = h('p.status', { role: 'status', 'aria-live': 'polite' });

    // The organiser's actions go to the server one after the other, in the
    // order made (results entered quickly board after board are all kept).
    let queue: Promise<void> = Promise.resolve();
    // Typing in the form that enters players (the next player entered
    // while the last is sent).
    const edits = editCounter(root, 'form.add-player');
    const act = (action: TournamentAction, done?: () => void): void => {
      if (!token) return;
      const organiser = token;
      queue = queue.then(async () => {
        status.classList.remove('error');
        status.textContent = '…';
        try {
          const v = await api.tournamentAction(id, organiser, action);
          status.textContent = action.type === 'set_details' ? t().tourDetailsSaved : '';
          if (action.type === 'pair_round' || action.type === 'unpair_round') shownRound = v.rounds.length;
          done?.();
          if (!view || v.version > view.version) show(v);
        } catch (e) {
          status.textContent = errorText(e);
          status.classList.add('error');
          // What the page shows again follows the server.
          if (view) show(view);
        }
      });
    };

    const name = (p: PlayerView | undefined) => (p ? `${p.title ? `${p.title} ` : ''}${p.name}` : '?');

    function printButton(section: string): HTMLElement {
      const b = h('button.print.no-print', { type: 'button' }, t().tourPrint);
      b.addEventListener('click', () => {
        document.body.dataset.print = section;
        window.print();
        delete document.body.dataset.print;
      });
      return b;
    }

    function pairings(v: TournamentView, byId: Map<number, PlayerView>): HTMLElement {
      const tr = t();
      const round: RoundView | undefined = v.rounds[shownRound - 1];
      const pick = h(
        'select#tour-round',
        { class: 'no-print', 'aria-label': tr.tourRound },
        v.rounds.map(r => h('option', { value: r.number, selected: r.number === shownRound }, roundName(r.number))),
      );
      pick.addEventListener('change', () => {
        shownRound = Number(pick.value);
        pinned = shownRound !== v.rounds.length;
        if (view) show(view);
      });
      const organiser = token !== null;
      const body = round
        ? [
            scrollX(h('table.pairings', {}, [
              h('thead', {}, h('tr', {}, [tr.tourBoard, tr.white, tr.tourPoints, tr.tourResult, tr.tourPoints, tr.black, ...(v.online ? [''] : [])].map(x => h('th', {}, x)))),
              h(
                'tbody',
                {},
                round.boards.map(b => {
                  let cell: HTMLElement;
                  if (organiser) {
                    const sel = h(
                      'select.result-input.no-print',
                      { 'aria-label': `${tr.tourBoard} ${b.board}`, 'data-board': b.board },
                      [h('option', { value: '', selected: b.result === null }, '–'), ...RESULTS.map(r => h('option', { value: r, selected: b.result === r }, resultText(r)))],
                    );
                    sel.addEventListener('change', () =>
                      act({ type: 'set_result', round: round.number, board: b.board, result: sel.value === '' ? null : (sel.value as ResultCode) }),
                    );
                    cell = h('td.score', {}, [sel, h('span.print-only', {}, resultText(b.result))]);
                  } else {
                    cell = h('td.score', {}, resultText(b.result));
                  }
                  return h('tr', { 'data-board': b.board }, [
                    h('td.num', {}, String(b.board)),
                    h('td.white', {}, name(byId.get(b.white))),
                    h('td.num', {}, b.white_points),
                    cell,
                    h('td.num', {}, b.black_points),
                    h('td.black', {}, name(byId.get(b.black))),
                    v.online ? h('td.watch.no-print', {}, b.game ? h('a', { href: `/game/${encodeURIComponent(b.game)}`, 'data-nav': '' }, tr.tourWatch) : '') : null,
                  ]);
                }),
              ),
            ]), tr.tourPairings),
            round.byes.length
              ? h(
                  'ul.byes',
                  {},
                  round.byes.map(b => h('li', {}, `${name(byId.get(b.player))}: ${byeText(b.kind)}`)),
                )
              : null,
          ]
        : [h('p', {}, v.players.length < 2 ? tr.tourNextAddPlayers : tr.tourNoRoundYet)];
      return h('section.tour-pairings', { 'data-section': 'pairings' }, [
        h('div.section-head', {}, [h('h2', {}, round ? `${tr.tourPairings} — ${roundName(round.number)}` : tr.tourPairings), v.rounds.length > 1 ? pick : null, printButton('pairings')]),
        round && v.details.rounds[round.number - 1] ? h('p.round-start', {}, roundStartText(v.details.rounds[round.number - 1])) : null,
        // A Chess960 round: the start position every board sets up (White's
        // back rank, Black's the mirror).
        round?.chess960
          ? h('p.round-chess960', {}, message(lang(), 'web-tour-round-start960', { number: round.chess960.number, rank: round.chess960.fen.split('/')[7].split(' ')[0] }))
          : null,
        ...body,
      ]);
    }

    function standings(v: TournamentView, byId: Map<number, PlayerView>): HTMLElement {
      const tr = t();
      return h('section.tour-standings', { 'data-section': 'standings' }, [
        h('div.section-head', {}, [h('h2', {}, tr.tourStandings), printButton('standings')]),
        scrollX(h('table.standings', {}, [
          h('thead', {}, h('tr', {}, [tr.tourPlace, tr.tourRank, tr.tourPlayerName, tr.tourRating, tr.tourPoints, ...v.tiebreaks, tr.tourPerformance, tr.tourRatingChange].map(x => h('th', {}, x)))),
          h(
            'tbody',
            {},
            v.standings.map(s => {
              const p = byId.get(s.player);
              return h('tr', {}, [
                h('td.num', {}, String(s.place)),
                h('td.num', {}, String(p?.rank ?? '')),
                h('td', {}, name(p)),
                h('td.num', {}, p?.rating === null || p?.rating === undefined ? '' : String(p.rating)),
                h('td.num.points', {}, s.points),
                ...s.values.map(x => h('td.num', {}, x)),
                h('td.num', {}, p?.performance === null || p?.performance === undefined ? '' : String(p.performance)),
                h('td.num', {}, p?.rating_change ?? ''),
              ]);
            }),
          ),
        ]), tr.tourStandings),
      ]);
    }

    /** A round robin's classic table: a row and a column a player by
     * number, each meeting's result where they cross (two in a double
     * round robin), the points and the place. */
    function grid(v: TournamentView): HTMLElement | null {
      if (v.system !== 'round_robin' || v.players.length === 0) return null;
      const tr = t();
      const n = v.players.length;
      const column = new Map(v.players.map((p, i) => [p.rank, i]));
      const placeOf = new Map(v.standings.map(s => [s.player, s.place]));
      const rows = v.players.map((p, i) => {
        const met: string[][] = Array.from({ length: n }, () => []);
        for (const c of v.crosstable[i] ?? []) {
          const j = c.opponent === null ? undefined : column.get(c.opponent);
          if (j !== undefined) met[j].push(c.outcome === null ? '*' : crossText(null, null, c.outcome));
        }
        return h('tr', {}, [
          h('th.num', { scope: 'row' }, String(p.rank)),
          h('td', {}, name(p)),
          ...met.map((m, j) => (j === i ? h('td.cell.self', {}, '×') : h('td.cell', {}, m.join(' ')))),
          h('td.num.points', {}, p.points),
          h('td.num', {}, String(placeOf.get(p.id) ?? '')),
        ]);
      });
      const head = [tr.tourRank, tr.tourPlayerName, ...v.players.map(p => String(p.rank)), tr.tourPoints, tr.tourPlace];
      return h('div.rr-grid-wrap', {}, [
        h('h3', {}, tr.tourGrid),
        scrollX(h('table.rr-grid', {}, [h('thead', {}, h('tr', {}, head.map(x => h('th', { scope: 'col' }, x)))), h('tbody', {}, rows)]), tr.tourGrid),
        h('h3', {}, tr.tourByRound),
      ]);
    }

    function crosstable(v: TournamentView): HTMLElement {
      const tr = t();
      return h('section.tour-crosstable', { 'data-section': 'crosstable' }, [
        h('div.section-head', {}, [h('h2', {}, tr.tourCrosstable), printButton('crosstable')]),
        grid(v),
        scrollX(h('table.crosstable', {}, [
          h('thead', {}, h('tr', {}, [tr.tourRank, tr.tourPlayerName, tr.tourPoints, ...v.rounds.map(r => String(r.number))].map(x => h('th', {}, x)))),
          h(
            'tbody',
            {},
            v.players.map((p, i) =>
              h('tr', {}, [
                h('td.num', {}, String(p.rank)),
                h('td', {}, name(p)),
                h('td.num.points', {}, p.points),
                ...(v.crosstable[i] ?? []).map(c => h('td.cell', {}, crossText(c.opponent, c.color, c.outcome))),
              ]),
            ),
          ),
        ]), tr.tourCrosstable),
      ]);
    }

    /** The pairs who must not meet (a Swiss): listed for everyone, set by the organiser. */
    function forbiddenPairs(v: TournamentView): HTMLElement | null {
      const tr = t();
      const organiser = token !== null && v.system === 'swiss' && v.next !== 'finished';
      if (v.system !== 'swiss' || (!organiser && v.forbidden.length === 0)) return null;
      const byId = new Map(v.players.map(p => [p.id, p]));
      const items = v.forbidden.map(([a, b]) => {
        const text = `${byId.get(a)?.name ?? a} – ${byId.get(b)?.name ?? b}`;
        if (!organiser) return h('li', {}, text);
        const remove = h('button.small', { type: 'button', 'aria-label': `${tr.tourAllowPair}: ${text}` }, tr.tourAllowPair);
        remove.addEventListener('click', () => act({ type: 'set_forbidden', a, b, forbidden: false }));
        return h('li', {}, [text, ' ', remove]);
      });
      let form: HTMLElement | null = null;
      if (organiser && v.players.length >= 2) {
        const choose = (id: string) =>
          h(`select#${id}`, { 'aria-label': tr.tourPlayerName }, v.players.map(p => h('option', { value: String(p.id) }, p.name)));
        const a = choose('forbid-a');
        const b = choose('forbid-b');
        (b as HTMLSelectElement).selectedIndex = 1;
        form = h('form.forbid.no-print', {}, [a, b, h('button#forbid-pair', { type: 'submit' }, tr.tourForbidPair)]);
        form.addEventListener('submit', ev => {
          ev.preventDefault();
          act({ type: 'set_forbidden', a: Number((a as HTMLSelectElement).value), b: Number((b as HTMLSelectElement).value), forbidden: true });
        });
      }
      return h('div.forbidden', {}, [h('h3', {}, tr.tourForbidden), items.length ? h('ul.forbidden-pairs', {}, items) : null, form]);
    }

    function players(v: TournamentView): HTMLElement {
      const tr = t();
      const organiser = token !== null;
      const next = v.rounds.length + 1;
      const rows = v.players.map(p => {
        const cells = [
          h('td.num', {}, String(p.rank)),
          h('td', {}, [p.account ? h('a.user', { href: `/@/${encodeURIComponent(p.account)}`, 'data-nav': '' }, name(p)) : name(p), p.withdrawn !== null ? h('small.withdrawn', {}, ` (${tr.tourWithdrawn})`) : null]),
          h('td.num', {}, p.rating === null ? '' : String(p.rating)),
          h('td', {}, p.federation),
          h('td', {}, p.club),
          h('td.num.points', {}, p.points),
        ];
        if (organiser) {
          const w = h('button.small', { type: 'button', 'data-player': p.id }, p.withdrawn === null ? tr.tourWithdraw : tr.tourReinstate);
          w.addEventListener('click', () => act(p.withdrawn === null ? { type: 'withdraw', player: p.id } : { type: 'reinstate', player: p.id }));
          const current = p.byes.find(b => b.round === next);
          const bye = h('select.bye-input', { 'aria-label': `${tr.tourRequestBye}: ${p.name}` }, [
            h('option', { value: '', selected: !current }, tr.tourByeNone),
            h('option', { value: 'half', selected: current?.half === true }, tr.tourByeHalf),
            h('option', { value: 'zero', selected: current?.half === false }, tr.tourByeZero),
          ]);
          bye.addEventListener('change', () =>
            act(bye.value === '' ? { type: 'cancel_bye', player: p.id, round: next } : { type: 'request_bye', player: p.id, round: next, half: bye.value === 'half' }),
          );
          const swissOpen = v.system === 'swiss' && v.next !== 'finished';
          cells.push(h('td.no-print', {}, [swissOpen ? bye : null, w]));
        }
        return h('tr', { 'data-player': p.id }, cells);
      });
      const head = [tr.tourRank, tr.tourPlayerName, tr.tourRating, tr.tourFederation, tr.tourClub, tr.tourPoints];
      if (organiser) head.push(v.system === 'swiss' && v.next !== 'finished' ? tr.tourRequestBye : '');
      let form: HTMLElement | null = null;
      const open = v.next !== 'finished' && !(v.system === 'round_robin' && v.rounds.length > 0);
      if (organiser && open) {
        // The name in two parts, written "Family, Given" as the TRF and
        // the rating lists write names (one part alone as it is).
        const pName = h('input#player-name', { type: 'text', required: true, maxlength: 100, autocomplete: 'off', placeholder: 'Kovács' });
        const pGiven = h('input#player-given', { type: 'text', maxlength: 60, autocomplete: 'off', placeholder: 'Anna' });
        const pRating = h('input#player-rating', { type: 'number', min: 0, max: 3500 });
        const pTitle = h('input#player-title', { type: 'text', maxlength: 3, placeholder: 'FM', size: 4 });
        const pFed = h('input#player-fed', { type: 'text', maxlength: 3, placeholder: 'HUN', size: 4 });
        const pClub = h('input#player-club', { type: 'text', maxlength: 100 });
              form = h('form.add-player.no-print', {}, [
          labelled(tr.tourFamilyName, pName),
          labelled(tr.tourGivenName, pGiven),
          labelled(tr.tourRating, pRating),
          labelled(tr.tourTitleField, pTitle),
          labelled(tr.tourFederationField, pFed),
          labelled(tr.tourClub, pClub),
          h('button#add-player', { type: 'submit' }, tr.tourAdd),
        ]);
        form.addEventListener('submit', ev => {
          ev.preventDefault();
          const at = edits();
          // The player is entered: the form is empty for the next one,
          // unless the next one is being typed already.
          const done = () => {
            if (edits() === at) root.querySelector<HTMLFormElement>('form.add-player')?.reset();
          };
          act({
            type: 'add_player',
            name: pGiven.value.trim() ? `${pName.value.trim()}, ${pGiven.value.trim()}` : pName.value,
            ...(pRating.value ? { rating: Number(pRating.value) } : {}),
            ...(pTitle.value ? { title: pTitle.value } : {}),
            ...(pFed.value ? { federation: pFed.value } : {}),
            ...(pClub.value ? { club: pClub.value } : {}),
          }, done);
        });
      }
      return h('section.tour-players', { 'data-section': 'players' }, [
        h('div.section-head', {}, [h('h2', {}, `${tr.tourPlayers} (${v.players.length})`), printButton('players')]),
        form,
        forbiddenPairs(v),
        scrollX(h('table.players', {}, [h('thead', {}, h('tr', {}, head.map(x => h('th', {}, x)))), h('tbody', {}, rows)]), tr.tourPlayers),
      ]);
    }

    function controls(v: TournamentView): HTMLElement | null {
      if (token === null) return null;
      const tr = t();
      const buttons: HTMLElement[] = [];
      if (v.next === 'pair') {
        const b = h('button#pair-round', { class: 'primary', type: 'button' }, message(lang(), 'web-tour-pair-round', { round: v.rounds.length + 1 }));
        b.addEventListener('click', () => act({ type: 'pair_round' }));
        buttons.push(b);
      }
      // A round robin's numbers, drawn by lot before its first round.
      if (v.system === 'round_robin' && v.rounds.length === 0 && v.players.length >= 2) {
        const b = h('button#draw-lots', { type: 'button' }, tr.tourDrawLots);
        b.addEventListener('click', () => act({ type: 'draw_lots' }));
        buttons.push(b);
      }
      const last = v.rounds[v.rounds.length - 1];
      if (last && last.boards.every(b => b.result === null)) {
        const b = h('button#unpair-round', { type: 'button' }, tr.tourUnpairRound);
        b.addEventListener('click', () => act({ type: 'unpair_round' }));
        buttons.push(b);
      }
      const hint = v.next === 'add_players' ? tr.tourNextAddPlayers : v.next === 'results' ? tr.tourNextResults : v.next === 'finished' ? tr.tourFinished : '';
      const here = `${location.origin}/tournament/${encodeURIComponent(id)}`;
      const byId = new Map(v.players.map(p => [p.id, p]));
      const playerLinks = v.online && links
        ? h('div.player-links', {}, [
            h('p', {}, tr.tourPlayerLinks),
            scrollX(h(
              'table.links',
              {},
              h(
                'tbody',
                {},
                links.players
                  .filter(l => l.url)
                  .map(l =>
                    h('tr', { 'data-player': l.player }, [
                      h('td', {}, byId.get(l.player)?.name ?? ''),
                      h('td', {}, h('input.link.player-link', { type: 'text', readonly: true, value: l.url ?? '', 'aria-label': byId.get(l.player)?.name ?? '' })),
                    ]),
                  ),
              ),
            ), tr.tourPlayerLinks),
          ])
        : null;
      return h('div.organiser.no-print', {}, [
        h('div.buttons', {}, buttons),
        hint ? h('p.hint', {}, hint) : null,
        // The links to hand out, in plain sight with a copy button; the
        // organiser's own (secret) link folded away.
        copyLinkRow(tr.tourPublicLink, here, { class: 'link', id: 'public-link' }),
        links ? copyLinkRow(tr.tourJoinLink, links.join_url, { class: 'link', id: 'join-link' }) : null,
        h('details', {}, [
          h('summary', {}, tr.tourOrganiserLink),
          h('input#organiser-link', { class: 'link', type: 'text', readonly: true, value: `${here}#token=${token}`, 'aria-label': tr.tourOrganiserLink }),
          playerLinks,
        ]),
      ]);
    }

    /** The organiser's form of the place, dates and arbiters, folded
     * away until opened (and kept open while the page redraws). */
    let detailsOpen = false;
    function editDetails(v: TournamentView): HTMLElement | null {
      if (token === null) return null;
      const tr = t();
      const { fields, read } = detailFields(v.details, Math.max(v.rounds_planned, v.details.rounds.length));
      const form = h('form.tour-details-form', {}, [h('p.hint', {}, tr.tourDetailsHint), ...fields, h('button#save-details', { type: 'submit' }, tr.tourSaveDetails)]);
      form.addEventListener('submit', ev => {
        ev.preventDefault();
        act({ type: 'set_details', details: read() });
      });
      const box = h('details.tour-edit-details.no-print', { open: detailsOpen }, [h('summary', {}, tr.tourDetails), form]);
      box.addEventListener('toggle', () => {
        detailsOpen = (box as HTMLDetailsElement).open;
      });
      return box;
    }

    /** What this browser's player sees: who they are, their game now. */
    function you(v: TournamentView, byId: Map<number, PlayerView>): HTMLElement | null {
      const tr = t();
      if (me === null) {
        if (!joinToken || v.next === 'finished') return null;
        const jName = h('input#join-name', { type: 'text', required: true, maxlength: 100, autocomplete: 'name', placeholder: tr.tourPlayerName, 'aria-label': tr.tourPlayerName });
        const jRating = h('input#join-rating', { type: 'number', min: 0, max: 3500, placeholder: tr.tourRating, 'aria-label': tr.tourRating });
        // Signed in: entered with the account unless unticked (its name
        // and its rating here when none is typed).
        const jAccount = h('input#join-account', { type: 'checkbox', checked: joinAsAccount });
        const asAccount = () => account !== null && jAccount.checked;
        const named = () => {
          jName.required = !asAccount();
          jName.placeholder = asAccount() && account ? account.username : tr.tourPlayerName;
        };
        jAccount.addEventListener('change', () => {
          joinAsAccount = jAccount.checked;
          named();
        });
        named();
        const accountRow = account ? h('label.check', {}, [jAccount, h('span', {}, `${tr.tourJoinAsAccount} (${account.username})`)]) : null;
        const form = h('form.join.no-print', {}, [h('h2', {}, tr.tourJoin), accountRow, jName, jRating, h('button#join', { class: 'primary', type: 'submit' }, tr.tourJoinButton)]);
        form.addEventListener('submit', ev => {
          ev.preventDefault();
          api
            .joinTournament(id, joinToken, {
              ...(jName.value.trim() ? { name: jName.value } : {}),
              ...(jRating.value ? { rating: Number(jRating.value) } : {}),
              ...(asAccount() ? { account: true } : {}),
            })
            .then(j => {
              rememberPlayer(id, j.token);
              mine = j.token;
              me = j.player;
              show(j.tournament);
            })
            .catch(e => {
              status.textContent = errorText(e);
              status.classList.add('error');
            });
        });
        return form;
      }
      const self = byId.get(me);
      const round = v.rounds[v.rounds.length - 1];
      const board = round?.boards.find(b => b.white === me || b.black === me);
      let now: HTMLElement | null = null;
      if (v.online && round && board?.game && (mine || self?.account)) {
        // By the player's link, else as the account (its session's seat).
        const seat = mine ? `#token=${encodeURIComponent(mine)}` : '';
        now = h('a.your-game', { class: 'button primary', href: `/game/${encodeURIComponent(board.game)}${seat}` }, `${tr.tourYourGame} (${roundName(round.number)})`);
      } else if (round && !board && v.next !== 'finished') {
        now = h('span', {}, tr.tourYourBye);
      }
      return h('div.you.no-print', {}, [h('p', {}, [`${tr.tourYouAre} `, h('strong', {}, name(self))]), now]);
    }

    function show(v: TournamentView): void {
      const tr = t();
      view = v;
      if (token) rememberOrganiser(id, token, v.name);
      if (token && links && links.players.length !== v.players.length) refreshLinks();
      if (!pinned || shownRound === 0 || shownRound > v.rounds.length) shownRound = v.rounds.length;
      const byId = new Map(v.players.map(p => [p.id, p]));
      const system = v.system === 'swiss' ? tr.tourSwiss : v.double ? tr.tourDouble : tr.tourRoundRobin;
      const meta = [system, `${tr.tourRounds}: ${v.rounds.length}/${v.rounds_planned}`, v.control ? controlWords(v.control) : '', v.online ? tr.tourOnlineMode : '', v.rated ? tr.tourRatedMode : '', v.rules_2017 ? tr.tourRules2017 : '', v.tiebreak_rules_2024 ? tr.tourTiebreakRules2024 : '', v.lots_drawn ? tr.tourLotsDrawn : ''].filter(Boolean).join(' · ');
      const id2 = encodeURIComponent(id);
      // What the organiser (or a joining player) is typing survives a
      // change that arrives meanwhile: the forms' inputs and the focus.
      const typed = new Map<string, string>();
      root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('form input[id], form textarea[id]').forEach(i => {
        // (The details' fields as they are, an emptied one too.)
        if (i.value || i.closest('.tour-details-form')) typed.set(i.id, i.value);
      });
      const focused = document.activeElement instanceof HTMLInputElement && root.contains(document.activeElement) ? document.activeElement.id : '';
      fill(root, [
        h('div.tournament', { 'data-version': v.version }, [
          h('h1', {}, v.name),
          h('p.meta', {}, meta),
          detailsLine(v.details),
          controls(v),
          editDetails(v),
          you(v, byId),
          status,
          v.next === 'finished' && token === null ? h('p.hint', {}, tr.tourFinished) : null,
          pairings(v, byId),
          standings(v, byId),
          crosstable(v),
          players(v),
          h('p.downloads.no-print', {}, [
            h('a', { href: `/api/tournaments/${id2}/trf`, download: '' }, tr.tourDownloadTrf),
            ' · ',
            h('a', { href: `/api/tournaments/${id2}/pgn`, download: '' }, tr.tourDownloadPgn),
          ]),
        ]),
      ]);
      for (const [inputId, value] of typed) {
        const input = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`form #${inputId}`);
        if (input) input.value = value;
      }
      if (focused) root.querySelector<HTMLInputElement>(`input#${focused}`)?.focus();
    }

    const load = (): void => {
      api
        .tournament(id)
        .then(v => {
          if (!view || v.version > view.version) show(v);
        })
        .catch(e => {
          if (!view) fill(root, [h('p.error', {}, errorText(e))]);
        });
    };
    fill(root, [h('p', {}, '…')]);
    // The organiser's links (fetched again when players are added); a
    // token the server does not take gives no controls.
    let fetchingLinks = false;
    function refreshLinks(): void {
      if (!token || fetchingLinks) return;
      fetchingLinks = true;
      api
        .tournamentLinks(id, token)
        .then(l => {
          links = l;
          if (view) show(view);
        })
        .catch(e => {
          if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 403)) return;
          forgetOrganiser(id);
          token = null;
          if (view) show(view);
        })
        .finally(() => {
          fetchingLinks = false;
        });
    }
    refreshLinks();
    // Who this browser's player is: by their link, else by the account
    // signed in (an entry that is the account's).
    const findMe = (): void => {
      api
        .tournamentMe(id, mine)
        .then(m => {
          me = m.player;
          if (view) show(view);
        })
        .catch(e => {
          if (!(e instanceof ApiError) || e.status !== 403 || !mine) return;
          forgetPlayer(id);
          mine = null;
          if (account) findMe();
        });
    };
    if (mine) findMe();
    api
      .account()
      .then(a => {
        account = a;
        // The join form offers the account now; a player found by it is
        // shown when the server answers.
        if (view) show(view);
        if (!mine) findMe();
      })
      .catch(() => undefined);
    load();
    const stop = followTournament(id, version => {
      if (!view || version > view.version) load();
    });
    return stop;
  };
}
