// The signed-in player's notices on every page: a challenge to them shows
// at once (from their event stream, /api/stream/event) with Accept,
// Decline and a link to its page, and goes when it is canceled or
// answered. Accepting goes to the game.

import { h } from './dom';
import { lang, message, t } from './i18n';
import { api, errorText, readLines } from './api';
import { navigate } from './nav';
import { playerText, termsText } from './challenge';
import type { AccountEvent, Challenge } from './types';

/** The account the stream follows, and how to stop it. */
let following: { user: string; stop: AbortController } | null = null;

/** The notices' box (made on first use). */
function box(): HTMLElement {
  let el = document.getElementById('notices');
  if (!el) {
    el = h('div#notices', { 'aria-live': 'polite' });
    document.body.append(el);
  }
  return el;
}

function remove(id: string): void {
  document.querySelector(`#notices [data-challenge="${CSS.escape(id)}"]`)?.remove();
}

/** A challenge to the reader, as a notice. */
function show(c: Challenge): void {
  remove(c.id);
  const tr = t();
  const err = h('p.error', { role: 'alert' });
  const accept = h('button.accept', { type: 'button' }, tr.chalAccept);
  accept.addEventListener('click', async () => {
    err.textContent = '';
    try {
      await api.acceptChallenge(c.id);
      const shown = await api.showChallenge(c.id);
      remove(c.id);
      navigate(shown.gameId ? `/game/${encodeURIComponent(shown.gameId)}` : `/challenge/${encodeURIComponent(c.id)}`);
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  const decline = h('button.decline', { type: 'button' }, tr.chalDecline);
  decline.addEventListener('click', async () => {
    try {
      await api.declineChallenge(c.id, 'generic');
      remove(c.id);
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  const notice = h('div.notice', { 'data-challenge': c.id, role: 'dialog', 'aria-label': tr.chalNew }, [
    h('p', {}, h('strong', {}, message(lang(), 'web-chal-from', { name: c.challenger.name }))),
    h('p', {}, `${playerText(c.challenger)} · ${termsText(c)}`),
    h('div.buttons', {}, [accept, decline, h('a.view', { href: `/challenge/${encodeURIComponent(c.id)}`, 'data-nav': '' }, tr.chalView)]),
    err,
  ]);
  box().append(notice);
}

/** Follows `user`'s events until stopped, reconnecting when dropped. */
async function follow(user: string, stop: AbortController): Promise<void> {
  let retry = 1000;
  while (!stop.signal.aborted) {
    try {
      const res = await fetch('/api/stream/event', { signal: stop.signal });
      // Logged out (or the session ended): no notices. Anything else (too
      // many streams, the server busy) is tried again below.
      if (res.status === 401 || res.status === 403) return;
      if (!res.ok) throw new Error(String(res.status));
      retry = 1000;
      await readLines(res, line => {
        let event: AccountEvent;
        try {
          event = JSON.parse(line) as AccountEvent;
        } catch {
          return;
        }
        if (event.type === 'challenge' && event.challenge.destUser.id === user && event.challenge.status === 'created') show(event.challenge);
        else if (event.type === 'challengeCanceled' || event.type === 'challengeDeclined') remove(event.challenge.id);
      });
    } catch {
      // Dropped, or stopped.
    }
    if (stop.signal.aborted) return;
    await new Promise(r => setTimeout(r, retry));
    retry = Math.min(retry * 2, 10_000);
  }
}

// A challenge answered on its own page goes from the notices too.
window.addEventListener('sakk:challenge-answered', ev => remove((ev as CustomEvent<string>).detail));

/** Starts (or keeps, or stops) the notices for the browser's account, as
 * it is now: call it when the page loads and after logging in or out. */
export async function watchNotices(): Promise<void> {
  const me = await api.account().catch(() => null);
  if (following && following.user === me?.id) return;
  following?.stop.abort();
  following = null;
  box().replaceChildren();
  if (!me) return;
  following = { user: me.id, stop: new AbortController() };
  void follow(me.id, following.stop);
}
