// The lobby on the home page: the quick pairing pools, the seeks of the
// players online (live, from /api/lobby/stream), a seek of one's own.
// Waiting in a pool and a seek of one's own are requests held open: closing
// them (Cancel, or leaving the page) takes the player out of the lobby; when
// the game is made, their last line names it and the page goes there.

import { h, fill } from './dom';
import { lang, message, speedName, t } from './i18n';
import { api, errorText, readLines, ApiError } from './api';
import { navigate } from './nav';
import type { LobbyEvent, LobbyGame, NewSeek, PoolView, SeekView } from './types';

/** A refused request's words, from its JSON body. */
async function refusal(res: Response): Promise<ApiError> {
  let json: { error?: string; message?: string } | null = null;
  try {
    json = (await res.json()) as { error?: string; message?: string };
  } catch {
    json = null;
  }
  return new ApiError(res.status, json?.error ?? 'error', json?.message ?? res.statusText);
}

/** A request held open until its game is made: the game, or null when it
 * ended without one (cancelled, or the server let it go). */
async function holdUntilGame(path: string, body: unknown, signal: AbortSignal): Promise<LobbyGame | null> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang() },
    body: JSON.stringify(body ?? {}),
    signal,
  });
  if (!res.ok) throw await refusal(res);
  let game: LobbyGame | null = null;
  await readLines(res, line => {
    try {
      const v = JSON.parse(line) as LobbyGame;
      if (v.gameId) game = v;
    } catch {
      /* not a game's line */
    }
  });
  return game;
}

/** `3+2` from seconds. */
function clockText(limit: number, increment: number): string {
  const minutes = limit % 60 === 0 ? String(limit / 60) : ({ 15: '¼', 30: '½', 45: '¾' } as Record<number, string>)[limit] ?? (limit / 60).toFixed(1);
  return `${minutes}+${increment}`;
}

/** The lobby section of the home page, and how to close it. */
export function lobbySection(): { el: HTMLElement; destroy: () => void } {
  const tr = t();
  const closing = new AbortController();
  let me: string | null = null;
  let seeks: SeekView[] = [];
  let pools: PoolView[] = [];
  /** The request this page holds (a pool's id, or `seek`), if any. */
  let waiting: { what: string; stop: AbortController } | null = null;

  const el = h('section.lobby', { 'aria-labelledby': 'lobby-title' });
  const error = h('p.error', { role: 'alert' });
  const poolsEl = h('div.pools', { role: 'group', 'aria-label': tr.lobbyQuick });
  const seeksEl = h('div.seeks', {});
  const mine = h('div.my-seek', {});

  const cancel = () => {
    waiting?.stop.abort();
    waiting = null;
    draw();
  };

  const wait = async (what: string, path: string, body: unknown) => {
    if (waiting) waiting.stop.abort();
    const stop = new AbortController();
    waiting = { what, stop };
    error.textContent = '';
    draw();
    try {
      const game = await holdUntilGame(path, body, AbortSignal.any([stop.signal, closing.signal]));
      if (waiting?.stop === stop) waiting = null;
      if (game) navigate(`/game/${game.gameId}`);
      else draw();
    } catch (e) {
      if (stop.signal.aborted || closing.signal.aborted) return;
      if (waiting?.stop === stop) waiting = null;
      error.textContent = errorText(e);
      draw();
    }
  };

  const accept = async (seek: SeekView) => {
    error.textContent = '';
    try {
      const game = await api.acceptSeek(seek.id);
      navigate(`/game/${game.gameId}`);
    } catch (e) {
      error.textContent = errorText(e);
    }
  };

  const drawPools = () => {
    fill(
      poolsEl,
      pools.map(p => {
        const busy = waiting?.what === p.id;
        const b = h(
          'button.pool',
          { type: 'button', 'data-pool': p.id, 'aria-pressed': String(busy), disabled: !me },
          [
            h('strong', {}, p.id),
            h('span', {}, speedName(p.speed)),
            h('small', {}, busy ? tr.lobbySearching : message(lang(), 'web-lobby-waiting', { count: p.waiting })),
          ],
        );
        b.addEventListener('click', () => (busy ? cancel() : void wait(p.id, `/api/lobby/pools/${encodeURIComponent(p.id)}`, {})));
        return b;
      }),
    );
  };

  const drawSeeks = () => {
    if (seeks.length === 0) {
      fill(seeksEl, [h('p.muted', {}, tr.lobbyNoSeeks)]);
      return;
    }
    const rows = seeks.map(s => {
      const own = s.user.toLowerCase() === me;
      const rating = `${s.rating}${s.provisional ? '?' : ''}`;
      // The reader's colour: the seeker's own for its own seek, else the other.
      const theirs = own || s.color === 'random' ? s.color : s.color === 'white' ? 'black' : 'white';
      const colour = theirs === 'random' ? tr.random : theirs === 'white' ? tr.white : tr.black;
      const tr_ = h('tr', { 'data-seek': s.id, class: own ? 'own' : '' }, [
        h('td', {}, [s.title ? h('span.title', {}, `${s.title} `) : null, s.user, own ? ` (${tr.you})` : '']),
        h('td', {}, rating),
        h('td', {}, `${clockText(s.limit, s.increment)} ${speedName(s.speed)}`),
        h('td', {}, s.rated ? tr.lobbyRated : tr.lobbyCasual),
        h('td', {}, colour),
        h('td', {}, s.rating_range ? `${s.rating_range[0]}–${s.rating_range[1]}` : ''),
        h('td', {}, own || !me ? '' : h('button.accept', { type: 'button' }, tr.lobbyAccept)),
      ]);
      tr_.querySelector('button.accept')?.addEventListener('click', () => void accept(s));
      return tr_;
    });
    fill(seeksEl, [
      h('table.seeks', {}, [
        h('thead', {}, h('tr', {}, [tr.lobbyPlayer, tr.lobbyRating, tr.timeControl, tr.lobbyMode, tr.color, tr.lobbyRatingRange, ''].map(c => h('th', {}, c)))),
        h('tbody', {}, rows),
      ]),
    ]);
  };

  const drawMine = () => {
    if (!me) {
      fill(mine, [h('p', {}, [h('a', { href: '/account', 'data-nav': '' }, tr.lobbyLogIn)])]);
      return;
    }
    if (waiting?.what === 'seek') {
      const stop = h('button', { type: 'button' }, tr.lobbyCancel);
      stop.addEventListener('click', cancel);
      fill(mine, [h('p.searching', {}, [tr.lobbySearching, ' ', stop])]);
      return;
    }
    const minutes = h('input', { type: 'number', name: 'time', min: 0.25, max: 180, step: 0.25, value: '5', 'aria-label': tr.minutes });
    const increment = h('input', { type: 'number', name: 'increment', min: 0, max: 180, step: 1, value: '3', 'aria-label': tr.increment });
    const rated = h('input', { type: 'checkbox', name: 'rated', checked: true });
    const colour = h('select', { name: 'color', 'aria-label': tr.color }, [
      h('option', { value: 'random' }, tr.random),
      h('option', { value: 'white' }, tr.white),
      h('option', { value: 'black' }, tr.black),
    ]);
    const low = h('input', { type: 'number', name: 'low', min: 400, max: 4000, step: 50, placeholder: '400', 'aria-label': `${tr.lobbyRatingRange} min` });
    const high = h('input', { type: 'number', name: 'high', min: 400, max: 4000, step: 50, placeholder: '4000', 'aria-label': `${tr.lobbyRatingRange} max` });
    const sync = () => {
      // A rated seek plays either colour (the server refuses a choice).
      colour.disabled = rated.checked;
      if (rated.checked) colour.value = 'random';
    };
    rated.addEventListener('change', sync);
    sync();
    const create = h('button.primary', { type: 'submit' }, tr.lobbyCreate);
    const form = h('form.seek-form', {}, [
      h('label', {}, [tr.minutes, minutes]),
      h('label', {}, [tr.increment, increment]),
      h('label.check', {}, [rated, tr.lobbyRated]),
      h('label', {}, [tr.color, colour]),
      h('label', {}, [tr.lobbyRatingRange, h('span.range', {}, [low, '–', high])]),
      create,
    ]);
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      const req: NewSeek = {
        time: Number(minutes.value),
        increment: Number(increment.value),
        rated: rated.checked,
        color: colour.value,
      };
      if (low.value || high.value) req.ratingRange = `${low.value || 400}-${high.value || 4000}`;
      void wait('seek', '/api/board/seek', req);
    });
    fill(mine, [form]);
  };

  const draw = () => {
    drawPools();
    drawSeeks();
    drawMine();
  };

  const apply = (ev: LobbyEvent) => {
    switch (ev.t) {
      case 'lobby':
        seeks = ev.seeks;
        pools = ev.pools;
        break;
      case 'seekAdded':
        if (!seeks.some(s => s.id === ev.seek.id)) seeks = [...seeks, ev.seek];
        break;
      case 'seekRemoved':
        seeks = seeks.filter(s => s.id !== ev.id);
        break;
      case 'pools':
        pools = ev.pools;
        break;
      default:
        return;
    }
    // Not the form: what the reader types in it stays.
    drawPools();
    drawSeeks();
  };

  const listen = async () => {
    // The stream closes now and then (a restart, a slow reader): read it
    // again after a pause, until the page goes.
    while (!closing.signal.aborted) {
      try {
        const res = await fetch('/api/lobby/stream', { signal: closing.signal });
        if (res.ok) await readLines(res, line => apply(JSON.parse(line) as LobbyEvent));
      } catch {
        /* closed: try again */
      }
      if (closing.signal.aborted) return;
      await new Promise(r => setTimeout(r, 3000));
    }
  };

  const find = h('p.find-player', {}, h('a', { href: '/players', 'data-nav': '' }, tr.playersFind));
  fill(el, [h('h2#lobby-title', {}, tr.lobby), find, h('h3', {}, tr.lobbyQuick), poolsEl, h('h3', {}, tr.lobbySeeks), seeksEl, mine, error]);
  draw();
  void api
    .account()
    .then(a => {
      me = a.id;
      draw();
    })
    .catch(() => undefined);
  void listen();
  return { el, destroy: () => closing.abort() };
}
