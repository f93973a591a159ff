// Moving between pages without a reload.

/** Goes to `href` inside the app (main.ts draws the page). */
export function navigate(href: string): void {
  history.pushState(null, '', href);
  window.dispatchEvent(new Event('sakk:navigate'));
}
