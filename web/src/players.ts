// Finding a player (/players): their names as one types (lichess's
// autocomplete), each a link to their page, the ones online marked.

import { h, fill } from './dom';
import { t } from './i18n';
import { api, errorText } from './api';
import type { Page } from './main';

/** How long typing pauses before the search runs. */
const PAUSE_MS = 200;

/** The page. */
export const playersPage: Page = root => {
  const tr = t();
  const input = h('input#player-search', { type: 'search', name: 'term', autocomplete: 'off', 'aria-label': tr.playersSearch, placeholder: tr.playersSearch }) as HTMLInputElement;
  const results = h('ul.found', { 'aria-live': 'polite' });
  fill(root, [h('div.players', {}, [h('h1', {}, tr.playersTitle), input, results])]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const search = async () => {
    const term = input.value.trim();
    const mine = ++asked;
    if (term.length < 2) {
      fill(results, []);
      return;
    }
    try {
      const found = await api.findPlayers(term);
      if (mine !== asked) return;
      fill(
        results,
        found.result.length === 0
          ? [h('li.muted', {}, tr.playersNone)]
          : found.result.map(u =>
              h('li', { class: u.online ? 'online' : undefined }, [
                h('span.dot', { 'aria-label': u.online ? tr.playersOnline : undefined, title: u.online ? tr.playersOnline : undefined }),
                u.title ? h('span.title', {}, `${u.title} `) : null,
                h('a.user', { href: `/@/${encodeURIComponent(u.name)}`, 'data-nav': '' }, u.name),
              ]),
            ),
      );
    } catch (e) {
      fill(results, [h('li.error', {}, errorText(e))]);
    }
  };
  input.addEventListener('input', () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void search(), PAUSE_MS);
  });
  input.focus();
  return () => {
    if (timer) clearTimeout(timer);
  };
};
