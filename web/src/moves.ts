// The move list and the evaluation graph of the game page.

import { h } from './dom';
import { localSan } from './notation';
import type { Lang } from './i18n';
import type { Analysed } from './api';
import type { FactCode, MoveMarks } from './types';

/** A move's annotation from the engine's analysis. */
export type Judgement = '??' | '?' | '?!' | '';

/** The score of an analysed position in centipawns from White's side, mates as ±10000. */
export function whiteCp(p: Analysed): number {
  if (p.mate !== null) return p.mate > 0 ? 10000 - p.mate : -10000 - p.mate;
  return p.cp ?? 0;
}

/** The winning chance of White, -1…1, for the graph and the judgements (as lichess does it). */
export function winChance(cp: number): number {
  return 2 / (1 + Math.exp(-0.00368208 * Math.max(-2000, Math.min(2000, cp)))) - 1;
}

/** Judges each move by how much winning chance the mover lost. */
export function judge(plies: Analysed[]): Judgement[] {
  const out: Judgement[] = [];
  for (let i = 1; i < plies.length; i++) {
    const before = winChance(whiteCp(plies[i - 1]));
    const after = winChance(whiteCp(plies[i]));
    const moverIsWhite = (i - 1) % 2 === 0;
    const loss = (moverIsWhite ? before - after : after - before) / 2;
    out.push(loss >= 0.3 ? '??' : loss >= 0.2 ? '?' : loss >= 0.1 ? '?!' : '');
  }
  return out;
}

/** The move list: a table of move pairs, each move a button that shows its position. */
export function moveList(
  sans: string[],
  firstTurn: 'white' | 'black',
  firstMoveNumber: number,
  cursor: number,
  lang: Lang,
  judgements: Judgement[],
  onPick: (ply: number) => void,
  declared?: string,
  marks: MoveMarks[] = [],
  factName: (code: FactCode) => string = c => c,
): HTMLElement {
  const rows: HTMLElement[] = [];
  let row: HTMLElement | null = null;
  const offset = firstTurn === 'black' ? 1 : 0;
  sans.forEach((san, i) => {
    const slot = i + offset;
    if (slot % 2 === 0 || row === null) {
      row = h('li', {}, [h('span.num', {}, `${firstMoveNumber + Math.floor(slot / 2)}.`)]);
      if (slot % 2 === 1) row.append(h('span.move.empty', {}, '…'));
      rows.push(row);
    }
    const j = judgements[i] ?? '';
    // What the move did, in words (tooltip and screen readers), and a
    // glyph for what SAN does not show: forks, discovered and double check.
    const m = marks[i];
    const forking = (c: string) => c.endsWith('fork') || c === 'double_attack';
    const words = (m?.facts ?? []).map(c => (forking(c) && m?.forked.length ? `${factName(c)}: ${m.forked.join(', ')}` : factName(c)));
    if (declared && i === sans.length - 1) words.push(declared);
    // The seed's knight forks with check ⋔, a double attack by any piece ⚔.
    const glyph = (m?.facts ?? []).some(c => c.endsWith('fork'))
      ? '⋔'
      : m?.facts.includes('double_check')
        ? '⇉'
        : m?.facts.includes('discovered_check')
          ? '↗'
          : m?.facts.includes('double_attack')
            ? '⚔'
            : '';
    const btn = h(
      'button.move',
      {
        type: 'button',
        'data-ply': i + 1,
        class: `${cursor === i + 1 ? 'current' : ''} ${j === '??' ? 'blunder' : j === '?' ? 'mistake' : j === '?!' ? 'inaccuracy' : ''}`,
        'aria-current': cursor === i + 1 ? 'true' : undefined,
        // The move a correct draw claim declared: on the scoresheet, marked.
        title: words.length ? words.join(' · ') : undefined,
        'aria-label': words.length ? `${localSan(san, lang)}${j} (${words.join(', ')})` : undefined,
        'data-facts': m?.facts.length ? m.facts.join(' ') : undefined,
        'data-declared': declared && i === sans.length - 1 ? 'true' : undefined,
      },
      [localSan(san, lang) + j, glyph ? h('span.fact', { 'aria-hidden': 'true' }, glyph) : null],
    );
    btn.addEventListener('click', () => onPick(i + 1));
    row.append(btn);
  });
  return h('ol.moves', {}, rows);
}

/** The evaluation graph: White's winning chance after every ply; click to go there. */
export function evalGraph(plies: Analysed[], cursor: number, judgements: Judgement[], label: string, onPick: (ply: number) => void): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const w = 600;
  const hgt = 120;
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${hgt}`);
  svg.setAttribute('class', 'eval-graph');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  const n = Math.max(plies.length - 1, 1);
  const x = (i: number) => (i / n) * w;
  const y = (p: Analysed) => hgt / 2 - (winChance(whiteCp(p)) * hgt) / 2;
  let d = `M0 ${hgt} `;
  plies.forEach((p, i) => (d += `L${x(i).toFixed(1)} ${y(p).toFixed(1)} `));
  d += `L${w} ${hgt} Z`;
  const area = document.createElementNS(ns, 'path');
  area.setAttribute('d', d);
  area.setAttribute('class', 'white-area');
  svg.append(area);
  const mid = document.createElementNS(ns, 'line');
  mid.setAttribute('x1', '0');
  mid.setAttribute('x2', String(w));
  mid.setAttribute('y1', String(hgt / 2));
  mid.setAttribute('y2', String(hgt / 2));
  mid.setAttribute('class', 'mid');
  svg.append(mid);
  judgements.forEach((j, i) => {
    if (!j) return;
    const c = document.createElementNS(ns, 'circle');
    c.setAttribute('cx', x(i + 1).toFixed(1));
    c.setAttribute('cy', y(plies[i + 1]).toFixed(1));
    c.setAttribute('r', '4');
    c.setAttribute('class', j === '??' ? 'blunder' : j === '?' ? 'mistake' : 'inaccuracy');
    svg.append(c);
  });
  const cur = document.createElementNS(ns, 'line');
  cur.setAttribute('x1', x(cursor).toFixed(1));
  cur.setAttribute('x2', x(cursor).toFixed(1));
  cur.setAttribute('y1', '0');
  cur.setAttribute('y2', String(hgt));
  cur.setAttribute('class', 'cursor');
  svg.append(cur);
  svg.addEventListener('click', ev => {
    const r = svg.getBoundingClientRect();
    const ply = Math.round(((ev.clientX - r.left) / r.width) * n);
    onPick(Math.max(0, Math.min(n, ply)));
  });
  return svg;
}

/** Below this many milliseconds a clock of `initialMs` warns of low time:
 * a tenth of the initial time, at least 10 s and at most 30 s. */
export function lowTime(initialMs: number): number {
  return Math.min(30_000, Math.max(10_000, initialMs * 0.1));
}

/** Milliseconds as a clock shows them: h:mm:ss, m:ss, or s.t under 10 seconds. */
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) return `0:0${(Math.floor(clamped / 100) / 10).toFixed(1)}`;
  const total = Math.ceil(clamped / 1000);
  const hh = Math.floor(total / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = total % 60;
  const two = (v: number) => String(v).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}
