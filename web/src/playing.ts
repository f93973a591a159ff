// The signed-in player's games in play on the home page (lichess's
// /api/account/playing, in its order): those where it is their turn first,
// the least time left first — a correspondence player's list of moves to
// make. Nothing shows without an account or without games.

import { h, fill } from './dom';
import { speedName, t } from './i18n';
import { daysLeft } from './control';
import { formatClock } from './moves';
import { api } from './api';
import type { GameEvent } from './types';

/** The time left in a list: days and hours for days a move, else as a
 * clock shows it. */
function left(g: GameEvent): string {
  return g.secondsLeft === undefined ? '' : daysLeft(g.secondsLeft * 1000, formatClock);
}

/** The section, filled once the list is read. */
export function playingSection(): HTMLElement {
  const tr = t();
  const el = h('section.playing', { 'aria-labelledby': 'playing-title', hidden: true });
  const show = (games: GameEvent[]) => {
    el.hidden = games.length === 0;
    fill(el, [
      h('h2#playing-title', {}, tr.playingTitle),
      h(
        'ul',
        {},
        games.map(g =>
          h('li', { class: g.isMyTurn ? 'my-turn' : 'their-turn', 'data-game': g.gameId }, [
            h('a', { href: `/game/${encodeURIComponent(g.gameId)}`, 'data-nav': '' }, [
              h('span.opponent', {}, g.opponent.username),
              h('span.speed', {}, speedName(g.speed)),
              h('strong.turn', {}, g.isMyTurn ? tr.playingYourTurn : tr.playingWaiting),
              h('span.left', {}, g.isMyTurn ? left(g) : ''),
            ]),
          ]),
        ),
      ),
    ]);
  };
  void api
    .playing()
    .then(p => show(p.nowPlaying))
    .catch(() => undefined);
  return el;
}
