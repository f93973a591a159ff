// Moves by keyboard on the board (WCAG 2.1.1): the board takes the focus,
// the arrow keys move a cursor square, Enter or Space picks a piece up and
// puts it down (chessground's own select-and-move, so a keyboard move is the
// same move as a click), Escape lets go. Each step is announced.

import type { Api as CgApi } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { h } from './dom';
import { t } from './i18n';

const FILES = 'abcdefgh';

/** What stands on `key`, in words: `e2, White pawn`. */
function describe(cg: CgApi, key: Key): string {
  const tr = t();
  const p = cg.state.pieces.get(key);
  if (!p) return `${key}, ${tr.emptySquare}`;
  const role = p.role === 'king' ? tr.king : p.role === 'pawn' ? tr.pawn : tr[p.role as 'queen' | 'rook' | 'bishop' | 'knight'].toLowerCase();
  return `${key}, ${p.color === 'white' ? tr.white : tr.black} ${role}`;
}

/** Makes `wrap` (the element chessground draws into) operable by keyboard;
 * `cg()` is the board once it exists, `announce` a live region. Returns the
 * function that removes the handlers. */
export function boardKeys(wrap: HTMLElement, cg: () => CgApi | undefined, announce: (text: string) => void): () => void {
  let cursor: Key | null = null;
  const mark = h('div.kb-cursor', { 'aria-hidden': 'true', hidden: true });
  wrap.setAttribute('tabindex', '0');
  wrap.setAttribute('role', 'application');
  wrap.setAttribute('aria-label', t().boardKeys);
  wrap.setAttribute('aria-roledescription', t().boardKeys.split('.')[0]);

  const place = (board: CgApi) => {
    if (!cursor) return;
    const white = board.state.orientation === 'white';
    const file = FILES.indexOf(cursor[0]);
    const rank = Number(cursor[1]) - 1;
    const col = white ? file : 7 - file;
    const row = white ? 7 - rank : rank;
    const container = wrap.querySelector('cg-container') ?? wrap;
    if (mark.parentElement !== container) container.append(mark);
    mark.style.left = `${col * 12.5}%`;
    mark.style.top = `${row * 12.5}%`;
    mark.hidden = false;
  };

  const onKey = (ev: KeyboardEvent) => {
    const board = cg();
    if (!board) return;
    const white = board.state.orientation === 'white';
    const start = board.state.selected ?? (board.state.turnColor === 'white' ? 'e1' : 'e8');
    let file = FILES.indexOf((cursor ?? start)[0]);
    let rank = Number((cursor ?? start)[1]) - 1;
    const step = (df: number, dr: number) => {
      if (cursor === null) return; // the first arrow shows the cursor where it is
      file = Math.max(0, Math.min(7, file + (white ? df : -df)));
      rank = Math.max(0, Math.min(7, rank + (white ? dr : -dr)));
    };
    switch (ev.key) {
      case 'ArrowUp':
        step(0, 1);
        break;
      case 'ArrowDown':
        step(0, -1);
        break;
      case 'ArrowLeft':
        step(-1, 0);
        break;
      case 'ArrowRight':
        step(1, 0);
        break;
      case 'Enter':
      case ' ': {
        if (cursor === null) break;
        const had = board.state.selected;
        board.selectSquare(cursor);
        ev.preventDefault();
        ev.stopPropagation();
        if (!had && board.state.selected === cursor) announce(`${describe(board, cursor)}, ${t().selected}`);
        return;
      }
      case 'Escape':
        board.selectSquare(null);
        ev.preventDefault();
        ev.stopPropagation();
        return;
      default:
        return;
    }
    ev.preventDefault();
    ev.stopPropagation();
    cursor = `${FILES[file]}${rank + 1}` as Key;
    place(board);
    announce(describe(board, cursor));
  };
  const onBlur = () => {
    mark.hidden = true;
  };
  const onFocus = () => {
    const board = cg();
    if (board && cursor) place(board);
  };
  wrap.addEventListener('keydown', onKey);
  wrap.addEventListener('blur', onBlur);
  wrap.addEventListener('focus', onFocus);
  return () => {
    wrap.removeEventListener('keydown', onKey);
    wrap.removeEventListener('blur', onBlur);
    wrap.removeEventListener('focus', onFocus);
    mark.remove();
  };
}
