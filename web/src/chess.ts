// The game's positions in the browser (chessops), for the board, look-back and material.
// The server stays the judge of every move; this only draws.

import { Chess } from 'chessops/chess';
import { parseFen, makeFen } from 'chessops/fen';
import { parseUci, parseSquare, makeSquare } from 'chessops/util';
import type { Piece } from 'chessops/types';
import { chessgroundDests } from 'chessops/compat';
import type { Key } from '@lichess-org/chessground/types';
import { VALUES } from './notation';

/** One position of the game. */
export interface Ply {
  fen: string;
  /** The move that led here (UCI), null at the start. */
  uci: string | null;
  /** Its squares, for the last-move highlight. */
  lastMove: [Key, Key] | undefined;
  check: boolean;
  capture: boolean;
  turn: 'white' | 'black';
  pos: Chess;
}

/** Replays `moves` (UCI) from `initialFen`; stops at the first move it cannot play. */
export function replay(initialFen: string, moves: string[]): Ply[] {
  const setup = parseFen(initialFen);
  if (setup.isErr) return [];
  const start = Chess.fromSetup(setup.value);
  if (start.isErr) return [];
  let pos = start.value;
  const plies: Ply[] = [{ fen: makeFen(pos.toSetup()), uci: null, lastMove: undefined, check: pos.isCheck(), capture: false, turn: pos.turn, pos: pos.clone() }];
  for (const uci of moves) {
    const m = parseUci(uci);
    if (!m || !pos.isLegal(m)) break;
    const capture = 'from' in m && (pos.board.occupied.has(m.to) || (pos.board.pawn.has(m.from) && m.to === pos.epSquare));
    pos = pos.clone();
    pos.play(m);
    const last: [Key, Key] | undefined = 'from' in m ? [makeSquare(m.from) as Key, makeSquare(m.to) as Key] : undefined;
    plies.push({ fen: makeFen(pos.toSetup()), uci, lastMove: last, check: pos.isCheck(), capture, turn: pos.turn, pos: pos.clone() });
  }
  return plies;
}

/** Legal destinations for chessground. In Chess960 the king castles by
 * moving onto its rook (only); in standard chess also two squares. */
export function dests(pos: Chess, chess960 = false): Map<Key, Key[]> {
  return chessgroundDests(pos, { chess960 }) as Map<Key, Key[]>;
}

/** The piece on square `sq` (`e4`), if any. */
export function pieceAt(pos: Chess, sq: string): Piece | undefined {
  const index = parseSquare(sq);
  return index === undefined ? undefined : pos.board.get(index);
}

/** Whether moving from `orig` to `dest` promotes a pawn. */
export function isPromotion(pos: Chess, orig: string, dest: string): boolean {
  return pieceAt(pos, orig)?.role === 'pawn' && (dest[1] === '8' || dest[1] === '1');
}

/** Pieces a side has lost compared with `start`, and the material balance (White minus Black). */
export function material(start: Chess, now: Chess): { balance: number; lostBy: Record<'white' | 'black', string[]> } {
  const roles = ['queen', 'rook', 'bishop', 'knight', 'pawn'] as const;
  const lostBy: Record<'white' | 'black', string[]> = { white: [], black: [] };
  let balance = 0;
  for (const color of ['white', 'black'] as const) {
    for (const role of roles) {
      const before = start.board.pieces(color, role).size();
      const after = now.board.pieces(color, role).size();
      for (let i = 0; i < before - after; i++) lostBy[color].push(role);
      balance += (color === 'white' ? 1 : -1) * after * VALUES[role];
    }
  }
  return { balance, lostBy };
}
