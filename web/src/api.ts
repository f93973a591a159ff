// The server's HTTP API and its WebSocket of game events. The types of what
// the server answers are generated from the Rust ones (types.ts).

import type {
  Account,
  AnyChallenge,
  Found,
  UserStatus,
  ChatLine,
  ChatView,
  Challenge,
  NewChallenge,
  NowPlaying,
  GamePlayers,
  LobbyGame,
  RatingHistory,
  Analysed,
  ClockSpec,
  ControlRead,
  Created,
  Event,
  GameList,
  GameState,
  GameStatus,
  Joined,
  JoinRequest,
  Me,
  NewGameRequest,
  NewToken,
  Scope,
  TokenCreated,
  TokenView,
  NewTournament,
  RematchReply,
  SeatReply,
  Summary,
  TournamentAction,
  TournamentCreated,
  TournamentLinks,
  TournamentView,
  Trial,
  TrialResult,
  LessonAnswers,
  LineRead,
  LineRequest,
  TreeRequest,
  ImportResult,
  ImportedGame,
} from './types';
import { lang, t } from './i18n';

export type { Account, Scope, TokenView, Analysed, GameState, GameStatus, Summary, Trial, TrialResult, TournamentView, TournamentAction };

/** A clock setting as the API takes it (a request: fields may be left out). */
export type ClockRequest = ClockSpec;

/** Whether a game with this status is over. */
export const isOver = (s: GameStatus): boolean => s !== 'created' && s !== 'started';

/** An error the API answered with: its stable code and its words, in the
 * UI language the request asked for (`Accept-Language`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What went wrong: an API error's own words (in the UI language it was
 * asked in), anything else as it prints. */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

/** Sends a request; the answer's text, or the API's error. */
async function send(method: string, path: string, token?: string, body?: unknown): Promise<string> {
  // The server's words (an error's message) in the UI's language.
  const headers: Record<string, string> = { 'Accept-Language': lang() };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network', t().networkError);
  }
  const text = await res.text();
  if (!res.ok) {
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    throw new ApiError(res.status, json?.error ?? 'error', json?.message ?? res.statusText);
  }
  return text;
}

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const text = await send(method, path, token, body);
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return null as T;
  }
}

/** A request to create a game (generated from the server's). */
export type CreateRequest = NewGameRequest;

export const api = {
  create: (req: CreateRequest) => call<Created>('POST', '/api/games', undefined, req),
  state: (id: string) => call<GameState>('GET', `/api/games/${encodeURIComponent(id)}`),
  seat: (id: string, token: string) => call<SeatReply>('GET', `/api/games/${encodeURIComponent(id)}/seat`, token),
  list: () => call<GameList>('GET', '/api/games'),
  move: (id: string, token: string, mv: string, offeringDraw: boolean, lang: string) =>
    call<unknown>(
      'POST',
      `/api/games/${id}/move/${encodeURIComponent(mv)}?lang=${lang}${offeringDraw ? '&offeringDraw=true' : ''}`,
      token,
    ),
  draw: (id: string, token: string, yes: boolean) => call<unknown>('POST', `/api/games/${id}/draw/${yes ? 'yes' : 'no'}`, token),
  claim: (id: string, token: string, declared?: string, lang = 'en') =>
    call<unknown>('POST', `/api/games/${id}/claim-draw${declared ? `?move=${encodeURIComponent(declared)}&lang=${lang}` : ''}`, token),
  resign: (id: string, token: string) => call<unknown>('POST', `/api/games/${id}/resign`, token),
  abort: (id: string, token: string) => call<unknown>('POST', `/api/games/${id}/abort`, token),
  takeback: (id: string, token: string, yes: boolean) => call<unknown>('POST', `/api/games/${id}/takeback/${yes ? 'yes' : 'no'}`, token),
  touch: (id: string, token: string, square: string) => call<unknown>('POST', `/api/games/${id}/touch/${square}`, token),
  rematch: (id: string, token: string) => call<RematchReply>('POST', `/api/games/${id}/rematch`, token),
  /** The rules' verdict on one action in a position, nothing stored. */
  trial: (trial: Trial) => call<TrialResult>('POST', '/api/rules/try', undefined, trial),
  /** Every answer the rules give in each of the guide's lessons (kept for use without a network). */
  lessonAnswers: () => call<LessonAnswers[]>('GET', '/api/rules/lessons/answers'),
  /** A time control as a player types it, read by the rules library. */
  readControl: (text: string) => call<ControlRead>('GET', `/api/rules/time-control?text=${encodeURIComponent(text)}`),
  analysis: (id: string) => call<{ plies: Analysed[] }>('GET', `/api/games/${id}/analysis`),
  /** A line of moves read by the rules (the analysis board's moves). */
  readLine: (req: LineRequest) => call<LineRead>('POST', '/api/analysis/moves', undefined, req),
  /** An analysis tree written as PGN by the rules library. */
  treePgn: (req: TreeRequest) => send('POST', '/api/analysis/pgn', undefined, req),
  /** Imports one PGN game or many (lichess's path): the games stored and those that were not. */
  importPgn: (pgn: string) => call<ImportResult>('POST', '/api/import', undefined, { pgn }),
  /** An imported game, as the analysis board opens it. */
  imported: (id: string) => call<ImportedGame>('GET', `/api/import/${encodeURIComponent(id)}`),
  newTournament: (req: NewTournament) => call<TournamentCreated>('POST', '/api/tournaments', undefined, req),
  tournament: (id: string) => call<TournamentView>('GET', `/api/tournaments/${encodeURIComponent(id)}`),
  tournamentAction: (id: string, token: string, action: TournamentAction) =>
    call<TournamentView>('POST', `/api/tournaments/${encodeURIComponent(id)}/actions`, token, action),
  /** Enters by the join link (its token as `password`: the session's
   * cookie then names the account, for `account: true`). */
  joinTournament: (id: string, joinToken: string, req: JoinRequest) =>
    call<Joined>('POST', `/api/tournaments/${encodeURIComponent(id)}/join`, undefined, { ...req, password: joinToken }),
  /** Which player a player's link is, or else the session's account. */
  tournamentMe: (id: string, token: string | null) => call<Me>('GET', `/api/tournaments/${encodeURIComponent(id)}/me`, token ?? undefined),
  tournamentLinks: (id: string, token: string) => call<TournamentLinks>('GET', `/api/tournaments/${encodeURIComponent(id)}/links`, token),
  /** The account of this browser's session (401 `not_logged_in` without). */
  account: () => call<Account>('GET', '/api/account'),
  signUp: (username: string, password: string) => call<Account>('POST', '/api/account/signup', undefined, { username, password }),
  logIn: (username: string, password: string) => call<Account>('POST', '/api/account/login', undefined, { username, password }),
  logOut: () => call<unknown>('POST', '/api/account/logout'),
  changePassword: (currentPassword: string, newPassword: string) =>
    call<unknown>('POST', '/api/account/password', undefined, { currentPassword, newPassword }),
  closeAccount: (password: string) => call<unknown>('POST', '/api/account/close', undefined, { password }),
  tokens: () => call<TokenView[]>('GET', '/api/account/tokens'),
  newToken: (req: NewToken) => call<TokenCreated>('POST', '/api/account/tokens', undefined, req),
  revokeToken: (id: string) => call<unknown>('DELETE', `/api/account/tokens/${encodeURIComponent(id)}`),
  /** An account as its page shows it (ratings, games counted). */
  user: (name: string) => call<Account>('GET', `/api/user/${encodeURIComponent(name)}`),
  /** An account's ratings over time, by category. */
  ratingHistory: (name: string) => call<RatingHistory[]>('GET', `/api/user/${encodeURIComponent(name)}/rating-history`),
  /** The accounts that play a game. */
  players: (id: string) => call<GamePlayers>('GET', `/api/games/${encodeURIComponent(id)}/players`),
  /** Accepts a seek of the lobby: the game begins. */
  acceptSeek: (id: string) => call<LobbyGame>('POST', `/api/lobby/seeks/${encodeURIComponent(id)}/accept`),
  /** Challenges an account (lichess's path): the challenge, waiting. */
  challenge: (name: string, req: NewChallenge) => call<Challenge>('POST', `/api/challenge/${encodeURIComponent(name)}`, undefined, req),
  /** A challenge as its page shows it (to or from the reader, or open). */
  showChallenge: (id: string) => call<AnyChallenge>('GET', `/api/challenge/${encodeURIComponent(id)}/show`),
  /** Accepts a challenge (an open one as `color`, if given). */
  acceptChallenge: (id: string, color?: 'white' | 'black') =>
    call<unknown>('POST', `/api/challenge/${encodeURIComponent(id)}/accept${color ? `?color=${color}` : ''}`),
  declineChallenge: (id: string, reason: string) => call<unknown>('POST', `/api/challenge/${encodeURIComponent(id)}/decline`, undefined, { reason }),
  cancelChallenge: (id: string) => call<unknown>('POST', `/api/challenge/${encodeURIComponent(id)}/cancel`),
  /** The account's games in play, where it is its turn first (lichess's). */
  playing: () => call<NowPlaying>('GET', '/api/account/playing?nb=50'),
  /** Whether these accounts are online and playing (lichess's). */
  statuses: (ids: string[]) => call<UserStatus[]>('GET', `/api/users/status?ids=${encodeURIComponent(ids.join(','))}`),
  /** The accounts whose names begin with `term`. */
  findPlayers: (term: string) => call<Found>('GET', `/api/player/autocomplete?object=true&term=${encodeURIComponent(term)}`),
  /** A game's chat in the room the reader hears. */
  chat: (id: string) => call<ChatView>('GET', `/api/games/${encodeURIComponent(id)}/chat`),
  /** Says a line in a game's chat (the account's own room). */
  say: (id: string, text: string) => call<ChatLine>('POST', `/api/games/${encodeURIComponent(id)}/chat`, undefined, { text }),
};

/** The lines of a streamed response, as they come, until it ends. */
export async function readLines(res: Response, onLine: (line: string) => void): Promise<void> {
  const reader = res.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) onLine(line);
    }
  }
}

/** Follows a tournament's changes (its stream of versions), reconnecting
 * by itself; `onVersion` gets each version announced. Returns a function
 * that stops it. */
export function followTournament(id: string, onVersion: (version: number) => void): () => void {
  const stop = new AbortController();
  let retry = 500;
  const open = async (): Promise<void> => {
    try {
      const res = await fetch(`/api/tournaments/${encodeURIComponent(id)}/stream`, { signal: stop.signal });
      retry = 500;
      await readLines(res, line => {
        try {
          const v = JSON.parse(line) as { version?: number };
          if (typeof v.version === 'number') onVersion(v.version);
        } catch {
          // Not a line of ours: skipped.
        }
      });
    } catch {
      // Dropped (or stopped): tried again below unless stopped.
    }
    if (!stop.signal.aborted) {
      setTimeout(() => void open(), retry);
      retry = Math.min(retry * 2, 5000);
    }
  };
  void open();
  return () => stop.abort();
}

/** A `gameDelta` event applied to the state before it: the first `from`
 * moves of its lists kept, the delta's appended, every other field the
 * delta's; `null` when there is no such state. */
export function applyDelta(before: GameState | null, delta: Extract<Event, { type: 'gameDelta' }>): GameState | null {
  if (!before || before.san.length < delta.from || before.marks.length < delta.from) return null;
  const { type: _type, from, ...fields } = delta;
  const kept = before.moves === '' ? [] : before.moves.split(' ').slice(0, from);
  const added = fields.moves === '' ? [] : fields.moves.split(' ');
  return {
    ...fields,
    san: before.san.slice(0, from).concat(fields.san),
    marks: before.marks.slice(0, from).concat(fields.marks),
    moves: kept.concat(added).join(' '),
  };
}

/** A game's event socket that reconnects by itself. */
export class GameSocket {
  private ws: WebSocket | null = null;
  private last: GameState | null = null;
  private closed = false;
  private retry = 500;

  constructor(
    private readonly id: string,
    private readonly onState: (s: GameState, full: boolean) => void,
    private readonly onConnection: (up: boolean) => void,
    private readonly onChat: (line: ChatLine) => void = () => {},
  ) {
    this.open();
  }

  private open(): void {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(this.id)}/socket?lang=${lang()}&deltas=true`);
    // The state the socket's deltas apply to: each connection starts with
    // the full state.
    this.last = null;
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.onConnection(true);
    };
    ws.onmessage = ev => {
      let msg: Event | { type: 'error' };
      try {
        msg = JSON.parse(String(ev.data)) as Event | { type: 'error' };
      } catch {
        return;
      }
      if (msg.type === 'gameFull' || msg.type === 'gameState' || msg.type === 'gameDelta') {
        const full = msg.type === 'gameFull';
        let state: GameState | null;
        if (msg.type === 'gameFull') state = msg.state;
        else if (msg.type === 'gameDelta') state = applyDelta(this.last, msg);
        else state = msg;
        if (!state) {
          // A delta to a state this socket does not have: start afresh.
          ws.close();
          return;
        }
        this.last = state;
        this.onState(state, full);
      } else if (msg.type === 'chatLine') this.onChat(msg);
    };
    ws.onclose = () => {
      this.ws = null;
      if (this.closed) return;
      this.onConnection(false);
      setTimeout(() => !this.closed && this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    };
  }

  /** Closes for good. */
  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
