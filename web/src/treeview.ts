// The analysis board's moves as lichess shows them: the main line in
// order, each variation in parentheses after the move it replaces, nested
// as deep as it goes; every move a button that shows its position.

import { h } from './dom';
import { localSan } from './notation';
import type { Lang } from './i18n';
import type { EvalLine } from './types';
import { glyphText, moveNumber, type Node } from './tree';

/** An engine score as a reader expects it: `+0.35`, `-1.20`, `#3`, `#-2`. */
export function evalText(l: Pick<EvalLine, 'cp' | 'mate'>): string {
  if (l.mate !== null) return `#${l.mate}`;
  const cp = l.cp ?? 0;
  return `${cp > 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
}

/** The tree from `root`, with `current` marked. */
export function treeView(root: Node, current: Node, lang: Lang, onPick: (n: Node) => void): HTMLElement {
  const move = (n: Node, numbered: boolean): HTMLElement[] => {
    const glyphs = n.nags.map(glyphText).join('');
    const out: HTMLElement[] = [
      h(
        'button.move',
        {
          type: 'button',
          class: n === current ? 'active' : undefined,
          'data-id': n.id,
          'data-uci': n.uci,
          'aria-current': n === current ? 'true' : undefined,
          onclick: () => onPick(n),
        },
        [numbered || n.pos.turn === 'black' ? h('span.num', {}, `${moveNumber(n)} `) : null, localSan(n.san, lang), glyphs ? h('span.glyph', {}, glyphs) : null],
      ),
    ];
    if (n.comment) out.push(h('span.comment', {}, n.comment));
    return out;
  };
  /** The moves from `first` on along main continuations, each move's
   * alternatives nested after it. */
  const line = (first: Node, inVariation: boolean): HTMLElement => {
    const el = h(inVariation ? 'span.variation' : 'div.mainline', {});
    let n: Node | null = first;
    let numbered = true;
    while (n) {
      el.append(...move(n, numbered));
      numbered = !!n.comment;
      const parent: Node | null = n.parent;
      const alternatives = parent && parent.children[0] === n ? parent.children.slice(1) : [];
      for (const alt of alternatives) {
        el.append(h('span.paren', {}, [line(alt, true)]));
        numbered = true;
      }
      n = n.children[0] ?? null;
    }
    return el;
  };
  const first = root.children[0];
  const box = h('div.moves-tree');
  if (root.comment) box.append(h('span.comment', {}, root.comment));
  if (first) box.append(line(first, false));
  return box;
}
