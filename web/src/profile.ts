// A player's page (/@/{name}): the ratings by category with their games,
// the games counted (won, drawn, lost), the ratings over time as a chart,
// the latest games, a challenge to the player, and their games to download
// as PGN.

import { h, fill } from './dom';
import { lang, message, SPEEDS, speedName, t } from './i18n';
import { api, errorText, readLines } from './api';
import { challengeForm } from './challenge';
import type { Page } from './main';
import type { Account, RatingHistory, Speed } from './types';

const COLOURS = ['#2b7bb9', '#c0392b', '#27ae60', '#8e44ad', '#d35400', '#7f8c8d'];

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attrs: Record<string, string | number>, children: Element[] = []): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.appendChild(c);
  return el;
}

/** The ratings over time: one line a category played, dates across. */
export function ratingChart(history: RatingHistory[], label: string): Element | null {
  const lines = history
    .map((hst, i) => ({ name: hst.name, colour: COLOURS[i % COLOURS.length], points: hst.points.map(([y, m, d, r]) => ({ at: Date.UTC(y, m, d), r })) }))
    .filter(l => l.points.length > 0);
  if (lines.length === 0) return null;
  const all = lines.flatMap(l => l.points);
  const [t0, t1] = [Math.min(...all.map(p => p.at)), Math.max(...all.map(p => p.at))];
  const [r0, r1] = [Math.min(...all.map(p => p.r)) - 50, Math.max(...all.map(p => p.r)) + 50];
  const [w, hgt, pad] = [600, 220, 40];
  const x = (at: number) => pad + (t1 === t0 ? (w - 2 * pad) / 2 : ((at - t0) / (t1 - t0)) * (w - 2 * pad));
  const y = (r: number) => hgt - pad + -((r - r0) / (r1 - r0)) * (hgt - 2 * pad);
  const ticks = [r0 + 50, Math.round((r0 + r1) / 2), r1 - 50].map(r =>
    svg('g', {}, [svg('line', { x1: pad, x2: w - pad, y1: y(r), y2: y(r), class: 'grid' }), Object.assign(svg('text', { x: 2, y: y(r) + 4, class: 'tick' }), { textContent: String(r) })]),
  );
  const paths = lines.map(l =>
    svg('g', { class: 'line', 'data-name': l.name }, [
      svg('polyline', { points: l.points.map(p => `${x(p.at).toFixed(1)},${y(p.r).toFixed(1)}`).join(' '), stroke: l.colour, fill: 'none', 'stroke-width': 2 }),
      ...l.points.map(p => svg('circle', { cx: x(p.at).toFixed(1), cy: y(p.r).toFixed(1), r: 3, fill: l.colour })),
    ]),
  );
  const chart = svg('svg', { viewBox: `0 0 ${w} ${hgt}`, role: 'img', 'aria-label': label, class: 'rating-chart' }, [...ticks, ...paths]);
  const legend = h(
    'ul.legend',
    {},
    lines.map(l => h('li', {}, [h('span.swatch', { style: `background:${l.colour}` }), `${l.name} (${l.points[l.points.length - 1].r})`])),
  );
  return h('figure.rating-chart', {}, [chart, legend]);
}

/** A game as lichess's JSON export lists it (`/api/games/user/{name}`):
 * the fields this page reads. */
interface ExportedGame {
  id: string;
  createdAt: number;
  speed: Speed;
  rated: boolean;
  status: string;
  winner?: 'white' | 'black';
  players: Record<'white' | 'black', { user?: { name: string }; aiLevel?: number; rating?: number }>;
}

/** Which games to list (lichess's filters of `/api/games/user`). */
interface GamesQuery {
  perfType?: Speed;
  rated?: boolean;
  color?: 'white' | 'black';
  vs?: string;
}

/** The player's latest games, newest first (those in play too). */
async function recentGames(name: string, max: number, q: GamesQuery = {}): Promise<ExportedGame[]> {
  const params = new URLSearchParams({ max: String(max), ongoing: 'true' });
  if (q.perfType) params.set('perfType', q.perfType);
  if (q.rated !== undefined) params.set('rated', String(q.rated));
  if (q.color) params.set('color', q.color);
  if (q.vs) params.set('vs', q.vs);
  const res = await fetch(`/api/games/user/${encodeURIComponent(name)}?${params}`, { headers: { Accept: 'application/x-ndjson' } });
  if (!res.ok) return [];
  const games: ExportedGame[] = [];
  await readLines(res, line => games.push(JSON.parse(line) as ExportedGame));
  return games;
}

/** The latest games as a list: date, the players, the result. */
function gamesList(games: ExportedGame[]): HTMLElement {
  const tr = t();
  if (games.length === 0) return h('p.muted', {}, tr.profNoGames);
  const who = (p: ExportedGame['players']['white']) => p.user?.name ?? (p.aiLevel ? `${tr.oppComputer} (${p.aiLevel})` : '?');
  const result = (g: ExportedGame) => (g.status === 'started' || g.status === 'created' ? '*' : g.winner === 'white' ? '1-0' : g.winner === 'black' ? '0-1' : g.status === 'aborted' ? '–' : '½-½');
  return h(
    'ul.recent',
    {},
    games.map(g =>
      h('li', {}, [
        h('small', {}, new Date(g.createdAt).toLocaleDateString(lang() === 'hu' ? 'hu-HU' : 'en-GB')),
        ' ',
        h('a', { href: `/game/${encodeURIComponent(g.id)}`, 'data-nav': '' }, `${who(g.players.white)} – ${who(g.players.black)}`),
        ` ${result(g)} · ${speedName(g.speed)}${g.rated ? ` · ${tr.lobbyRated}` : ''}`,
      ]),
    ),
  );
}

/** The games with their filters: category, rated, colour, opponent. */
function gamesSection(name: string, first: ExportedGame[]): HTMLElement {
  const tr = t();
  const speed = h('select', { name: 'perfType', 'aria-label': tr.profCategory }, [
    h('option', { value: '' }, tr.profAllCategories),
    ...SPEEDS.map(s => h('option', { value: s }, speedName(s))),
  ]) as HTMLSelectElement;
  const rated = h('select', { name: 'rated', 'aria-label': tr.lobbyRated }, [
    h('option', { value: '' }, tr.profRatedAndCasual),
    h('option', { value: 'true' }, tr.lobbyRated),
    h('option', { value: 'false' }, tr.lobbyCasual),
  ]) as HTMLSelectElement;
  const color = h('select', { name: 'color', 'aria-label': tr.color }, [
    h('option', { value: '' }, tr.profBothColours),
    h('option', { value: 'white' }, tr.white),
    h('option', { value: 'black' }, tr.black),
  ]) as HTMLSelectElement;
  const vs = h('input', { type: 'search', name: 'vs', placeholder: tr.profVs, 'aria-label': tr.profVs, maxlength: '20' }) as HTMLInputElement;
  const list = h('div.games-list', {}, gamesList(first));
  let asked = 0;
  const reload = async () => {
    const mine = ++asked;
    const games = await recentGames(name, 30, {
      perfType: (speed.value || undefined) as Speed | undefined,
      rated: rated.value === '' ? undefined : rated.value === 'true',
      color: (color.value || undefined) as 'white' | 'black' | undefined,
      vs: vs.value.trim() || undefined,
    });
    if (mine === asked) fill(list, [gamesList(games)]);
  };
  const form = h('form.game-filters', {}, [speed, rated, color, vs]);
  form.addEventListener('change', () => void reload());
  form.addEventListener('submit', ev => {
    ev.preventDefault();
    void reload();
  });
  return h('section.games', {}, [h('h2', {}, tr.profRecent), form, list]);
}

/** The player's page. */
export function profilePage(name: string): Page {
  return root => {
    const tr = t();
    fill(root, [h('p', {}, '…')]);
    void (async () => {
      try {
        const [user, history, games, me, statuses] = await Promise.all([
          api.user(name),
          api.ratingHistory(name),
          recentGames(name, 10),
          api.account().catch((): Account | null => null),
          api.statuses([name]).catch(() => []),
        ]);
        const status = statuses[0];
        const since = new Date(user.createdAt).toLocaleDateString(lang() === 'hu' ? 'hu-HU' : 'en-GB');
        const count = user.count;
        const perfs = SPEEDS.map(k => {
          const p = user.perfs?.[k];
          if (!p) return null;
          return h('li', { 'data-speed': k }, [h('strong', {}, speedName(k)), ` ${p.rating}${p.prov ? '?' : ''}`, h('small', {}, ` · ${message(lang(), 'web-prof-rated-games', { count: p.games })}`)]);
        });
        const chart = ratingChart(history, tr.profRatingChart);
        fill(root, [
          h('div.profile', {}, [
            h('h1', {}, [user.title ? h('span.title', {}, `${user.title} `) : null, user.username]),
            status?.online || status?.playing
              ? h('p.presence', {}, [h('span.dot', { class: status.online ? 'online' : undefined }), status.playing ? tr.profPlayingNow : tr.playersOnline])
              : null,
            user.disabled ? h('p.closed', {}, tr.profClosed) : null,
            h('p.muted', {}, `${tr.profMemberSince} ${since}`),
            count
              ? h('ul.counts', {}, [
                  h('li.all', {}, `${tr.profGames}: ${count.all}`),
                  h('li.win', {}, `${tr.profWins}: ${count.win}`),
                  h('li.draw', {}, `${tr.profDraws}: ${count.draw}`),
                  h('li.loss', {}, `${tr.profLosses}: ${count.loss}`),
                  count.playing > 0 ? h('li.playing', {}, `${tr.profPlaying}: ${count.playing}`) : null,
                ])
              : null,
            h('h2', {}, tr.profRatings),
            h('ul.perfs', {}, perfs),
            h('h2', {}, tr.profRatingChart),
            chart ?? h('p.muted', {}, tr.profNoRatedGames),
            me && me.id !== user.id && !user.disabled ? challengeForm(user.username) : null,
            gamesSection(user.username, games),
            h('p', {}, h('a.download', { href: `/api/games/user/${encodeURIComponent(user.username)}`, download: `${user.username}.pgn` }, tr.profDownload)),
          ]),
        ]);
      } catch (e) {
        fill(root, [h('p.error', {}, errorText(e))]);
      }
    })();
  };
}
