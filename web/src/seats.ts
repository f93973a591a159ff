// The seat tokens this browser holds, so that a game can be reopened from
// the history. A token is kept while its game goes on and forgotten a week
// after the game ended (it gives nothing then but the rematch).

const PREFIX = 'sakk.seat.';
const KEEP_AFTER_END_MS = 7 * 24 * 3600 * 1000;

interface Stored {
  t: string;
  /** When the game was seen ended (ms since the epoch). */
  end?: number;
}

function read(id: string): Stored | null {
  const raw = localStorage.getItem(PREFIX + id);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Stored;
    if (v && typeof v.t === 'string') return v;
  } catch {
    // An older entry: the token alone.
  }
  return { t: raw };
}

/** Remembers the token of a seat in game `id`. */
export function rememberSeat(id: string, token: string): void {
  if (token) localStorage.setItem(PREFIX + id, JSON.stringify({ t: token } satisfies Stored));
}

/** The remembered token of game `id`, if any. */
export function seatOf(id: string): string | null {
  return read(id)?.t ?? null;
}

/** Notes that game `id` has ended: its token is forgotten a week later. */
export function seatEnded(id: string, now = Date.now()): void {
  const s = read(id);
  if (s && s.end === undefined) localStorage.setItem(PREFIX + id, JSON.stringify({ ...s, end: now }));
}

/** Forgets the tokens of games that ended more than a week ago. */
export function forgetOldSeats(now = Date.now()): void {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) {
    const s = read(k.slice(PREFIX.length));
    if (s?.end !== undefined && now - s.end > KEEP_AFTER_END_MS) localStorage.removeItem(k);
  }
}

/**
 * Takes a seat token out of the address (`#token=…`, or `?token=…` from
 * older links) so that it is not left in the address bar, the history or a
 * screenshot; returns it.
 */
export function takeTokenFromAddress(): string | null {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  const token = hash.get('token') ?? query.get('token');
  if (token === null) return null;
  query.delete('token');
  hash.delete('token');
  const search = query.toString();
  const fragment = hash.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${fragment ? `#${fragment}` : ''}`);
  return token;
}
