// Challenges in the browser: the form on a player's page that challenges
// them, and a challenge's own page (/challenge/{id}) — to the one
// challenged, Accept and Decline (with lichess's reasons); to the
// challenger, the wait and Cancel; for an open challenge, its links and
// Join. The page follows the challenge until it is answered and goes to
// the game once it begins.

import { h, fill } from './dom';
import { lang, message, speedName, t } from './i18n';
import { api, errorText, ApiError } from './api';
import { navigate } from './nav';
import { DAYS, daysShort } from './control';
import type { Page } from './main';
import type { Account, AnyChallenge, Challenge, ChallengeStatus, LightUser, OpenChallenge, TimeControl } from './types';
import { DECLINE_REASONS } from './types';

/** How often a waiting challenge's page asks again. */
const POLL_MS = 1500;

/** A challenge's terms in a line: `5+3 · Rated · Blitz`. */
export function termsText(c: { timeControl: TimeControl; rated: boolean; speed: Challenge['speed']; variant?: { key: string } }): string {
  const tr = t();
  const variant = c.variant?.key === 'chess960' ? ` · ${tr.variantChess960}` : '';
  const tc = c.timeControl;
  const clock = tc.type === 'clock' ? tc.show : tc.type === 'correspondence' ? daysShort(tc.daysPerTurn) : tr.noClock;
  return `${clock} · ${c.rated ? tr.lobbyRated : tr.lobbyCasual} · ${speedName(c.speed)}${variant}`;
}

/** A player's name and rating (`?` while provisional). */
export function playerText(u: LightUser): string {
  return `${u.title ? `${u.title} ` : ''}${u.name} (${u.rating}${u.provisional ? '?' : ''})`;
}

/** A decline reason's words in the UI's language. */
export function reasonText(key: string): string {
  return message(lang(), `decline-${key.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)}`);
}

/** Whether a challenge is one to an account (not an open one). */
function isNamed(c: AnyChallenge): c is Challenge {
  return (c as Challenge).destUser !== null && (c as Challenge).destUser !== undefined;
}

/** The form on a player's page that challenges them. */
export function challengeForm(name: string): HTMLElement {
  const tr = t();
  const minutes = h('input', { name: 'minutes', type: 'number', min: '0', max: '180', step: 'any', value: '5', required: true }) as HTMLInputElement;
  const increment = h('input', { name: 'increment', type: 'number', min: '0', max: '180', value: '3', required: true }) as HTMLInputElement;
  const color = h('select', { name: 'color' }, [
    h('option', { value: 'random' }, tr.random),
    h('option', { value: 'white' }, tr.white),
    h('option', { value: 'black' }, tr.black),
  ]) as HTMLSelectElement;
  // Days a move instead of a clock (none: the clock).
  const days = h('select', { name: 'days' }, [
    h('option', { value: '' }, tr.chalWithClock),
    ...DAYS.map(d => h('option', { value: String(d) }, daysShort(d))),
  ]) as HTMLSelectElement;
  const clockFields = [h('label', {}, [tr.minutes, minutes]), h('label', {}, [tr.increment, increment])];
  days.addEventListener('change', () => {
    for (const f of clockFields) f.hidden = days.value !== '';
  });
  const variant = h('select', { name: 'variant' }, [
    h('option', { value: 'standard' }, tr.variantStandard),
    h('option', { value: 'chess960' }, tr.variantChess960),
  ]) as HTMLSelectElement;
  const rated = h('input', { name: 'rated', type: 'checkbox', checked: true }) as HTMLInputElement;
  const err = h('p.error', { role: 'alert' });
  const form = h('form.challenge-form', {}, [
    h('h2', {}, tr.chalChallenge),
    h('div.fields', {}, [
      h('label', {}, [tr.chalDays, days]),
      ...clockFields,
      h('label', {}, [tr.color, color]),
      h('label', {}, [tr.variant, variant]),
      h('label.check', {}, [rated, tr.lobbyRated]),
    ]),
    err,
    h('button', { type: 'submit' }, tr.chalSend),
  ]);
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    err.textContent = '';
    try {
      const terms = days.value
        ? { days: Number(days.value) }
        : { 'clock.limit': Math.round(Number(minutes.value) * 60), 'clock.increment': Number(increment.value) };
      const c = await api.challenge(name, { rated: rated.checked, ...terms, color: color.value, variant: variant.value });
      navigate(`/challenge/${encodeURIComponent(c.id)}`);
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  return form;
}

/** A link with a copy button. */
function linkRow(label: string, url: string, cls: string): HTMLElement {
  const copy = h('button.copy', { type: 'button' }, t().copy);
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(url).then(() => {
      copy.textContent = t().copied;
    });
  });
  return h(`p.${cls}` as 'p', {}, [h('span', {}, `${label}: `), h('a', { href: url }, url), ' ', copy]);
}

/** What a challenge that waits no more says: canceled, expired, or
 * accepted (with its game, once named). */
function endLine(status: ChallengeStatus, gameId: string | undefined): HTMLElement {
  const tr = t();
  if (status === 'canceled') return h('p.canceled', {}, tr.chalCanceled);
  if (status === 'expired') return h('p.expired', {}, tr.chalExpired);
  return h('p.accepted', {}, [tr.chalAccepted, ' ', gameId ? h('a', { href: `/game/${encodeURIComponent(gameId)}`, 'data-nav': '' }, tr.goToGame) : null]);
}

/** What a challenge to an account shows to `me`. */
function namedView(c: Challenge, me: Account | null, redraw: () => void): Node[] {
  const tr = t();
  const out: Node[] = [h('h1', {}, tr.chalChallenge), h('p.terms', {}, termsText(c))];
  const players = h('p.players', {}, [h('a.user', { href: `/@/${encodeURIComponent(c.challenger.name)}`, 'data-nav': '' }, playerText(c.challenger)), ' – ', h('a.user', { href: `/@/${encodeURIComponent(c.destUser.name)}`, 'data-nav': '' }, playerText(c.destUser))]);
  out.push(players);
  const err = h('p.error', { role: 'alert' });
  const act = (f: () => Promise<unknown>) => async () => {
    err.textContent = '';
    try {
      await f();
      window.dispatchEvent(new CustomEvent('sakk:challenge-answered', { detail: c.id }));
      redraw();
    } catch (e) {
      err.textContent = errorText(e);
    }
  };
  switch (c.status) {
    case 'created':
      if (me && c.destUser.id === me.id) {
        const reason = h('select', { name: 'reason', 'aria-label': tr.chalReason }, DECLINE_REASONS.map(k => h('option', { value: k }, reasonText(k)))) as HTMLSelectElement;
        out.push(
          h('p.from', {}, message(lang(), 'web-chal-from', { name: c.challenger.name })),
          h('div.buttons', {}, [
            h('button.accept', { type: 'button', onclick: act(() => api.acceptChallenge(c.id)) }, tr.chalAccept),
            reason,
            h('button.decline', { type: 'button', onclick: act(() => api.declineChallenge(c.id, reason.value)) }, tr.chalDecline),
          ]),
        );
      } else {
        out.push(
          h('p.waiting', {}, message(lang(), 'web-chal-to', { name: c.destUser.name })),
          h('button.cancel', { type: 'button', onclick: act(() => api.cancelChallenge(c.id)) }, tr.chalCancel),
        );
      }
      break;
    case 'declined':
      out.push(h('p.declined', {}, message(lang(), 'web-chal-declined', { name: c.destUser.name, reason: reasonText(c.declineReasonKey ?? 'generic') })));
      break;
    default:
      out.push(endLine(c.status, c.gameId));
  }
  out.push(err);
  return out;
}

/** What an open challenge shows to `me` (`asked`: the colour its link
 * names). */
function openView(c: OpenChallenge, me: Account | null, asked: 'white' | 'black' | undefined, redraw: () => void): Node[] {
  const tr = t();
  const out: Node[] = [h('h1', {}, c.name ?? tr.chalOpen), h('p.terms', {}, termsText(c))];
  const err = h('p.error', { role: 'alert' });
  const reserved = c.open.userIds;
  if (reserved) out.push(h('p.reserved', {}, message(lang(), 'web-chal-reserved', { white: reserved[0], black: reserved[1] })));
  switch (c.status) {
    case 'created': {
      out.push(h('p.muted', {}, tr.chalOpenHint));
      const first = c.challenger;
      if (me && first && first.id === me.id) {
        out.push(h('p.waiting', {}, tr.chalWaitingSecond));
      } else if (me) {
        const join = (color?: 'white' | 'black') => async () => {
          err.textContent = '';
          try {
            await api.acceptChallenge(c.id, color);
            redraw();
          } catch (e) {
            err.textContent = errorText(e);
          }
        };
        const buttons = reserved
          ? [h('button.join', { type: 'button', onclick: join() }, tr.chalJoin)]
          : [
              h('button.join', { type: 'button', onclick: join(asked) }, asked === 'white' ? tr.chalJoinWhite : asked === 'black' ? tr.chalJoinBlack : tr.chalJoin),
              ...(asked ? [] : [h('button.join-white', { type: 'button', onclick: join('white') }, tr.chalJoinWhite), h('button.join-black', { type: 'button', onclick: join('black') }, tr.chalJoinBlack)]),
            ];
        if (first) out.push(h('p.first', {}, playerText(first)));
        out.push(h('div.buttons', {}, buttons));
      } else {
        out.push(h('p', {}, h('a.log-in', { href: '/account', 'data-nav': '' }, tr.chalLogIn)));
      }
      out.push(linkRow(tr.chalLinkAny, c.url, 'link-any'));
      if (!reserved) {
        out.push(linkRow(tr.chalLinkWhite, c.urlWhite, 'link-white'), linkRow(tr.chalLinkBlack, c.urlBlack, 'link-black'));
      }
      break;
    }
    default:
      out.push(endLine(c.status, c.gameId));
  }
  out.push(err);
  return out;
}

/** Whether `me` may play the game a challenge made. */
function mayPlay(c: AnyChallenge, me: Account | null): boolean {
  if (!me) return false;
  if (isNamed(c)) return c.challenger.id === me.id || c.destUser.id === me.id;
  return true;
}

/** A challenge's page. */
export function challengePage(id: string): Page {
  return root => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Each draw's number: a poll that an action overtook draws nothing.
    let drawn = 0;
    let retry = POLL_MS;
    const asked = new URLSearchParams(location.search).get('color');
    const color = asked === 'white' || asked === 'black' ? asked : undefined;
    let me: Account | null = null;
    const again = (ms: number) => {
      if (timer) clearTimeout(timer);
      if (live) timer = setTimeout(() => void draw(), ms);
    };
    const draw = async (): Promise<void> => {
      if (timer) clearTimeout(timer);
      const mine = ++drawn;
      try {
        const c = await api.showChallenge(id);
        if (!live || mine !== drawn) return;
        retry = POLL_MS;
        // Begun: a player goes to the game (an open challenge's, only if
        // it is theirs: the game's page tells a spectator otherwise).
        if (c.status === 'accepted' && c.gameId && mayPlay(c, me)) {
          const players = isNamed(c) ? null : await api.players(c.gameId).catch(() => null);
          const plays = isNamed(c) || (players && me && [players.white?.id, players.black?.id].includes(me.id));
          if (plays && live) {
            navigate(`/game/${encodeURIComponent(c.gameId)}`);
            return;
          }
        }
        const redraw = () => void draw();
        fill(root, [h('div.challenge', {}, isNamed(c) ? namedView(c, me, redraw) : openView(c, me, color, redraw))]);
        // Waiting, or accepted a moment before its game is named: asked
        // again.
        if (c.status === 'created' || (c.status === 'accepted' && !c.gameId)) again(POLL_MS);
      } catch (e) {
        if (!live || mine !== drawn) return;
        fill(root, [h('p.error', {}, errorText(e))]);
        // A challenge that is not there is not asked for again; anything
        // else (the network, the server) is, more slowly each time.
        if (!(e instanceof ApiError && e.status === 404)) {
          retry = Math.min(retry * 2, 15_000);
          again(retry);
        }
      }
    };
    fill(root, [h('p', {}, '…')]);
    void (async () => {
      me = await api.account().catch(() => null);
      await draw();
    })();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  };
}
