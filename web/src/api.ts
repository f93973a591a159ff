// The server's HTTP API and its WebSocket of game events.

/** A clock setting as the API takes it. */
export interface ClockSpec {
  limit: number;
  increment?: number;
  delay?: number;
  delay_kind?: 'bronstein' | 'simple';
}

/** A game's state as the server sends it. */
export interface GameState {
  id: string;
  opponent: 'local' | 'friend' | 'computer';
  level: number | null;
  human_color: 'white' | 'black' | null;
  initial_fen: string;
  fen: string;
  turn: 'white' | 'black';
  check: boolean;
  moves: string;
  san: string[];
  status: 'created' | 'started' | 'ended';
  result: string | null;
  termination: string | null;
  winner: 'white' | 'black' | null;
  description_en: string | null;
  description_hu: string | null;
  wtime: number | null;
  btime: number | null;
  clock_running: 'white' | 'black' | null;
  clock: ClockSpec | null;
  draw_offer: 'white' | 'black' | null;
  takeback_offer: 'white' | 'black' | null;
  claimable: string[];
  rules: { touch_move?: boolean; no_draw_offer_before?: number } | null;
  touched: string[];
  created_at: number;
  opening: { eco: string; name: string } | null;
  rematch: string | null;
}

/** An error the API answered with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageEn: string,
    readonly messageHu: string,
  ) {
    super(messageEn);
  }
}

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached.', 'A szerver nem érhető el.');
  }
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    throw new ApiError(res.status, json?.error ?? 'error', json?.message ?? res.statusText, json?.message_hu ?? json?.message ?? res.statusText);
  }
  return json as T;
}

/** What `POST /api/games` answers. */
export interface Created {
  id: string;
  tokens: Partial<Record<'white' | 'black', string>>;
  urls: Partial<Record<'white' | 'black' | 'spectator', string>>;
}

/** A request to create a game. */
export interface CreateRequest {
  opponent: 'local' | 'friend' | 'computer';
  color: 'white' | 'black' | 'random';
  level?: number;
  clock: ClockSpec | null;
  rules: { touch_move: boolean; no_draw_offer_before?: number };
}

/** A row of the games list. */
export interface GameSummary {
  id: string;
  opponent: string;
  level: number | null;
  human_color: string | null;
  status: string;
  result: string | null;
  termination: string | null;
  clock: ClockSpec | null;
  moves: number;
  created_at: number;
  updated_at: number;
}

/** One analysed position (before the move of the same index). */
export interface AnalysedPly {
  /** Score in centipawns from White's side, or null with `mate`. */
  cp: number | null;
  /** Mate in N from White's side (negative: Black mates). */
  mate: number | null;
  /** The engine's best move (UCI) and line. */
  best: string | null;
  pv: string[];
}

export const api = {
  create: (req: CreateRequest) => call<Created>('POST', '/api/games', undefined, req),
  state: (id: string) => call<GameState>('GET', `/api/games/${encodeURIComponent(id)}`),
  seat: (id: string, token: string) => call<{ colors: ('white' | 'black')[] }>('GET', `/api/games/${encodeURIComponent(id)}/seat`, token),
  list: () => call<{ games: GameSummary[] }>('GET', '/api/games'),
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
  rematch: (id: string, token: string) => call<{ id: string; token: string; color: string; url: string }>('POST', `/api/games/${id}/rematch`, token),
  analysis: (id: string) => call<{ plies: AnalysedPly[] }>('GET', `/api/games/${id}/analysis`),
};

/** A game's event socket that reconnects by itself. */
export class GameSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 500;

  constructor(
    private readonly id: string,
    private readonly onState: (s: GameState, full: boolean) => void,
    private readonly onConnection: (up: boolean) => void,
  ) {
    this.open();
  }

  private open(): void {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(this.id)}/socket`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.onConnection(true);
    };
    ws.onmessage = ev => {
      let msg: any;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if ((msg.type === 'gameFull' || msg.type === 'gameState') && msg.state) this.onState(msg.state, msg.type === 'gameFull');
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
