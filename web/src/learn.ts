// The rules guide (/learn): one lesson for each rule of the documents, on a
// live board. The positions and tasks are data (learn/lessons.json), the
// texts too (learn/<lang>.ftl); every move is judged by the server's rules
// library (POST /api/rules/try), so a refused move is explained exactly as
// in play. Progress is kept in the browser.

import { Chessground } from '@lichess-org/chessground';
import type { Api as CgApi } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { h, fill } from './dom';
import { catalogue, factName, lang, message, namedMateName, t } from './i18n';
import { api, ApiError, type TrialResult } from './api';
import type { Trial, TrialAction } from './types';
import { askPromotion } from './promotion';
import { boardKeys } from './boardkeys';
import { localSan } from './notation';
import type { Page } from './main';
import data from '../learn/lessons.json';
import enLearn from '../learn/en.ftl';
import huLearn from '../learn/hu.ftl';

/** What the rules' answer must show for a task to be done; every field
 * given must hold (the same test as crates/server/src/routes/rules.rs). */
export interface Goal {
  uci?: string[];
  fact?: string;
  termination?: string;
}

/** A lesson's task: moves on the board, a move typed in notation, or a question. */
export type Task =
  | { kind: 'board'; goal: Goal }
  | { kind: 'type'; lang: string; goal: Goal }
  | { kind: 'choice'; options: number; answer: number };

/** A lesson, as learn/lessons.json has it. */
export interface Lesson {
  id: string;
  fen: string;
  moves?: string[];
  touched?: string[];
  task: Task;
  refused?: [string, string][];
  actions?: ('claim' | 'flag')[];
}

/** Every lesson, in order. */
export const LESSONS: Lesson[] = (data as { lessons: Lesson[] }).lessons;

const words = catalogue({ en: enLearn, hu: huLearn });
const text = (l: Lesson, part: string) => words.get(`learn-${l.id.replace(/_/g, '-')}-${part}`);

/** Whether the rules' answer `r` does what `goal` asks. */
export function reached(goal: Goal, r: TrialResult): boolean {
  return (
    (!goal.uci?.length || (r.uci !== null && goal.uci.includes(r.uci))) &&
    (!goal.fact || (r.marks?.facts ?? []).includes(goal.fact)) &&
    (!goal.termination || r.termination === goal.termination)
  );
}

const STORE = 'sakk.learn.done';

function loadDone(): Set<string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(STORE) ?? '[]');
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The guide's page. */
export const learnPage: Page = root => {
  const view = new LearnView(root);
  return () => view.destroy();
};

class LearnView {
  private cg: CgApi | undefined;
  private unkeys: () => void = () => {};
  private done = loadDone();
  private lesson: Lesson = LESSONS[0];
  /** The moves since the lesson's position (its own `moves` first). */
  private history: string[] = [];
  private over = false;

  private readonly el = {
    list: h('ol.lessons', {}),
    progress: h('p.progress', {}),
    title: h('h2#lesson-title', {}),
    rule: h('p.rule', {}),
    task: h('p.task', {}),
    board: h('div.cg-wrap.board', {}),
    promo: h('div.promotion', { hidden: true, role: 'dialog', 'aria-label': t().promoteTo }),
    controls: h('div.controls', {}),
    feedback: h('div.feedback', { role: 'status', 'aria-live': 'polite' }),
    finished: h('div.finished', { hidden: true }),
    live: h('div.sr-only', { 'aria-live': 'polite' }),
  };

  constructor(root: HTMLElement) {
    const tr = t();
    document.title = `${tr.learnTitle} · sakk`;
    fill(root, [
      h('div.learn', {}, [
        h('nav.lesson-nav', { 'aria-labelledby': 'lessons-heading' }, [
          h('h2#lessons-heading', {}, tr.learnLessons),
          this.el.progress,
          this.el.list,
        ]),
        h('section.lesson', { 'aria-labelledby': 'lesson-title' }, [
          h('h1', {}, tr.learnTitle),
          h('p.intro', {}, tr.learnIntro),
          h('article', {}, [
            this.el.title,
            this.el.rule,
            this.el.task,
            h('div.board-wrap', {}, [this.el.board, this.el.promo]),
            this.el.feedback,
            this.el.controls,
            this.el.finished,
          ]),
        ]),
        this.el.live,
      ]),
    ]);
    this.cg = Chessground(this.el.board, {
      coordinates: true,
      animation: { enabled: true, duration: 150 },
      highlight: { lastMove: true, check: true },
      movable: { free: true, showDests: false, events: { after: (o, d) => void this.boardMove(o, d) } },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
    });
    this.unkeys = boardKeys(this.el.board, () => this.cg, s => (this.el.live.textContent = s));
    window.addEventListener('hashchange', this.onHash);
    this.onHash();
  }

  destroy(): void {
    window.removeEventListener('hashchange', this.onHash);
    this.unkeys();
    this.cg?.destroy();
  }

  private readonly onHash = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const lesson = LESSONS.find(l => l.id === id) ?? LESSONS.find(l => !this.done.has(l.id)) ?? LESSONS[0];
    this.open(lesson);
  };

  private drawList(): void {
    const tr = t();
    this.el.progress.textContent = message(lang(), 'web-learn-progress', { done: this.done.size, total: LESSONS.length });
    fill(
      this.el.list,
      LESSONS.map(l =>
        h('li', {}, [
          h(
            'a',
            {
              href: `#${l.id}`,
              'data-lesson': l.id,
              'aria-current': l.id === this.lesson.id ? 'page' : undefined,
              class: this.done.has(l.id) ? 'done' : undefined,
            },
            [text(l, 'title'), this.done.has(l.id) ? h('span.tick', { 'aria-label': tr.learnDone }, ' ✓') : null],
          ),
        ]),
      ),
    );
  }

  private open(lesson: Lesson): void {
    this.lesson = lesson;
    this.history = [...(lesson.moves ?? [])];
    this.over = false;
    this.el.title.textContent = text(lesson, 'title');
    this.el.rule.textContent = text(lesson, 'text');
    fill(this.el.task, [h('strong', {}, `${t().learnTask}: `), text(lesson, 'task')]);
    this.el.feedback.textContent = '';
    this.el.feedback.className = 'feedback';
    this.el.finished.hidden = true;
    this.drawList();
    this.drawControls();
    // The new texts above the board moved it: chessground must measure again.
    this.cg?.state.dom.bounds.clear();
    void this.position();
  }

  /** Sets the board to the lesson's position after its moves so far. */
  private async position(): Promise<void> {
    const l = this.lesson;
    let fen = l.fen;
    let last: [Key, Key] | undefined;
    let check = false;
    if (this.history.length > 0) {
      // The position after the lesson's own moves: replayed by the rules
      // (the last of them played as the trial's action).
      const moves = this.history.slice(0, -1);
      const r = await api.trial({ fen: l.fen, moves, action: { kind: 'move', text: this.history[this.history.length - 1] } });
      fen = r.fen;
      check = r.check;
      const u = r.uci ?? '';
      last = [u.slice(0, 2) as Key, u.slice(2, 4) as Key];
    }
    const turn = fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const custom = new Map<Key, string>();
    for (const sq of this.touchedNow()) custom.set(sq as Key, 'touched');
    this.cg?.set({
      fen,
      orientation: (l.fen.split(' ')[1] === 'b' ? 'black' : 'white') as 'white' | 'black',
      turnColor: turn,
      lastMove: last,
      check: check ? turn : false,
      highlight: { lastMove: true, check: true, custom },
      movable: { color: this.over || l.task.kind === 'type' ? undefined : turn, dests: new Map() },
    });
  }

  private touchedNow(): string[] {
    return this.history.length === (this.lesson.moves ?? []).length ? this.lesson.touched ?? [] : [];
  }

  private drawControls(): void {
    const tr = t();
    const l = this.lesson;
    const parts: HTMLElement[] = [];
    if (l.task.kind === 'type') {
      const input = h('input#learn-move', { type: 'text', autocomplete: 'off', spellcheck: 'false', 'aria-label': tr.learnTypeMove, placeholder: tr.learnTypeMove });
      const form = h('form.type-move', {}, [input, h('button', { type: 'submit' }, tr.learnCheck)]);
      const task = l.task;
      form.addEventListener('submit', ev => {
        ev.preventDefault();
        if (input.value.trim()) void this.act({ kind: 'move', text: input.value.trim(), lang: task.lang });
      });
      parts.push(form);
    }
    if (l.task.kind === 'choice') {
      const answer = l.task.answer;
      parts.push(
        h(
          'div.options',
          { role: 'group', 'aria-labelledby': 'lesson-title' },
          Array.from({ length: l.task.options }, (_, i) =>
            h('button.option', { type: 'button', 'data-option': i + 1, onclick: () => this.choose(i + 1 === answer) }, text(l, `option-${i + 1}`)),
          ),
        ),
      );
    }
    for (const a of l.actions ?? []) {
      parts.push(h('button.action', { type: 'button', 'data-action': a, onclick: () => void this.act({ kind: a }) }, a === 'flag' ? tr.learnFlag : tr.learnClaim));
    }
    parts.push(h('button.reset', { type: 'button', onclick: () => this.open(this.lesson) }, tr.learnReset));
    fill(this.el.controls, parts);
  }

  private async boardMove(orig: Key, dest: Key): Promise<void> {
    const piece = this.cg?.state.pieces.get(dest);
    let uci = `${orig}${dest}`;
    if (piece?.role === 'pawn' && (dest[1] === '8' || dest[1] === '1')) {
      const role = await askPromotion(this.el.promo, piece.color, dest);
      if (!role) {
        void this.position();
        return;
      }
      uci += role;
    }
    await this.act({ kind: 'move', text: uci });
  }

  /** Asks the rules for `action` in the lesson's position now. */
  private async act(action: TrialAction): Promise<void> {
    const l = this.lesson;
    if (this.over) return;
    const trial: Trial = { fen: l.fen, moves: this.history, touched: this.touchedNow(), action };
    let r: TrialResult;
    try {
      r = await api.trial(trial);
    } catch (e) {
      const msg = e instanceof ApiError ? (lang() === 'hu' ? e.messageHu : e.messageEn) : String(e);
      this.say(`${t().refused}: ${msg}`, 'refused');
      await this.position();
      return;
    }
    if (r.uci) this.history = [...this.history, r.uci];
    this.over = r.termination !== null;
    const said: string[] = [];
    if (r.san) said.push(`${t().learnPlayed}: ${localSan(r.san, lang())}`);
    const facts = (r.marks?.facts ?? []).filter(f => f !== 'capture' || r.marks?.facts.length === 1);
    if (facts.length) said.push(facts.map(factName).join(', '));
    const ended = lang() === 'hu' ? r.description_hu : r.description_en;
    if (ended) said.push(r.named_mate ? `${ended} (${namedMateName(r.named_mate)})` : ended);
    this.say(said.join(' — '), 'accepted');
    await this.position();
    const task = l.task;
    if (task.kind !== 'choice' && reached(task.goal, r)) this.complete();
  }

  private choose(right: boolean): void {
    if (right) this.complete();
    else this.say(t().learnWrong, 'wrong');
  }

  private say(words: string, kind: string): void {
    this.el.feedback.textContent = words;
    this.el.feedback.className = `feedback ${kind}`;
  }

  private complete(): void {
    const tr = t();
    const l = this.lesson;
    this.done.add(l.id);
    localStorage.setItem(STORE, JSON.stringify([...this.done]));
    const next = LESSONS[LESSONS.indexOf(l) + 1];
    const nextButton = next ? h('a.next', { href: `#${next.id}` }, `${tr.learnNext}: ${text(next, 'title')}`) : null;
    fill(this.el.finished, [h('p.done-title', {}, tr.learnDone), h('p', {}, text(l, 'done')), nextButton]);
    this.el.finished.hidden = false;
    this.drawList();
    (nextButton ?? this.el.finished).focus();
  }
}
