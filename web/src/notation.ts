// Piece letters of the UI language (generated from the rules library's), and
// the seed's material values.

import type { Lang } from './i18n';
import { PIECE_LETTERS } from './types';

const letters: Record<Lang, Record<string, string>> = PIECE_LETTERS;

/** An English SAN (`Nf3`, `exd8=Q+`) with the piece letters of `lang` (`Hf3`, `exd8=V+`). */
export function localSan(san: string, lang: Lang): string {
  const map = letters[lang];
  return san.replace(/[KQRBN]/g, c => map[c] ?? c);
}

/** The seed's values: pawn 1, knight 3, bishop 3, rook 5, queen 9. */
export const VALUES: Record<string, number> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };

/** Unicode figures for the captured-pieces row. */
export const FIGURES: Record<string, string> = { pawn: '♟', knight: '♞', bishop: '♝', rook: '♜', queen: '♛', king: '♚' };
