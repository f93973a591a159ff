// The game page: board, clocks, moves, actions, results and analysis.

import { Chessground } from '@lichess-org/chessground';
import type { Api as CgApi } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { parseUci } from 'chessops/util';
import { makeSan } from 'chessops/san';
import { h, fill, type Child, scrollX, editCounter } from './dom';
import { controlWords, daysLeft, deadlineText, nextControlWords } from './control';
import { factName, lang, message, namedMateName, outcomeText, t } from './i18n';
import { askPromotion } from './promotion';
import { boardKeys } from './boardkeys';
import { api, ApiError, errorText, GameSocket, isOver, type Analysed, type GameState } from './api';
import { chatPanel } from './chat';
import type { GamePlayers } from './types';
import { replay, dests, isPromotion, material, pieceAt, type Ply } from './chess';
import { moveList, evalGraph, formatClock, judge, lowTime, type Judgement } from './moves';
import { localSan, FIGURES } from './notation';
import { rememberSeat, seatEnded, seatOf, takeTokenFromAddress } from './seats';
import { navigate } from './nav';
import * as sound from './sound';
import type { Page } from './main';

type Color = 'white' | 'black';

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** The page of game `id`. */
export function gamePage(id: string): Page {
  return root => {
    const view = new GameView(id, root);
    return () => view.destroy();
  };
}

class GameView {
  private state: GameState | null = null;
  /** The accounts that play, when the game is between accounts. */
  private players: GamePlayers | null = null;
  private plies: Ply[] = [];
  private cursor = 0;
  private token: string | null;
  private seats: Color[] = [];
  private orientation: Color = 'white';
  private cg: CgApi | null = null;
  private socket: GameSocket | null = null;
  private offerDraw = false;
  private confirmResign = false;
  private received = performance.now();
  /** When the side to move must have moved (days a move), in words, and
   * the state it was worked out for. */
  private deadline: { state: GameState; text: string } | null = null;
  private timer = 0;
  private lowWarned: Record<Color, boolean> = { white: false, black: false };
  private analysis: Analysed[] | null = null;
  private analysing = false;
  private refusal = '';
  private destroyed = false;
  private unkeys: () => void = () => {};
  /** The socket was down since the chat was read. */
  private chatDown = false;

  private readonly el = {
    board: h('div.cg-wrap.board', {}),
    promo: h('div.promotion', { hidden: true, role: 'dialog', 'aria-label': t().promoteTo }),
    top: h('div.player.top', {}),
    bottom: h('div.player.bottom', {}),
    status: h('div.status', { role: 'status' }),
    event: h('p.event', { hidden: true }),
    result: h('div.result', {}),
    control: h('p.control', {}),
    opening: h('div.opening', {}),
    moves: h('div.move-list', { tabindex: 0, role: 'region', 'aria-label': t().moves }),
    nav: h('div.nav', {}),
    input: h('form.move-input', {}),
    actions: h('div.actions', {}),
    prompts: h('div.prompts', {}),
    refusal: h('div.refusal', { role: 'alert' }),
    extras: h('div.extras', {}),
    analysis: h('div.analysis', {}),
    chat: h('div.chat-place', {}),
    live: h('div.sr-only', { 'aria-live': 'polite', id: 'announce' }),
    conn: h('div.connection', { hidden: true, role: 'status' }),
  };

  constructor(
    private readonly id: string,
    private readonly root: HTMLElement,
  ) {
    const fromAddress = takeTokenFromAddress();
    if (fromAddress) rememberSeat(id, fromAddress);
    this.token = fromAddress ?? seatOf(id);
    const tr = t();
    fill(root, [
      h('div.game', {}, [
        h('div.board-col', {}, [this.el.top, h('div.board-wrap', {}, [this.el.board, this.el.promo]), this.el.bottom]),
        h('div.side', {}, [
          this.el.conn,
          this.el.event,
          this.el.status,
          this.el.result,
          this.el.control,
          this.el.opening,
          this.el.moves,
          this.el.nav,
          this.el.input,
          this.el.refusal,
          this.el.prompts,
          this.el.actions,
          this.el.extras,
          this.el.analysis,
          this.el.chat,
        ]),
        this.el.live,
      ]),
    ]);
    this.el.status.textContent = '…';
    this.buildInput();
    this.keyboard = this.keyboard.bind(this);
    document.addEventListener('keydown', this.keyboard);
    void this.start(tr.notFound);
  }

  private async start(notFound: string): Promise<void> {
    // With a seat token, its seats; without (or with a stale one), the
    // seats of the browser's account (a game from the lobby or a
    // challenge): then the session acts.
    for (const token of this.token ? [this.token, ''] : ['']) {
      try {
        this.seats = (await api.seat(this.id, token)).colors;
        if (this.seats.length > 0) {
          this.token = token;
          break;
        }
      } catch {
        /* not a seat of this game */
      }
    }
    if (this.destroyed) return;
    void this.loadPlayers();
    try {
      const first = await api.state(this.id);
      this.orientation = this.seats.length === 1 ? this.seats[0] : first.human_color ?? 'white';
    } catch {
      fill(this.root, [h('p.error', {}, notFound)]);
      return;
    }
    if (this.destroyed) return;
    this.cg = Chessground(this.el.board, {
      orientation: this.orientation,
      coordinates: true,
      animation: { enabled: true, duration: 200 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, showDests: true, events: { after: (o, d) => void this.userMove(o, d) } },
      premovable: { enabled: true },
      draggable: { enabled: true, showGhost: true },
      events: { select: key => this.touch(key) },
    });
    this.unkeys = boardKeys(this.el.board, () => this.cg ?? undefined, text => this.announce(text));
    const chat = chatPanel(this.id);
    fill(this.el.chat, [chat.el]);
    this.socket = new GameSocket(
      this.id,
      (s, full) => this.onState(s, full),
      up => {
        this.onConnection(up);
        // Lines said while the socket was down are read again.
        if (up && this.chatDown) chat.reload();
        this.chatDown = !up;
      },
      line => chat.heard(line),
    );
    this.timer = window.setInterval(() => this.drawClocks(), 100);
  }

  destroy(): void {
    this.destroyed = true;
    this.socket?.close();
    this.unkeys();
    this.cg?.destroy();
    clearInterval(this.timer);
    document.removeEventListener('keydown', this.keyboard);
  }

  // ---- state -------------------------------------------------------------

  private onConnection(up: boolean): void {
    this.el.conn.hidden = up;
    this.el.conn.textContent = up ? '' : t().connectionLost;
  }

  private onState(s: GameState, full: boolean): void {
    const before = this.state;
    const oldLen = this.plies.length;
    const wasLive = this.cursor >= oldLen - 1;
    this.state = s;
    this.received = performance.now();
    const moves = s.moves ? s.moves.split(' ') : [];
    this.plies = replay(s.initial_fen, moves);
    if (wasLive || full || this.cursor >= this.plies.length) this.cursor = this.plies.length - 1;
    const newMove = !!before && this.plies.length > oldLen;
    if (newMove && !full) {
      const last = this.plies[this.plies.length - 1];
      sound.play(last.check ? 'check' : last.capture ? 'capture' : 'move');
      // The move and what it did, for screen readers: "Nc3, Discovered check".
      const facts = (s.marks[s.marks.length - 1]?.facts ?? []).map(factName);
      this.announce([localSan(s.san[s.san.length - 1] ?? '', lang()), ...facts].join(', '));
    }
    if (isOver(s.status)) seatEnded(this.id);
    if (before && !isOver(before.status) && isOver(s.status) && this.players) {
      // The ratings are written just after the end: their changes, then.
      setTimeout(() => void this.loadPlayers(), 1500);
    }
    if (before && !isOver(before.status) && isOver(s.status)) {
      sound.play('end');
      this.announce(this.resultText());
    }
    if (this.plies.length < oldLen) this.refusal = '';
    this.redraw();
    if (newMove && this.myTurn()) this.cg?.playPremove();
  }

  private myTurn(): boolean {
    const s = this.state;
    return !!s && !isOver(s.status) && this.seats.includes(s.turn);
  }

  private isOver(): boolean {
    return !!this.state && isOver(this.state.status);
  }

  private remoteOpponent(): boolean {
    return this.state?.opponent !== 'local';
  }

  private resultText(): string {
    const s = this.state;
    if (!s || !isOver(s.status)) return '';
    const text = outcomeText(s);
    return s.named_mate ? `${text} (${namedMateName(s.named_mate)})` : text;
  }

  // ---- drawing -----------------------------------------------------------

  private redraw(): void {
    const s = this.state;
    if (!s || !this.cg) return;
    const tr = t();
    const ply = this.plies[this.cursor] ?? this.plies[this.plies.length - 1];
    if (!ply) return;
    const live = this.cursor === this.plies.length - 1;
    const movable = live && !this.isOver() && this.seats.length > 0;
    const chess960 = s.rules?.variant === 'chess960';
    let d = movable && this.seats.includes(s.turn) ? dests(ply.pos, chess960) : new Map<Key, Key[]>();
    const touched: Key[] = s.touched.filter(sq => pieceAt(ply.pos, sq)?.color === s.turn && d.has(sq));
    if (touched.length > 0) d = new Map([...d].filter(([k]) => touched.includes(k)));
    const custom = new Map<Key, string>();
    for (const sq of s.touched) custom.set(sq, 'touched');
    const premove = movable && this.remoteOpponent() && !!s.clock;
    this.cg.set({
      fen: ply.fen,
      turnColor: ply.turn,
      lastMove: ply.lastMove,
      check: ply.check ? ply.turn : false,
      viewOnly: false,
      // A Chess960 king goes onto its rook: the board shows the castled
      // position when the server's state comes, not by its own guess.
      autoCastle: !chess960,
      highlight: { lastMove: true, check: true, custom },
      movable: {
        color: movable ? (this.seats.length === 2 ? 'both' : this.seats[0]) : undefined,
        dests: d,
      },
      premovable: { enabled: premove },
    });
    if (!movable) this.cg.cancelPremove();

    // Status and result.
    const over = this.isOver();
    let status: string;
    if (over) status = tr.result;
    else if (s.opponent === 'computer' && !this.seats.includes(s.turn)) status = tr.computerThinking;
    else if (this.seats.length === 0) status = `${tr.spectating} · ${s.turn === 'white' ? tr.whiteToMove : tr.blackToMove}`;
    else if (this.seats.length === 1 && this.seats.includes(s.turn)) status = tr.yourTurn;
    else status = s.turn === 'white' ? tr.whiteToMove : tr.blackToMove;
    this.el.status.textContent = status;
    this.el.result.textContent = this.resultText();
    this.el.result.hidden = !over;
    // The whole control in words: every period, the hourglass, the delay.
    const variant = s.rules?.variant === 'chess960' ? `${tr.variantChess960} · ` : '';
    this.el.control.textContent = `${variant}${tr.timeControl}: ${controlWords(s.clock)}`;
    // The opening with its class as the documents define them, and the
    // phase of the game now (both from the rules library, in the state).
    const cls = s.opening?.class === 'open' ? tr.classOpen : s.opening?.class === 'semi_open' ? tr.classSemiOpen : s.opening?.class === 'closed' ? tr.classClosed : '';
    const phase = s.phase === 'opening' ? tr.phaseOpening : s.phase === 'middlegame' ? tr.phaseMiddlegame : tr.phaseEndgame;
    const opening = s.opening ? `${tr.opening}: ${s.opening.eco} ${s.opening.name}${cls ? ` · ${cls}` : ''}` : '';
    this.el.opening.textContent = [opening, `${tr.phase}: ${phase}`].filter(Boolean).join(' — ');

    // Moves.
    const [, turnChar, , , , full] = s.initial_fen.split(' ');
    const judgements: Judgement[] = this.analysis ? judge(this.analysis) : [];
    fill(this.el.moves, [
      moveList(s.san, turnChar === 'b' ? 'black' : 'white', Number(full) || 1, this.cursor, lang(), judgements, p => this.goTo(p), s.declared_move ? tr.declaredMove : undefined, s.marks, factName),
    ]);
    this.el.moves.querySelector('.current')?.scrollIntoView?.({ block: 'nearest' });
    const navBtn = (label: string, text: string, to: () => number) =>
      h('button', { type: 'button', 'aria-label': label, title: label, onclick: () => this.goTo(to()) }, text);
    fill(this.el.nav, [
      navBtn(tr.first, '«', () => 0),
      navBtn(tr.prev, '‹', () => this.cursor - 1),
      navBtn(tr.next, '›', () => this.cursor + 1),
      navBtn(tr.last, '»', () => this.plies.length - 1),
      h('button.flip', { type: 'button', title: tr.flip, 'aria-label': tr.flip, onclick: () => this.flip() }, '⇅'),
    ]);

    this.drawPlayers(ply);
    this.drawClocks();
    this.drawActions();
    this.el.refusal.textContent = this.refusal;
    this.el.refusal.hidden = !this.refusal;
    this.el.input.hidden = !(this.seats.length > 0 && !over);
    // A draw claimed with the move about to be made (FIDE 9.2.3, 9.3.1):
    // possible from the eighth move of a game on.
    const claimWithMove = this.el.input.querySelector('button.claim-with-move') as HTMLButtonElement | null;
    if (claimWithMove) claimWithMove.hidden = !(live && this.seats.includes(s.turn) && s.san.length >= 7);
    this.drawAnalysis();
  }

  /** The accounts that play (a game between accounts), then drawn. */
  private async loadPlayers(): Promise<void> {
    try {
      const p = await api.players(this.id);
      if (this.destroyed || (!p.white && !p.black && !p.tournament)) return;
      this.players = p;
      // A tournament's game: which tournament, round and board.
      const tour = p.tournament;
      if (tour) {
        const where = message(lang(), 'web-tour-round-board', { round: tour.round, board: tour.board });
        fill(this.el.event, [h('a', { href: `/tournament/${encodeURIComponent(tour.id)}`, 'data-nav': '' }, tour.name), ` · ${where}`]);
        this.el.event.hidden = false;
      }
      const ply = this.plies[this.cursor];
      if (ply) this.drawPlayers(ply);
    } catch {
      /* not known: the colours are shown */
    }
  }

  private drawPlayers(ply: Ply): void {
    const s = this.state;
    if (!s) return;
    const tr = t();
    const start = this.plies[0]?.pos;
    const mat = start ? material(start, ply.pos) : { balance: 0, lostBy: { white: [], black: [] } };
    const name = (c: Color): Child => {
      if (s.opponent === 'computer' && s.human_color !== c) return `${tr.computerLevel} ${s.level ?? ''}`;
      const you = this.seats.length === 1 && this.seats[0] === c ? ` (${tr.you})` : '';
      const p = this.players?.[c];
      if (p) {
        const diff = p.diff === null ? null : h('span.diff', { class: p.diff >= 0 ? 'up' : 'down' }, ` ${p.diff >= 0 ? '+' : ''}${p.diff}`);
        return h('span.player', {}, [
          p.title ? h('span.title', {}, `${p.title} `) : null,
          h('a.user', { href: `/@/${encodeURIComponent(p.name)}`, 'data-nav': '' }, p.name),
          p.rating === null ? null : h('span.rating', {}, ` ${p.rating}${p.provisional ? '?' : ''}`),
          diff,
          you,
        ]);
      }
      // A tournament's player as entered.
      const entered = this.players?.tournament?.[c];
      if (entered) {
        return h('span.player', {}, [
          entered.title ? h('span.title', {}, `${entered.title} `) : null,
          h('span.entrant', {}, entered.name),
          entered.rating === null ? null : h('span.rating', {}, ` ${entered.rating}`),
          you,
        ]);
      }
      const base = c === 'white' ? tr.white : tr.black;
      return `${base}${you}`;
    };
    const side = (c: Color) => {
      const captured = mat.lostBy[other(c)].map(r => FIGURES[r]).join('');
      const adv = c === 'white' ? mat.balance : -mat.balance;
      return [
        h('span.name', {}, name(c)),
        h('span.captured', { title: tr.material, class: other(c) }, [captured, adv > 0 ? h('span.adv', {}, ` +${adv}`) : null]),
        h('small.next-control', {}, nextControlWords(c === 'white' ? s.wnext : s.bnext)),
        s.clock ? h('span.clock', { 'data-color': c, role: 'timer', 'aria-label': `${c === 'white' ? tr.white : tr.black}` }) : null,
        // Days a move: when the side to move must have moved.
        s.clock?.days ? h('small.deadline', { 'data-color': c }) : null,
      ];
    };
    const topColor = other(this.orientation);
    fill(this.el.top, side(topColor));
    fill(this.el.bottom, side(this.orientation));
    this.el.top.dataset.color = topColor;
    this.el.bottom.dataset.color = this.orientation;
  }

  private drawClocks(): void {
    const s = this.state;
    if (!s || !s.clock) return;
    const elapsed = performance.now() - this.received;
    const limit = s.clock.initial;
    const low = lowTime(limit);
    for (const c of ['white', 'black'] as Color[]) {
      const el = this.root.querySelector(`.clock[data-color="${c}"]`) as HTMLElement | null;
      if (!el) continue;
      let ms = (c === 'white' ? s.wtime : s.btime) ?? 0;
      const running = s.clock_running === c && !isOver(s.status);
      if (running) {
        const hold = s.clock.delay_kind === 'simple' ? s.clock.delay : 0;
        ms -= Math.max(0, elapsed - hold);
      } else if (s.clock.sandclock && s.clock_running && !isOver(s.status)) {
        // The hourglass: the sand the other side loses falls to this side.
        ms += elapsed;
      }
      el.textContent = s.clock.days ? daysLeft(ms, formatClock) : formatClock(ms);
      if (s.clock.days) {
        // The date a move is due stays while the state does: worked out
        // once for it, not at every tick.
        if (running && this.deadline?.state !== s) this.deadline = { state: s, text: deadlineText(ms) };
        const due = this.root.querySelector(`.deadline[data-color="${c}"]`);
        if (due) due.textContent = running ? (this.deadline?.text ?? '') : '';
      }
      el.classList.toggle('running', running);
      el.classList.toggle('low', ms < low);
      if (running && ms < low && !this.lowWarned[c] && this.seats.includes(c)) {
        this.lowWarned[c] = true;
        sound.play('low');
      }
    }
  }

  private drawActions(): void {
    const s = this.state;
    if (!s) return;
    const tr = t();
    const over = this.isOver();
    const token = this.token ?? '';
    const btn = (cls: string, text: string, fn: () => Promise<unknown> | void, extra: Record<string, string> = {}) =>
      h('button', { type: 'button', class: cls, ...extra, onclick: () => void this.act(fn) }, text);
    const actions: HTMLElement[] = [];
    const prompts: HTMLElement[] = [];
    const seated = this.seats.length > 0;
    if (seated && !over) {
      const offerPossible = s.opponent !== 'computer';
      if (offerPossible) {
        actions.push(
          h(
            'button.offer-draw',
            {
              type: 'button',
              'aria-pressed': String(this.offerDraw),
              onclick: () => {
                this.offerDraw = !this.offerDraw;
                this.drawActions();
              },
            },
            this.offerDraw ? tr.drawOfferWithMove : tr.offerDraw,
          ),
        );
      }
      if (s.claimable.length > 0 && this.seats.includes(s.turn)) {
        const label = s.claimable.includes('threefold_repetition') ? tr.claimThreefold : s.claimable.includes('fifty_moves') ? tr.claimFifty : tr.claimDraw;
        actions.push(btn('claim', label, () => api.claim(this.id, token)));
      }
      // What may be done now, the server says (the rules are not repeated here).
      if (s.can_abort) actions.push(btn('abort', tr.abort, () => api.abort(this.id, token)));
      else if (s.can_takeback) actions.push(btn('takeback', tr.takeback, () => api.takeback(this.id, token, true)));
      if (this.confirmResign) {
        actions.push(
          h('span.confirm', {}, [
            tr.resignConfirm,
            ' ',
            btn('resign-yes danger', tr.yes, () => {
              this.confirmResign = false;
              return api.resign(this.id, token);
            }),
            btn('resign-no', tr.no, () => {
              this.confirmResign = false;
              this.drawActions();
            }),
          ]),
        );
      } else {
        actions.push(
          btn('resign', tr.resign, () => {
            this.confirmResign = true;
            this.drawActions();
          }),
        );
      }
      const drawBy: Color | null = s.wdraw ? 'white' : s.bdraw ? 'black' : null;
      const takebackBy: Color | null = s.wtakeback ? 'white' : s.btakeback ? 'black' : null;
      if (drawBy && this.seats.includes(other(drawBy))) {
        prompts.push(
          h('div.prompt.draw-offer', {}, [
            h('span', {}, tr.opponentOffersDraw),
            btn('accept-draw primary', tr.acceptDraw, () => api.draw(this.id, token, true)),
            btn('decline-draw', tr.declineDraw, () => api.draw(this.id, token, false)),
          ]),
        );
      }
      if (takebackBy && this.seats.includes(other(takebackBy))) {
        prompts.push(
          h('div.prompt.takeback-offer', {}, [
            h('span', {}, tr.takebackOffered),
            btn('accept-takeback primary', tr.accept, () => api.takeback(this.id, token, true)),
            btn('decline-takeback', tr.decline, () => api.takeback(this.id, token, false)),
          ]),
        );
      }
    }
    if (s.tournament) {
      // A tournament's game: no rematch; the way back to the tournament.
      actions.push(h('a.tournament-link', { href: `/tournament/${encodeURIComponent(s.tournament)}`, 'data-nav': '' }, tr.tourBack));
    } else if (over && seated && this.token) {
      // (A game between accounts is played again from the lobby.)
      actions.push(btn(s.rematch ? 'rematch primary' : 'rematch', s.rematch ? tr.joinRematch : tr.rematch, () => this.rematch()));
      if (s.rematch) prompts.push(h('div.prompt', {}, tr.rematchOffered));
    }
    fill(this.el.actions, actions);
    fill(this.el.prompts, prompts);
    const ply = this.plies[this.cursor];
    const fenBtn = h('button.copy-fen', { type: 'button' }, tr.copyFen);
    fenBtn.addEventListener('click', () => {
      void navigator.clipboard?.writeText(ply?.fen ?? s.fen).catch(() => undefined);
      fenBtn.textContent = tr.copied;
    });
    const muteBtn = h('button.mute', { type: 'button', 'aria-pressed': String(sound.isMuted()) }, sound.isMuted() ? tr.unmute : tr.mute);
    muteBtn.addEventListener('click', () => {
      sound.setMuted(!sound.isMuted());
      this.drawActions();
    });
    fill(this.el.extras, [
      h('a.button.pgn', { href: `/api/games/${this.id}/pgn`, download: `sakk-${this.id}.pgn` }, tr.downloadPgn),
      fenBtn,
      muteBtn,
      // A finished game opens in the analysis board (not before: no
      // engine for the players of a game under way).
      over ? h('a.button.open-analysis', { href: `/analysis?game=${encodeURIComponent(this.id)}`, 'data-nav': '' }, tr.navAnalysis) : null,
      over && !this.analysis ? btn('analyse', this.analysing ? tr.analysing : tr.analyse, () => this.analyse(), this.analysing ? { disabled: 'true' } : {}) : null,
    ]);
  }

  private drawAnalysis(): void {
    const a = this.analysis;
    const s = this.state;
    if (!a || !s) {
      fill(this.el.analysis, []);
      return;
    }
    const tr = t();
    const j = judge(a);
    const at = a[this.cursor];
    let line = '';
    if (at && at.pv.length > 0) {
      let pos = this.plies[this.cursor]?.pos.clone();
      const sans: string[] = [];
      for (const u of at.pv.slice(0, 8)) {
        const m = parseUci(u);
        if (!pos || !m || !pos.isLegal(m)) break;
        sans.push(localSan(makeSan(pos, m), lang()));
        pos.play(m);
      }
      line = sans.join(' ');
    }
    const score = at ? (at.mate !== null ? `#${at.mate}` : `${((at.cp ?? 0) / 100).toFixed(2)}`) : '';
    const count = (k: Judgement, side: number) => j.filter((x, i) => x === k && i % 2 === side).length;
    fill(this.el.analysis, [
      h('h2', {}, tr.analysis),
      evalGraph(a, this.cursor, j, tr.evalGraph, p => this.goTo(p)),
      h('p.best', {}, [h('strong', {}, `${score} `), `${tr.bestLine}: ${line}`]),
      scrollX(h('table.summary', {}, [
        h('tr', {}, [h('th', {}, ''), h('th', {}, tr.white), h('th', {}, tr.black)]),
        ...([['?!', tr.inaccuracy], ['?', tr.mistake], ['??', tr.blunder]] as [Judgement, string][]).map(([k, name]) =>
          h('tr', {}, [h('td', {}, `${name} (${k})`), h('td', {}, String(count(k, 0))), h('td', {}, String(count(k, 1)))]),
        ),
      ]), tr.analysis),
    ]);
  }

  // ---- user actions ------------------------------------------------------

  private async act(fn: () => Promise<unknown> | void): Promise<void> {
    try {
      this.refusal = '';
      await fn();
    } catch (e) {
      this.showError(e);
    }
    this.redraw();
  }

  private showError(e: unknown): void {
    const tr = t();
    if (e instanceof ApiError) {
      const msg = errorText(e);
      this.refusal = e.status === 400 && e.code !== 'bad_request' ? `${tr.refused}: ${msg}` : msg;
    } else {
      this.refusal = `${tr.error}: ${String(e)}`;
    }
    this.announce(this.refusal);
  }

  private goTo(ply: number): void {
    this.cursor = Math.max(0, Math.min(this.plies.length - 1, ply));
    this.redraw();
  }

  private flip(): void {
    this.orientation = other(this.orientation);
    this.cg?.set({ orientation: this.orientation });
    this.redraw();
  }

  private keyboard(ev: KeyboardEvent): void {
    const target = ev.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (ev.key === 'ArrowLeft') this.goTo(this.cursor - 1);
    else if (ev.key === 'ArrowRight') this.goTo(this.cursor + 1);
    else if (ev.key === 'Home') this.goTo(0);
    else if (ev.key === 'End') this.goTo(this.plies.length - 1);
    else if (ev.key === 'f') this.flip();
    else return;
    ev.preventDefault();
  }

  private touch(key: Key): void {
    const s = this.state;
    if (!s || !s.rules?.touch_move || this.token === null || !this.myTurn() || s.touched.some(sq => sq === key)) return;
    const ply = this.plies[this.plies.length - 1];
    if (!ply || pieceAt(ply.pos, key)?.color !== s.turn) return;
    void api.touch(this.id, this.token, key).catch(e => {
      this.showError(e);
      this.redraw();
    });
  }

  private async userMove(orig: Key, dest: Key): Promise<void> {
    const ply = this.plies[this.plies.length - 1];
    if (!ply) return;
    let uci = `${orig}${dest}`;
    if (isPromotion(ply.pos, orig, dest)) {
      const role = await this.askPromotion(dest);
      if (!role) {
        this.redraw();
        return;
      }
      uci += role;
    }
    // Castling dropped on the rook (chessops also offers king-takes-rook): the standard form.
    const king = pieceAt(ply.pos, orig);
    const target = pieceAt(ply.pos, dest);
    if (king?.role === 'king' && target?.role === 'rook' && target.color === king.color && orig[0] === 'e') {
      uci = `${orig}${dest > orig ? 'g' : 'c'}${orig[1]}`;
    }
    await this.send(uci);
  }

  private askPromotion(dest: Key): Promise<string | null> {
    return askPromotion(this.el.promo, this.state?.turn ?? 'white', dest);
  }

  private async send(mv: string): Promise<boolean> {
    if (this.token === null) return false;
    const offering = this.offerDraw;
    try {
      this.refusal = '';
      await api.move(this.id, this.token, mv, offering, lang());
      this.offerDraw = false;
      return true;
    } catch (e) {
      this.showError(e);
      this.redraw();
      return false;
    }
  }

  private buildInput(): void {
    const tr = t();
    const input = h('input#move-text', { type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: tr.moveInput, 'aria-label': tr.moveInput });
    const claim = h('button.claim-with-move', { type: 'button', title: tr.claimWithMove, hidden: true }, tr.claimWithThisMove);
    // What was sent is cleared after the answer, unless the next move is
    // being typed already (the game's state may come before the answer).
    const edits = editCounter(input);
    claim.addEventListener('click', () => {
      const text = input.value.trim();
      if (this.token === null) return;
      const at = edits();
      void this.act(async () => {
        await api.claim(this.id, this.token ?? '', text || undefined, lang());
        if (edits() === at) input.value = '';
      });
    });
    fill(this.el.input, [h('label.sr-only', { for: 'move-text' }, tr.moveInputLabel), input, h('button.play', { type: 'submit' }, tr.play), claim]);
    this.el.input.addEventListener('submit', async ev => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      const at = edits();
      if ((await this.send(text)) && edits() === at) input.value = '';
    });
  }

  private async rematch(): Promise<void> {
    if (!this.token) return;
    const r = await api.rematch(this.id, this.token);
    rememberSeat(r.id, r.token);
    navigate(`/game/${r.id}`);
  }

  private async analyse(): Promise<void> {
    this.analysing = true;
    this.drawActions();
    try {
      const a = await api.analysis(this.id);
      this.analysis = a.plies;
    } finally {
      this.analysing = false;
    }
  }

  private announce(text: string): void {
    this.el.live.textContent = text;
  }
}
