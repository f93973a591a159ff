// The board editor (/editor, /editor/<FEN>): pieces placed and removed by
// drag and click, the side to move, castling rights, the en passant
// square; the position checked by the rules library on the server, its
// reason shown in the UI's language while it is not legal; from it: the
// analysis board, a game against the computer or with a friend, the FEN.

import { Chessground } from '@lichess-org/chessground';
import type { Api as CgApi } from '@lichess-org/chessground/api';
import type { Key, Piece, Role, Color } from '@lichess-org/chessground/types';
import { h, fill, labelled } from './dom';
import { t } from './i18n';
import { api, errorText } from './api';
import { copyLinkRow } from './copylink';
import { fenOfPath, fenPath, navigate } from './nav';
import { rememberSeat } from './seats';
import { pieceEl } from './promotion';
import { boardKeys } from './boardkeys';
import type { Page } from './main';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ROLES: Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];

/** What a click on the board does: move pieces, remove one, or place one. */
type Tool = 'pointer' | 'trash' | Piece;

/** Each castling right: its letter, and where its king and rook stand. */
const RIGHTS: { letter: string; color: Color; king: Key; rook: Key }[] = [
  { letter: 'K', color: 'white', king: 'e1', rook: 'h1' },
  { letter: 'Q', color: 'white', king: 'e1', rook: 'a1' },
  { letter: 'k', color: 'black', king: 'e8', rook: 'h8' },
  { letter: 'q', color: 'black', king: 'e8', rook: 'a8' },
];

class Editor {
  private cg: CgApi | null = null;
  private tool: Tool = 'pointer';
  private turn: Color = 'white';
  private rights = new Set<string>(['K', 'Q', 'k', 'q']);
  private ep = '-';
  private orientation: Color = 'white';
  private legal = false;
  private checkTimer = 0;
  private checked = '';
  private destroyed = false;
  private unkeys: (() => void) | null = null;
  private readonly el = {
    board: h('div.board.cg-wrap'),
    spares: { white: h('div.spares.white'), black: h('div.spares.black') },
    tools: h('div.tools'),
    setup: h('section.editor-setup'),
    verdict: h('p.verdict', { role: 'status', 'aria-live': 'polite' }),
    actions: h('section.editor-actions'),
    links: h('div.editor-links'),
    announce: h('p.sr-only', { 'aria-live': 'polite' }),
  };

  constructor(private readonly host: HTMLElement) {}

  mount(): void {
    const tr = t();
    const fen = fenOfPath('/editor') ?? START;
    fill(this.host, [
      h('h1', {}, tr.edTitle),
      h('div.editor', {}, [
        h('div.board-side', {}, [this.el.spares.black, this.el.board, this.el.spares.white, this.el.tools]),
        h('div.panel', {}, [this.el.setup, this.el.verdict, this.el.actions, this.el.links]),
      ]),
      this.el.announce,
    ]);
    this.cg = Chessground(this.el.board, {
      coordinates: true,
      autoCastle: false,
      animation: { enabled: false },
      highlight: { lastMove: false, check: false },
      movable: { free: true, color: 'both', showDests: false },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true, deleteOnDropOff: true },
      events: { change: () => this.changed(), select: key => this.clicked(key) },
    });
    this.unkeys = boardKeys(this.el.board, () => this.cg ?? undefined, text => (this.el.announce.textContent = text));
    this.buildSpares();
    this.load(fen);
  }

  destroy(): void {
    this.destroyed = true;
    window.clearTimeout(this.checkTimer);
    this.unkeys?.();
    this.cg?.destroy();
  }

  /** Sets the editor to a FEN's board and fields. */
  private load(fen: string): void {
    const [board = '', turn = 'w', castling = '-', ep = '-'] = fen.trim().split(/\s+/);
    this.turn = turn === 'b' ? 'black' : 'white';
    this.rights = new Set(castling === '-' ? [] : castling.split('').filter(c => 'KQkq'.includes(c)));
    this.ep = /^[a-h][36]$/.test(ep) ? ep : '-';
    this.cg?.set({ fen: board, orientation: this.orientation });
    this.changed();
  }

  private pieces(): Map<Key, Piece> {
    return (this.cg?.state.pieces ?? new Map()) as Map<Key, Piece>;
  }

  /** Whether a castling right's king and rook stand where it needs them. */
  private possible(r: (typeof RIGHTS)[number]): boolean {
    const king = this.pieces().get(r.king);
    const rook = this.pieces().get(r.rook);
    return king?.role === 'king' && king.color === r.color && rook?.role === 'rook' && rook.color === r.color;
  }

  /** The position as a FEN: the board, the fields, the rights possible. */
  fen(): string {
    const board = this.cg?.getFen() ?? '8/8/8/8/8/8/8/8';
    const castling = RIGHTS.filter(r => this.rights.has(r.letter) && this.possible(r)).map(r => r.letter).join('') || '-';
    return `${board} ${this.turn === 'white' ? 'w' : 'b'} ${castling} ${this.ep} 0 1`;
  }

  private clicked(key: Key): void {
    if (this.tool === 'pointer' || !this.cg) return;
    const piece = this.tool === 'trash' ? undefined : this.tool;
    this.cg.setPieces(new Map([[key, piece]]));
    this.cg.selectSquare(null);
    this.changed();
  }

  private changed(): void {
    if (this.destroyed) return;
    // The setup is drawn anew: the control in use keeps the focus.
    const active = document.activeElement as HTMLElement | null;
    const focused = active && this.el.setup.contains(active) ? active.id : '';
    this.drawSpares();
    this.drawSetup();
    if (focused) document.getElementById(focused)?.focus();
    window.clearTimeout(this.checkTimer);
    this.checkTimer = window.setTimeout(() => void this.check(), 150);
  }

  /** Asks the rules library whether the position is legal, and why not. */
  private async check(): Promise<void> {
    const fen = this.fen();
    const tr = t();
    this.checked = fen;
    try {
      await api.readLine({ fen, variant: 'standard' });
      if (this.destroyed || this.checked !== fen) return;
      this.legal = true;
      this.el.verdict.className = 'verdict legal';
      this.el.verdict.textContent = tr.edLegal;
    } catch (e) {
      if (this.destroyed || this.checked !== fen) return;
      this.legal = false;
      this.el.verdict.className = 'verdict illegal error';
      this.el.verdict.textContent = errorText(e);
    }
    this.drawActions();
  }

  /** The palettes and tools, made once; [`drawSpares`] marks the chosen. */
  private buildSpares(): void {
    const tr = t();
    const names: Record<Role, string> = { king: tr.king, queen: tr.queen, rook: tr.rook, bishop: tr.bishop, knight: tr.knight, pawn: tr.pawn };
    const colorName = (c: Color) => (c === 'white' ? tr.white : tr.black);
    for (const color of ['white', 'black'] as Color[]) {
      fill(
        this.el.spares[color],
        ROLES.map(role => {
          const name = `${colorName(color)} ${names[role]}`;
          const b = h('button.spare.cg-wrap', { type: 'button', 'data-role': role, 'data-color': color, 'aria-label': name, title: name }, [pieceEl(role, color)]);
          const choose = () => {
            this.tool = { role, color };
            this.drawSpares();
          };
          // Dragged onto the board, or chosen (click, keyboard, a screen
          // reader's click) for the squares clicked next.
          const drag = (ev: MouseEvent | TouchEvent) => {
            if (ev instanceof MouseEvent && ev.button !== 0) return;
            choose();
            this.cg?.dragNewPiece({ role, color }, ev as unknown as Parameters<CgApi['dragNewPiece']>[1]);
          };
          b.addEventListener('mousedown', drag);
          b.addEventListener('touchstart', drag, { passive: false });
          b.addEventListener('click', choose);
          return b;
        }),
      );
    }
    const tool = (id: string, which: 'pointer' | 'trash', text: string) =>
      h(`button#${id}.tool`, { type: 'button', 'data-tool': which, onclick: () => { this.tool = which; this.drawSpares(); } }, text);
    fill(this.el.tools, [tool('tool-pointer', 'pointer', tr.edPointer), tool('tool-trash', 'trash', tr.edTrash)]);
  }

  /** Marks the tool chosen. */
  private drawSpares(): void {
    const tool = this.tool;
    for (const b of Array.from(this.host.querySelectorAll<HTMLElement>('button.spare, button.tool'))) {
      const chosen =
        typeof tool === 'object' ? b.dataset.role === tool.role && b.dataset.color === tool.color : b.dataset.tool === tool;
      b.setAttribute('aria-pressed', String(chosen));
    }
  }

  private drawSetup(): void {
    const tr = t();
    const turn = h('select#editor-turn', {}, [
      h('option', { value: 'white', selected: this.turn === 'white' }, tr.whiteToMove),
      h('option', { value: 'black', selected: this.turn === 'black' }, tr.blackToMove),
    ]) as HTMLSelectElement;
    turn.addEventListener('change', () => {
      this.turn = turn.value === 'black' ? 'black' : 'white';
      this.ep = '-';
      this.changed();
    });
    const rightNames: Record<string, string> = { K: `${tr.white} O-O`, Q: `${tr.white} O-O-O`, k: `${tr.black} O-O`, q: `${tr.black} O-O-O` };
    const rights = RIGHTS.map(r => {
      const box = h('input', { type: 'checkbox', id: `castle-${r.letter === r.letter.toUpperCase() ? 'w' : 'b'}${r.letter.toLowerCase()}`, checked: this.rights.has(r.letter), disabled: !this.possible(r) }) as HTMLInputElement;
      box.addEventListener('change', () => {
        if (box.checked) this.rights.add(r.letter);
        else this.rights.delete(r.letter);
        this.changed();
      });
      return h('label.check', {}, [box, h('span', {}, rightNames[r.letter])]);
    });
    const rank = this.turn === 'white' ? '6' : '3';
    const ep = h('select#editor-ep', {}, [
      h('option', { value: '-', selected: this.ep === '-' }, tr.edNone),
      ...'abcdefgh'.split('').map(f => h('option', { value: `${f}${rank}`, selected: this.ep === `${f}${rank}` }, `${f}${rank}`)),
    ]) as HTMLSelectElement;
    ep.addEventListener('change', () => {
      this.ep = ep.value;
      this.changed();
    });
    const fenInput = h('input#editor-fen', { type: 'text', value: this.fen(), spellcheck: 'false', 'aria-label': 'FEN' }) as HTMLInputElement;
    fenInput.addEventListener('change', () => this.load(fenInput.value));
    const button = (id: string, text: string, action: () => void) => h(`button#${id}`, { type: 'button', onclick: action }, text);
    fill(this.el.setup, [
      labelled(tr.edTurn, turn),
      h('fieldset.castling', {}, [h('legend', {}, tr.edCastling), ...rights]),
      labelled(tr.edEnPassant, ep),
      h('div.buttons', {}, [
        button('editor-start', tr.edStart, () => this.load(START)),
        button('editor-clear', tr.edClear, () => this.load('8/8/8/8/8/8/8/8 w - - 0 1')),
        button('editor-flip', tr.flip, () => {
          this.orientation = this.orientation === 'white' ? 'black' : 'white';
          this.cg?.set({ orientation: this.orientation });
        }),
      ]),
      h('label.fen', {}, [h('span', {}, 'FEN'), fenInput]),
    ]);
  }

  private drawActions(): void {
    const tr = t();
    const fen = this.fen();
    const off = !this.legal;
    fill(this.el.actions, [
      h('div.buttons', {}, [
        h('a#editor-analyse.button', { href: off ? undefined : fenPath('/analysis', fen), 'data-nav': '', 'aria-disabled': String(off) }, tr.edAnalyse),
        h('button#editor-computer', { type: 'button', disabled: off, onclick: () => void this.play('computer') }, tr.edComputer),
        h('button#editor-friend', { type: 'button', disabled: off, onclick: () => void this.play('friend') }, tr.edFriend),
        h('button#editor-copy', {
          type: 'button',
          onclick: (ev: Event) => {
            void navigator.clipboard?.writeText(fen).catch(() => undefined);
            (ev.target as HTMLElement).textContent = tr.copied;
          },
        }, `${tr.copy} FEN`),
      ]),
    ]);
  }

  /** A game from this position: against the computer (the side to move
   * is yours), or with a friend (the links to hand out). */
  private async play(opponent: 'computer' | 'friend'): Promise<void> {
    const fen = this.fen();
    const level = Number(localStorage.getItem('sakk.home.level') ?? 3) || 3;
    try {
      const created = await api.create({ opponent, fen, color: this.turn, level: opponent === 'computer' ? level : undefined, clock: undefined });
      const own = created.tokens[this.turn] ?? '';
      rememberSeat(created.id, own);
      if (opponent === 'computer') {
        navigate(`/game/${created.id}`);
        return;
      }
      const theirs = created.tokens[this.turn === 'white' ? 'black' : 'white'] ?? '';
      const base = location.origin;
      const tr = t();
      fill(this.el.links, [
        copyLinkRow(tr.sendLink, `${base}/game/${created.id}#token=${theirs}`, { class: 'friend-link' }),
        copyLinkRow(tr.yourLink, `${base}/game/${created.id}#token=${own}`, { class: 'own-link' }),
        h('a.button.primary', { href: `/game/${created.id}`, 'data-nav': '' }, tr.goToGame),
      ]);
    } catch (e) {
      this.el.verdict.className = 'verdict error';
      this.el.verdict.textContent = errorText(e);
    }
  }
}

/** The board editor page. */
export const editorPage: Page = root => {
  const editor = new Editor(root);
  editor.mount();
  return () => editor.destroy();
};
