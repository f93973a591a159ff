// The seat tokens this browser holds, so that a game can be reopened from the history.

/** Remembers the token of a seat in game `id`. */
export function rememberSeat(id: string, token: string): void {
  if (token) localStorage.setItem(`sakk.seat.${id}`, token);
}

/** The remembered token of game `id`, if any. */
export function seatOf(id: string): string | null {
  return localStorage.getItem(`sakk.seat.${id}`);
}
