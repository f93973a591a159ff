// A game's chat beside the board: the room the reader hears (a player,
// the players'; anyone else, the spectators'), its lines so far, each new
// line as the game's socket brings it, and a field to say one (with an
// account; without one, a link to log in). Only in a game an account
// plays.

import { h, fill, editCounter } from './dom';
import { t } from './i18n';
import { api, errorText } from './api';
import type { ChatLine, ChatRoom } from './types';

/** The longest line (the server's, lichess's). */
const MAX_CHAT = 140;

/** A game's chat panel: its element, what to do with a line heard, and
 * how to read the chat again (after the socket was down). */
export function chatPanel(gameId: string): { el: HTMLElement; heard: (line: ChatLine) => void; reload: () => void } {
  const tr = t();
  const list = h('ol.chat-lines', { 'aria-live': 'polite' });
  const title = h('h3', {}, tr.chatTitle);
  const el = h('section.chat', { 'aria-label': tr.chatTitle, hidden: true }, [title, list]);
  let room: ChatRoom | null = null;
  // Lines heard while the chat is read: shown after it, less those it has.
  let heardMeanwhile: ChatLine[] | null = [];
  const add = (line: ChatLine) => {
    list.append(h('li', {}, [h('strong', {}, line.username), ' ', line.text]));
    list.scrollTop = list.scrollHeight;
  };
  const heard = (line: ChatLine) => {
    if (heardMeanwhile) heardMeanwhile.push(line);
    else if (line.room === room) add(line);
  };
  const read = async (): Promise<boolean> => {
    heardMeanwhile = [];
    const view = await api.chat(gameId);
    room = view.room;
    title.textContent = view.room === 'player' ? tr.chatPlayers : tr.chatSpectators;
    fill(list, []);
    view.lines.forEach(add);
    // A line heard meanwhile that the chat read has is not shown twice
    // (each line of the chat read accounts for one heard).
    const unmatched = view.lines.map(l => `${l.username}\n${l.text}`);
    for (const l of heardMeanwhile) {
      const i = unmatched.lastIndexOf(`${l.username}\n${l.text}`);
      if (i >= 0) unmatched.splice(i, 1);
      else if (l.room === room) add(l);
    }
    heardMeanwhile = null;
    return true;
  };
  void (async () => {
    try {
      const [players, me] = await Promise.all([api.players(gameId), api.account().catch(() => null)]);
      // A game no account plays (by link, on one device) has no chat.
      if (!players.white && !players.black) return;
      await read();
      if (me) {
        const input = h('input', { name: 'chat', maxlength: String(MAX_CHAT), autocomplete: 'off', 'aria-label': tr.chatSay, placeholder: tr.chatSay }) as HTMLInputElement;
        const err = h('p.error', { role: 'alert' });
        const form = h('form.chat-say', {}, [input, h('button', { type: 'submit' }, tr.chatSend), err]);
        const edits = editCounter(input);
        form.addEventListener('submit', async ev => {
          ev.preventDefault();
          err.textContent = '';
          const text = input.value.trim();
          if (!text) return;
          const at = edits();
          try {
            await api.say(gameId, text);
            // Unless the next line is being typed already.
            if (edits() === at) input.value = '';
          } catch (e) {
            err.textContent = errorText(e);
          }
        });
        el.append(form);
      } else {
        el.append(h('p.muted', {}, h('a', { href: '/account', 'data-nav': '' }, tr.chatLogIn)));
      }
      el.hidden = false;
    } catch {
      /* no chat for this game */
    }
  })();
  const reload = () => {
    if (!el.hidden) void read().catch(() => undefined);
  };
  return { el, heard, reload };
}
