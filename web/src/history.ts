// The history page: finished and ongoing games.

import { h, fill, scrollX } from './dom';
import { lang, message, t, terminationText } from './i18n';
import { api, type Summary } from './api';
import { controlShort, controlWords } from './control';
import { seatOf } from './seats';

/** The history page. */
export function historyPage(root: HTMLElement): void {
  const tr = t();
  const body = h('div.history', {}, [h('h1', {}, tr.historyTitle), h('p', {}, '…')]);
  fill(root, [body]);
  void api
    .list()
    .then(({ games }) => {
      if (games.length === 0) {
        fill(body, [h('h1', {}, tr.historyTitle), h('p', {}, tr.historyEmpty)]);
        return;
      }
      const status = (s: string) => (s === 'started' ? tr.statusStarted : s === 'created' ? tr.statusCreated : tr.statusEnded);
      // "You" only in this browser's own games (a seat it holds).
      const players = (g: Summary, mine: boolean) => {
        // Named players (accounts, a tournament's entrants) by name.
        if (g.white_name || g.black_name) {
          const side = (name: string | null, title: string | null, rating: number | null, prov: boolean, colour: string) =>
            name ? [title, name, rating === null ? null : `(${rating}${prov ? '?' : ''})`].filter(x => x).join(' ') : colour;
          const names = `${side(g.white_name, g.white_title, g.white_rating, g.white_provisional, tr.white)} – ${side(g.black_name, g.black_title, g.black_rating, g.black_provisional, tr.black)}`;
          const rated = g.rated ? ` · ${tr.lobbyRated}` : '';
          return g.event ? `${names}${rated} (${g.event.name}, ${message(lang(), 'web-tour-round-n', { round: g.event.round })})` : `${names}${rated}`;
        }
        if (g.opponent === 'computer') {
          const comp = `${tr.computerLevel} ${g.level ?? ''}`;
          const human = mine ? tr.you : g.human_color === 'black' ? tr.black : tr.white;
          return g.human_color === 'black' ? `${comp} – ${human}` : `${human} – ${comp}`;
        }
        return g.opponent === 'local' ? `${tr.oppLocal}` : `${tr.oppFriend}`;
      };
      const fmt = new Intl.DateTimeFormat(lang() === 'hu' ? 'hu-HU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
      const table = (list: Summary[], mine: boolean) =>
        scrollX(
          h(`table.games`, { 'data-list': mine ? 'mine' : 'others' }, [
            h('thead', {}, h('tr', {}, [tr.date, tr.players, tr.timeControl, tr.moves, tr.status, tr.result, tr.reason, ''].map(x => h('th', {}, x)))),
            h(
              'tbody',
              {},
              list.map(g => {
                const href = `/game/${g.id}`;
                return h('tr', { 'data-id': g.id }, [
                  h('td', {}, fmt.format(new Date(g.created_at))),
                  h('td', {}, players(g, mine)),
                  h('td', { title: controlWords(g.clock) }, controlShort(g.clock)),
                  h('td', {}, String(Math.ceil(g.moves / 2))),
                  h('td', {}, status(g.status)),
                  h('td', {}, g.result ?? ''),
                  h('td', {}, terminationText(g.termination)),
                  h('td', {}, h('a', { href, 'data-nav': '' }, tr.open)),
                ]);
              }),
            ),
          ]),
          mine ? tr.historyMine : tr.historyOthers,
        );
      // This browser's own games first, then the others on the server.
      const mine: Summary[] = [];
      const others: Summary[] = [];
      for (const g of games) (seatOf(g.id) === null ? others : mine).push(g);
      fill(body, [
        h('h1', {}, tr.historyTitle),
        mine.length ? h('h2', {}, tr.historyMine) : null,
        mine.length ? table(mine, true) : null,
        others.length ? h('h2', {}, tr.historyOthers) : null,
        others.length ? table(others, false) : null,
      ]);
    })
    .catch(() => fill(body, [h('h1', {}, tr.historyTitle), h('p.error', {}, tr.error)]));
}
