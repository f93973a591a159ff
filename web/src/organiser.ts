// The organiser tokens this browser holds, so that the organiser finds
// their tournaments again (the token gives the organiser's controls).

const PREFIX = 'sakk.organiser.';

interface Stored {
  t: string;
  name: string;
}

/** Remembers the organiser's token of tournament `id`. */
export function rememberOrganiser(id: string, token: string, name: string): void {
  if (token) localStorage.setItem(PREFIX + id, JSON.stringify({ t: token, name } satisfies Stored));
}

/** The organiser's token of tournament `id`, if this browser holds it. */
export function organiserToken(id: string): string | null {
  const raw = localStorage.getItem(PREFIX + id);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Stored;
    return typeof v.t === 'string' ? v.t : null;
  } catch {
    return null;
  }
}

/** Forgets a token the server does not take. */
export function forgetOrganiser(id: string): void {
  localStorage.removeItem(PREFIX + id);
}

/** The tournaments this browser organises: id and name. */
export function organised(): { id: string; name: string }[] {
  const out: { id: string; name: string }[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k?.startsWith(PREFIX)) continue;
    try {
      const v = JSON.parse(localStorage.getItem(k) ?? '') as Stored;
      out.push({ id: k.slice(PREFIX.length), name: v.name || k.slice(PREFIX.length) });
    } catch {
      // Not ours: skipped.
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

const PLAYER = 'sakk.tplayer.';

/** Remembers this browser's player token in tournament `id`. */
export function rememberPlayer(id: string, token: string): void {
  if (token) localStorage.setItem(PLAYER + id, token);
}

/** This browser's player token in tournament `id`, if any. */
export function playerToken(id: string): string | null {
  return localStorage.getItem(PLAYER + id);
}

/** Forgets a player token the server does not take. */
export function forgetPlayer(id: string): void {
  localStorage.removeItem(PLAYER + id);
}

/** Takes `name=…` out of the address's fragment (a link's token: not left
 * in the address bar, the history or a screenshot); returns it. */
export function takeFromFragment(name: string): string | null {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const value = hash.get(name);
  if (value === null) return null;
  hash.delete(name);
  const rest = hash.toString();
  history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  return value;
}
