// The analysis board (/analysis, /analysis/<FEN>, /analysis?game=<id>):
// any position or game, moves played freely with variations, comments and
// glyphs, the engine's lines live, the opening's name, what each move did,
// FEN and PGN to copy and download. The rules library reads each move and
// writes the PGN; the engine runs on the server's bounded pool.

import { Chessground } from '@lichess-org/chessground';
import type { Api as CgApi } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { h, fill } from './dom';
import { factName, lang, message, t, terminationText } from './i18n';
import { api, errorText, isOver, readLines, ApiError } from './api';
import { askPromotion } from './promotion';
import { boardKeys } from './boardkeys';
import { dests, isPromotion, pieceAt } from './chess';
import { localSan } from './notation';
import { winChance } from './moves';
import { fenOfPath, fenPath, navigate } from './nav';
import { treeView, evalText } from './treeview';
import {
  addImported, addLine, makeMainLine, MOVE_GLYPHS, moveNumber, movesTo, pathTo, promote, remove,
  rootNode, toggleGlyph, toTreeLine, type Node,
} from './tree';
import type { EvalFrame, GameVariant, ImportedGame, LineRead, TagPair } from './types';
import type { Page } from './main';

/** The chessops position of a FEN, for the board's legal destinations. */
function chessOf(fen: string): Chess | null {
  const setup = parseFen(fen);
  if (setup.isErr) return null;
  const pos = Chess.fromSetup(setup.value);
  return pos.isErr ? null : pos.value;
}

class AnalysisBoard {
  private cg: CgApi | null = null;
  private root: Node | null = null;
  private current: Node | null = null;
  private variant: GameVariant = 'standard';
  /** The tags of an imported game, written back with its PGN. */
  private tags: TagPair[] = [];
  private orientation: 'white' | 'black' = 'white';
  private engineOn = localStorage.getItem('sakk.engine') !== 'off';
  private lines = Math.min(5, Math.max(1, Number(localStorage.getItem('sakk.engineLines') ?? '1') || 1));
  private frame: EvalFrame | null = null;
  /** The position the frame is of. */
  private frameFen = '';
  private engineError = '';
  private evalAbort: AbortController | null = null;
  private evalTimer = 0;
  /** The position and settings of the evaluation on show. */
  private evalKey = '';
  private pgnText = '';
  private error = '';
  private busy = false;
  private destroyed = false;
  private unkeys: (() => void) | null = null;
  private readonly el = {
    board: h('div.board.cg-wrap'),
    bar: h('div.eval-bar', { role: 'meter', 'aria-valuemin': '-1', 'aria-valuemax': '1' }, [h('div.eval-fill')]),
    engine: h('section.engine'),
    depth: h('span.depth', { 'aria-live': 'off' }),
    pvLines: h('ol.pv-lines', { hidden: true }),
    announce: h('p.sr-only', { 'aria-live': 'polite' }),
    tree: h('section.tree'),
    tools: h('section.node-tools'),
    info: h('section.position-info', { 'aria-live': 'polite' }),
    export: h('section.export'),
    promo: h('div.promotion', { hidden: true, role: 'dialog', 'aria-label': t().promoteTo }),
    error: h('p.error', { role: 'alert', hidden: true }),
  };

  constructor(private readonly host: HTMLElement) {}

  async mount(): Promise<void> {
    const tr = t();
    fill(this.host, [
      h('h1', {}, tr.navAnalysis),
      h('div.analysis-board', {}, [
        h('div.board-side', {}, [h('div.board-with-bar', {}, [this.el.bar, this.el.board]), this.el.promo]),
        h('div.panel', {}, [this.el.error, this.el.engine, this.el.info, this.el.tree, this.el.tools, this.el.export]),
      ]),
      this.el.announce,
    ]);
    this.buildEngine();
    this.cg = Chessground(this.el.board, {
      orientation: this.orientation,
      coordinates: true,
      animation: { enabled: true, duration: 150 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, showDests: true, events: { after: (o, d) => void this.userMove(o, d) } },
      draggable: { enabled: true, showGhost: true },
    });
    this.unkeys = boardKeys(this.el.board, () => this.cg ?? undefined, text => (this.el.announce.textContent = text));
    document.addEventListener('keydown', this.onKey);
    await this.load();
  }

  destroy(): void {
    this.destroyed = true;
    this.stopEval();
    document.removeEventListener('keydown', this.onKey);
    this.unkeys?.();
    this.cg?.destroy();
  }

  /** The start position and moves the address asks for. */
  private async load(): Promise<void> {
    const params = new URLSearchParams(location.search);
    const game = params.get('game');
    const imported = params.get('import');
    let fen: string | undefined;
    let moves: string[] = [];
    let variant: GameVariant | undefined;
    try {
      if (imported) {
        const g = await api.imported(imported);
        if (this.destroyed) return;
        this.startImported(g);
        return;
      }
      if (game) {
        const s = await api.state(game);
        // A game under way is not analysed (no engine for its players).
        if (!isOver(s.status)) throw new ApiError(409, 'game_not_over', message(lang(), 'error-game-not-over'));
        fen = s.initial_fen;
        moves = s.moves ? s.moves.split(' ') : [];
        variant = s.rules.variant;
      } else {
        fen = fenOfPath('/analysis');
      }
      const read = await api.readLine({ fen, variant, moves });
      if (this.destroyed) return;
      this.start(read);
    } catch (e) {
      if (this.destroyed) return;
      this.showError(errorText(e));
      // The standard position, so that the board is still of use.
      if (!this.root) {
        const standard = await api.readLine({ moves: [] }).catch(() => null);
        if (standard && !this.destroyed && !this.root) this.start(standard);
      }
    }
  }

  private startImported(g: ImportedGame): void {
    this.variant = g.variant;
    this.tags = g.tags;
    this.root = rootNode(g.start);
    this.root.comment = g.line.comment ?? '';
    // At the end of its main line, as a finished game opens.
    this.current = addImported(this.root, g.line);
    this.pgnText = '';
    this.redraw();
  }

  private start(read: LineRead): void {
    this.variant = read.variant;
    this.tags = [];
    this.root = rootNode(read.start);
    this.current = addLine(this.root, read.plies);
    this.pgnText = '';
    this.redraw();
  }

  private readonly onKey = (ev: KeyboardEvent): void => {
    const target = ev.target as HTMLElement | null;
    // Not in a field, not on the board (its own arrows move its cursor),
    // not with a modifier (Alt+← is the browser's back).
    if (target?.closest('input, textarea, select, .cg-wrap') || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const c = this.current;
    if (!c) return;
    let next: Node | null = null;
    if (ev.key === 'ArrowLeft') next = c.parent;
    else if (ev.key === 'ArrowRight') next = c.children[0] ?? null;
    else if (ev.key === 'Home') next = this.root;
    else if (ev.key === 'End') {
      next = c;
      while (next.children.length) next = next.children[0];
    } else return;
    ev.preventDefault();
    if (next) this.goto(next);
  };

  private goto(node: Node): void {
    this.current = node;
    this.redraw();
  }

  private async userMove(orig: Key, dest: Key): Promise<void> {
    const node = this.current;
    const pos = node ? chessOf(node.pos.fen) : null;
    if (!node || !pos) return;
    let uci = `${orig}${dest}`;
    if (isPromotion(pos, orig, dest)) {
      const role = await askPromotion(this.el.promo, node.pos.turn, dest);
      if (!role) {
        this.redraw();
        return;
      }
      uci += role;
    }
    // In standard chess a king dropped on its own rook castles: UCI names
    // the king's own square (e1g1); Chess960's UCI is king onto rook.
    const king = pieceAt(pos, orig);
    const target = pieceAt(pos, dest);
    if (this.variant === 'standard' && king?.role === 'king' && target?.role === 'rook' && target.color === king.color) {
      uci = `${orig}${dest > orig ? 'g' : 'c'}${orig[1]}`;
    }
    await this.play(node, [uci]);
  }

  /** Plays `moves` from `from` (read by the rules), then shows the last. */
  private async play(from: Node, moves: string[]): Promise<void> {
    const root = this.root;
    if (!root) return;
    if (this.busy) {
      // One move at a time: the board shows the tree again.
      this.redraw();
      return;
    }
    this.busy = true;
    try {
      const read = await api.readLine({ fen: root.pos.fen, variant: this.variant, moves: [...movesTo(from), ...moves] });
      if (this.destroyed || this.root !== root) return;
      const plies = read.plies.slice(from.ply);
      this.current = addLine(from, plies);
      this.error = '';
    } catch (e) {
      this.showError(errorText(e));
    } finally {
      this.busy = false;
    }
    this.redraw();
  }

  private showError(text: string): void {
    this.error = text;
    this.el.error.textContent = text;
    this.el.error.hidden = !text;
  }

  private redraw(): void {
    const node = this.current;
    if (!node || !this.cg) return;
    const chess960 = this.variant === 'chess960';
    const pos = chessOf(node.pos.fen);
    const last = node.uci.length >= 4 ? ([node.uci.slice(0, 2), node.uci.slice(2, 4)] as Key[]) : undefined;
    this.cg.set({
      fen: node.pos.fen.split(' ')[0],
      orientation: this.orientation,
      turnColor: node.pos.turn,
      check: node.pos.check,
      lastMove: last,
      movable: {
        color: node.pos.ended ? undefined : node.pos.turn,
        dests: pos && !node.pos.ended ? dests(pos, chess960) : new Map(),
        rookCastle: !chess960,
      },
    });
    this.el.error.textContent = this.error;
    this.el.error.hidden = !this.error;
    const focus = this.focusedControl();
    this.drawInfo();
    this.drawTree();
    this.drawTools();
    this.drawExport();
    this.restoreFocus(focus);
    this.restartEval();
  }

  /** Which of the panel's controls has the focus (they are drawn anew). */
  private focusedControl(): string {
    const active = document.activeElement as HTMLElement | null;
    if (!active || !this.host.contains(active) || active.closest('.cg-wrap')) return '';
    if (active.classList.contains('move')) return '.moves-tree .move.active';
    if (active.dataset.nag) return `.glyph[data-nag="${active.dataset.nag}"]`;
    return active.id ? `#${active.id}` : '';
  }

  private restoreFocus(selector: string): void {
    if (!selector) return;
    (this.host.querySelector(selector) as HTMLElement | null)?.focus();
  }

  private drawInfo(): void {
    const node = this.current;
    if (!node) return;
    const tr = t();
    // The opening: the most advanced named position on the way here.
    const named = pathTo(node).reverse().find(n => n.pos.opening)?.pos.opening;
    const facts = node.marks?.facts ?? [];
    fill(this.el.info, [
      named ? h('p.opening', {}, [h('strong', {}, `${tr.anOpening}: `), `${named.eco} ${named.name}`]) : null,
      node.uci ? h('p.last-move', {}, [`${moveNumber(node)} ${localSan(node.san, lang())}`, facts.length ? ` — ${facts.map(factName).join(', ')}` : '']) : null,
      node.pos.ended ? h('p.ended', {}, terminationText(node.pos.ended)) : null,
    ]);
  }

  private drawTree(): void {
    const root = this.root;
    const node = this.current;
    if (!root || !node) return;
    const tr = t();
    const view = root.children.length
      ? treeView(root, node, lang(), n => this.goto(n))
      : h('p.empty', {}, tr.anNoMoves);
    fill(this.el.tree, [h('h2', {}, tr.anMoves), view]);
    this.el.tree.querySelector('.move.active')?.scrollIntoView?.({ block: 'nearest' });
  }

  private drawTools(): void {
    const node = this.current;
    if (!node) return;
    const tr = t();
    const comment = h('textarea#comment', { rows: 2, 'aria-label': tr.anComment, placeholder: tr.anComment }) as HTMLTextAreaElement;
    comment.value = node.comment;
    comment.addEventListener('change', () => {
      node.comment = comment.value.trim();
      this.pgnText = '';
      this.drawTree();
      this.drawExport();
    });
    const glyphs = node.uci
      ? h(
          'div.glyphs',
          { role: 'group', 'aria-label': tr.anGlyphs },
          MOVE_GLYPHS.map(([nag, text]) =>
            h(
              'button.glyph',
              {
                type: 'button',
                'data-nag': nag,
                'aria-pressed': String(node.nags.includes(nag)),
                onclick: () => {
                  toggleGlyph(node, nag);
                  this.pgnText = '';
                  this.redraw();
                },
              },
              text,
            ),
          ),
        )
      : null;
    const button = (id: string, text: string, action: () => void, disabled = false) =>
      h(`button#${id}`, { type: 'button', disabled, onclick: action }, text);
    const branch = pathTo(node).some(n => n.parent && n.parent.children[0] !== n);
    fill(this.el.tools, [
      glyphs,
      comment,
      h('div.buttons', {}, [
        button('promote', tr.anPromote, () => {
          promote(node);
          this.pgnText = '';
          this.redraw();
        }, !branch),
        button('main-line', tr.anMainLine, () => {
          makeMainLine(node);
          this.pgnText = '';
          this.redraw();
        }, !branch),
        button('delete', tr.anDelete, () => {
          const parent = remove(node);
          if (parent) {
            this.pgnText = '';
            this.goto(parent);
          }
        }, !node.parent),
        button('flip', tr.flip, () => {
          this.orientation = this.orientation === 'white' ? 'black' : 'white';
          this.redraw();
        }),
      ]),
    ]);
  }

  private drawExport(): void {
    const node = this.current;
    if (!node) return;
    const tr = t();
    const fenInput = h('input#fen', { type: 'text', value: node.pos.fen, 'aria-label': tr.anFen, spellcheck: 'false' }) as HTMLInputElement;
    fenInput.addEventListener('change', () => navigate(fenPath('/analysis', fenInput.value)));
    const pgn = h('textarea#pgn', { rows: 6, readonly: true, 'aria-label': 'PGN', hidden: !this.pgnText }) as HTMLTextAreaElement;
    pgn.value = this.pgnText;
    fill(this.el.export, [
      h('label.fen', {}, [h('span', {}, tr.anFen), fenInput]),
      h('div.buttons', {}, [
        h('button#show-pgn', { type: 'button', onclick: () => void this.withPgn(() => undefined) }, 'PGN'),
        h('button#copy-pgn', { type: 'button', onclick: () => void this.withPgn(text => void navigator.clipboard?.writeText(text).catch(() => undefined)) }, tr.anCopyPgn),
        h('button#download-pgn', { type: 'button', onclick: () => void this.withPgn(text => this.download(text)) }, tr.anDownloadPgn),
        h('a#to-editor.button', { href: fenPath('/editor', node.pos.fen), 'data-nav': '' }, tr.edTitle),
        h('a#to-import.button', { href: '/import', 'data-nav': '' }, tr.imTitle),
      ]),
      pgn,
    ]);
  }

  /** The tree's PGN from the server (the rules library writes it), shown,
   * then handed to `use`. */
  private async withPgn(use: (text: string) => void): Promise<void> {
    const root = this.root;
    if (!root) return;
    let text: string;
    try {
      text = await api.treePgn({ fen: root.pos.fen, variant: this.variant, tags: this.tags, line: toTreeLine(root) });
    } catch (e) {
      if (!this.destroyed) this.showError(errorText(e));
      return;
    }
    // (Another tree by now: this text is not its PGN.)
    if (this.destroyed || this.root !== root) return;
    this.pgnText = text;
    this.showError('');
    this.drawExport();
    use(this.pgnText);
  }

  private download(text: string): void {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
    const a = h('a', { href: url, download: 'sakk-analysis.pgn' });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** The engine's controls, made once (a frame arriving must not close
   * an open list or take the focus away). */
  private buildEngine(): void {
    const tr = t();
    const toggle = h('input#engine-on', { type: 'checkbox', checked: this.engineOn }) as HTMLInputElement;
    toggle.addEventListener('change', () => {
      this.engineOn = toggle.checked;
      localStorage.setItem('sakk.engine', this.engineOn ? 'on' : 'off');
      this.restartEval();
    });
    const lines = h(
      'select#engine-lines',
      { 'aria-label': tr.anLines },
      [1, 2, 3, 4, 5].map(n => h('option', { value: n, selected: n === this.lines }, String(n))),
    ) as HTMLSelectElement;
    lines.addEventListener('change', () => {
      this.lines = Number(lines.value) || 1;
      localStorage.setItem('sakk.engineLines', String(this.lines));
      this.restartEval();
    });
    fill(this.el.engine, [
      h('div.engine-head', {}, [
        h('label.switch', {}, [toggle, h('span', {}, tr.anEngine)]),
        h('label', {}, [h('span', {}, tr.anLines), lines]),
        this.el.depth,
      ]),
      this.el.pvLines,
    ]);
  }

  /** The engine's status and lines, updated in place. */
  private drawEngine(): void {
    const tr = t();
    const f = this.engineOn ? this.frame : null;
    const fen = this.current?.pos.fen ?? '';
    this.el.depth.textContent = !this.engineOn
      ? ''
      : this.engineError || (f ? `${tr.anDepth} ${f.depth}${f.done ? '' : '…'}` : '…');
    const lines = f?.lines ?? [];
    const list = this.el.pvLines;
    list.hidden = lines.length === 0;
    while (list.children.length > lines.length) list.lastElementChild?.remove();
    lines.forEach((l, i) => {
      let li = list.children[i] as HTMLElement | undefined;
      if (!li) {
        li = h('li.pv', {}, [
          h('strong.score'),
          ' ',
          h('button.pv-play', { type: 'button', onclick: () => this.playLine(i) }),
        ]);
        list.append(li);
      }
      const [score, , button] = Array.from(li.childNodes) as HTMLElement[];
      score.textContent = evalText(l);
      button.textContent = pvText(l.san, fen);
    });
    this.drawBar();
  }

  /** Plays the first move of the engine's line `i`, in the position it is of. */
  private playLine(i: number): void {
    const node = this.current;
    const first = this.frame?.lines[i]?.pv[0];
    if (node && first && this.frameFen === node.pos.fen) void this.play(node, [first]);
  }

  private drawBar(): void {
    const best = this.engineOn ? this.frame?.lines[0] : undefined;
    const ended = this.current?.pos;
    let share = 0;
    if (best) share = best.mate !== null ? Math.sign(best.mate) || (ended?.turn === 'white' ? -1 : 1) : winChance(best.cp ?? 0);
    else if (ended?.result === '1-0') share = 1;
    else if (ended?.result === '0-1') share = -1;
    const fillEl = this.el.bar.firstElementChild as HTMLElement | null;
    if (fillEl) fillEl.style.height = `${Math.round((1 + share) * 50)}%`;
    this.el.bar.setAttribute('aria-valuenow', share.toFixed(2));
    this.el.bar.setAttribute('aria-label', `${t().anEvalBar}: ${best ? evalText(best) : '–'}`);
    this.el.bar.classList.toggle('flipped', this.orientation === 'black');
    this.el.bar.hidden = !this.engineOn;
  }

  private stopEval(): void {
    window.clearTimeout(this.evalTimer);
    this.evalAbort?.abort();
    this.evalAbort = null;
  }

  /** Evaluates the position on show (after a short pause, so that
   * stepping through moves does not start a search for each). */
  private restartEval(): void {
    // The same position and settings: the search under way goes on.
    const key = `${this.current?.pos.fen}|${this.lines}|${this.engineOn}`;
    if (key === this.evalKey && (this.evalAbort || this.frame?.done || this.engineError)) {
      this.drawEngine();
      return;
    }
    this.evalKey = key;
    this.stopEval();
    this.frame = null;
    this.engineError = '';
    this.drawEngine();
    const node = this.current;
    if (!this.engineOn || !node || node.pos.ended) return;
    const abort = new AbortController();
    this.evalAbort = abort;
    this.evalTimer = window.setTimeout(() => void this.evaluate(node, abort), 200);
  }

  private async evaluate(node: Node, abort: AbortController): Promise<void> {
    const query = new URLSearchParams({ fen: node.pos.fen, variant: this.variant, lines: String(this.lines) });
    try {
      const res = await fetch(`/api/analysis/eval?${query}`, { signal: abort.signal, headers: { 'Accept-Language': lang() } });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
        throw new ApiError(res.status, body?.error ?? 'error', body?.message ?? res.statusText);
      }
      await readLines(res, line => {
        if (abort.signal.aborted || this.current !== node) return;
        try {
          this.frame = JSON.parse(line) as EvalFrame;
          this.frameFen = node.pos.fen;
        } catch {
          return;
        }
        this.drawEngine();
      });
    } catch (e) {
      if (abort.signal.aborted) return;
      this.engineError = errorText(e);
      this.drawEngine();
    }
  }
}

/** An engine line in the UI's letters, with move numbers. */
function pvText(sans: string[], fen: string): string {
  const fields = fen.split(' ');
  let number = Number(fields[5] ?? '1') || 1;
  let white = fields[1] !== 'b';
  const out: string[] = [];
  sans.slice(0, 12).forEach((san, i) => {
    if (white) out.push(`${number}.`);
    else if (i === 0) out.push(`${number}...`);
    out.push(localSan(san, lang()));
    if (!white) number++;
    white = !white;
  });
  return out.join(' ');
}

/** The analysis board page. */
export const analysisPage: Page = root => {
  const board = new AnalysisBoard(root);
  void board.mount();
  return () => board.destroy();
};
