// The history page: finished and ongoing games.

import { h, fill, scrollX } from './dom';
import { lang, t, terminationText } from './i18n';
import { api, type Summary } from './api';
import { controlShort, controlWords } from './control';

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
      const players = (g: Summary) => {
        if (g.opponent === 'computer') {
          const comp = `${tr.computerLevel} ${g.level ?? ''}`;
          return g.human_color === 'black' ? `${comp} – ${tr.you}` : `${tr.you} – ${comp}`;
        }
        return g.opponent === 'local' ? `${tr.oppLocal}` : `${tr.oppFriend}`;
      };
      const fmt = new Intl.DateTimeFormat(lang() === 'hu' ? 'hu-HU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
      fill(body, [
        h('h1', {}, tr.historyTitle),
        scrollX(h('table.games', {}, [
          h('thead', {}, h('tr', {}, [tr.date, tr.players, tr.timeControl, tr.moves, tr.status, tr.result, tr.reason, ''].map(x => h('th', {}, x)))),
          h(
            'tbody',
            {},
            games.map(g => {
              const href = `/game/${g.id}`;
              return h('tr', { 'data-id': g.id }, [
                h('td', {}, fmt.format(new Date(g.created_at))),
                h('td', {}, players(g)),
                h('td', { title: controlWords(g.clock) }, controlShort(g.clock)),
                h('td', {}, String(Math.ceil(g.moves / 2))),
                h('td', {}, status(g.status)),
                h('td', {}, g.result ?? ''),
                h('td', {}, terminationText(g.termination)),
                h('td', {}, h('a', { href, 'data-nav': '' }, tr.open)),
              ]);
            }),
          ),
        ])),
      ]);
    })
    .catch(() => fill(body, [h('h1', {}, tr.historyTitle), h('p.error', {}, tr.error)]));
}
