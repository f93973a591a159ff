// The promotion dialog: the four pieces a pawn may become, as buttons.

import { h, fill } from './dom';
import { t } from './i18n';

/** A chessground piece element (its image comes from the piece set's CSS). */
export function pieceEl(role: string, color: string): HTMLElement {
  const el = document.createElement('piece');
  el.className = `${role} ${color}`;
  return el;
}

/** Asks in `box` (a `div.promotion` dialog) which piece a `color` pawn
 * reaching `dest` becomes; resolves to its UCI letter, or null if cancelled. */
export function askPromotion(box: HTMLElement, color: string, dest: string): Promise<string | null> {
  const tr = t();
  return new Promise(resolve => {
    const choose = (r: string | null) => {
      box.hidden = true;
      fill(box, []);
      resolve(r);
    };
    const roles: [string, string, string][] = [
      ['q', 'queen', tr.queen],
      ['r', 'rook', tr.rook],
      ['b', 'bishop', tr.bishop],
      ['n', 'knight', tr.knight],
    ];
    fill(box, [
      h('p', {}, `${tr.promoteTo} (${dest})`),
      h(
        'div.cg-wrap.choices',
        {},
        roles.map(([c, role, name]) =>
          h('button.promote', { type: 'button', 'data-role': role, 'aria-label': name, title: name, onclick: () => choose(c) }, [
            pieceEl(role, color),
            h('span', {}, name),
          ]),
        ),
      ),
      h('button.cancel', { type: 'button', 'aria-label': tr.cancel, onclick: () => choose(null) }, '✕'),
    ]);
    box.hidden = false;
    (box.querySelector('button') as HTMLButtonElement | null)?.focus();
  });
}
