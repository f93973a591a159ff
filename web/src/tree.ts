// The analysis board's tree of moves: each node a position reached by a
// move, its first child the main continuation, the others variations.
// Only the shape lives here; the rules library reads every move
// (`/api/analysis/moves`) and writes the PGN (`/api/analysis/pgn`).

import type { BoardNode, BoardPly, ImportedLine, MoveMarks, TreeLine, TreeMove } from './types';

/** A position of the tree. */
export interface Node {
  /** Unique within its tree. */
  id: number;
  /** The move that led here (UCI); empty at the root. */
  uci: string;
  /** The move in SAN (English letters); empty at the root. */
  san: string;
  /** What the move did. */
  marks: MoveMarks | null;
  /** The position, as the rules read it. */
  pos: BoardNode;
  /** A comment after the move (before the first move, at the root). */
  comment: string;
  /** Annotation glyphs (PGN NAGs). */
  nags: number[];
  /** The main continuation first, then the variations. */
  children: Node[];
  parent: Node | null;
  /** Plies from the root. */
  ply: number;
}

let nextId = 1;

/** A tree with only its start position. */
export function rootNode(pos: BoardNode): Node {
  return { id: nextId++, uci: '', san: '', marks: null, pos, comment: '', nags: [], children: [], parent: null, ply: 0 };
}

/** The child of `parent` reached by `ply`: the one there already, or a new
 * one (the main continuation if it is the first). */
export function addChild(parent: Node, ply: BoardPly): Node {
  const found = parent.children.find(c => c.uci === ply.uci);
  if (found) return found;
  const node: Node = {
    id: nextId++,
    uci: ply.uci,
    san: ply.san,
    marks: ply.marks,
    pos: ply.node,
    comment: '',
    nags: [],
    children: [],
    parent,
    ply: parent.ply + 1,
  };
  parent.children.push(node);
  return node;
}

/** Adds `plies` one after the other from `from`; the last node reached. */
export function addLine(from: Node, plies: BoardPly[]): Node {
  let node = from;
  for (const p of plies) node = addChild(node, p);
  return node;
}

/** Adds an imported game's line after `parent`: each move with its glyphs
 * and comment, its variations as further children of the position before
 * it; the last node of the line. */
export function addImported(parent: Node, line: ImportedLine): Node {
  let node = parent;
  for (const m of line.moves) {
    const before = node;
    const known = before.children.length;
    node = addChild(before, m);
    // (A variation that repeats a move already there follows it, and
    // leaves its glyphs and comment as they are.)
    if (before.children.length > known) {
      node.nags = [...m.nags];
      node.comment = m.comment ?? '';
    }
    for (const v of m.variations) addImported(before, v);
  }
  return node;
}

/** The nodes from the root to `node`, both included. */
export function pathTo(node: Node): Node[] {
  const path: Node[] = [];
  for (let n: Node | null = node; n; n = n.parent) path.push(n);
  return path.reverse();
}

/** The moves (UCI) from the root to `node`. */
export function movesTo(node: Node): string[] {
  return pathTo(node).slice(1).map(n => n.uci);
}

/** `node` and the main continuation after it, to the end. */
export function lineFrom(node: Node): Node[] {
  const line = [node];
  let n = node;
  while (n.children.length) {
    n = n.children[0];
    line.push(n);
  }
  return line;
}

/** The node with this id, searched from `root`. */
export function find(root: Node, id: number): Node | null {
  if (root.id === id) return root;
  for (const c of root.children) {
    const f = find(c, id);
    if (f) return f;
  }
  return null;
}

/** Whether `node` lies on the main line. */
export function onMainLine(node: Node): boolean {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

/** Promotes the variation `node` is on one step: at the nearest branch at
 * or above it, its line becomes the main continuation there. Returns
 * whether anything changed (a node of the main line has nothing to
 * promote). */
export function promote(node: Node): boolean {
  for (let n = node; n.parent; n = n.parent) {
    const siblings = n.parent.children;
    const i = siblings.indexOf(n);
    if (i > 0) {
      siblings.splice(i, 1);
      siblings.unshift(n);
      return true;
    }
  }
  return false;
}

/** Makes `node`'s line the main line, all the way up. */
export function makeMainLine(node: Node): void {
  while (promote(node)) {
    /* each step raises it one branch */
  }
}

/** Deletes `node` and everything after it; its parent, where the reader
 * goes next (null for the root, which stays). */
export function remove(node: Node): Node | null {
  const parent = node.parent;
  if (!parent) return null;
  parent.children = parent.children.filter(c => c !== node);
  return parent;
}

/** The glyphs of a move's quality: one at a time. */
export const MOVE_GLYPHS: [number, string][] = [
  [1, '!'],
  [2, '?'],
  [3, '!!'],
  [4, '??'],
  [5, '!?'],
  [6, '?!'],
];

/** Sets the move-quality glyph `nag` on `node`, or takes it off if it is
 * there already (the others of its kind go). */
export function toggleGlyph(node: Node, nag: number): void {
  const had = node.nags.includes(nag);
  node.nags = node.nags.filter(n => n > 6);
  if (!had) node.nags.unshift(nag);
}

/** A glyph's symbol (`$1` → `!`), or `$n` for one without. */
export function glyphText(nag: number): string {
  return MOVE_GLYPHS.find(([n]) => n === nag)?.[1] ?? `$${nag}`;
}

function treeMove(n: Node, variations: TreeLine[]): TreeMove {
  return { uci: n.uci, nags: n.nags, comment: n.comment || undefined, variations };
}

/** The moves after `parent` as PGN nests them: each main move with the
 * lines played instead of it. */
function movesAfter(parent: Node): TreeMove[] {
  const out: TreeMove[] = [];
  let p = parent;
  while (p.children.length) {
    const [main, ...others] = p.children;
    out.push(
      treeMove(
        main,
        others.map(o => ({ moves: [treeMove(o, []), ...movesAfter(o)] })),
      ),
    );
    p = main;
  }
  return out;
}

/** The tree as the server's PGN writer takes it. */
export function toTreeLine(root: Node): TreeLine {
  return { comment: root.comment || undefined, moves: movesAfter(root) };
}

/** The move number and dots before `node`'s move (`12.`, `12...`). */
export function moveNumber(node: Node): string {
  const parentFen = node.parent?.pos.fen ?? node.pos.fen;
  const fields = parentFen.split(' ');
  const number = Number(fields[5] ?? '1') || 1;
  return fields[1] === 'b' ? `${number}...` : `${number}.`;
}
