// Moving between pages without a reload.

/** Goes to `href` inside the app (main.ts draws the page). */
export function navigate(href: string): void {
  history.pushState(null, '', href);
  window.dispatchEvent(new Event('sakk:navigate'));
}

/** A page that takes a position in its address (lichess's form: the FEN
 * with `_` for spaces). */
export type FenPage = '/analysis' | '/editor';

/** The address of `page` on the position `fen`. */
export function fenPath(page: FenPage, fen: string): string {
  return `${page}/${fen.trim().replace(/ /g, '_')}`;
}

/** The position the address of `page` names, if it names one. */
export function fenOfPath(page: FenPage): string | undefined {
  const rest = decodeURIComponent(location.pathname.slice(page.length).replace(/^\//, ''));
  return rest ? rest.replace(/_/g, ' ') : undefined;
}
