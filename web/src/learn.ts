// The rules guide (/learn): one lesson for each rule of the documents, on a
// live board. The positions and tasks are data (learn/lessons.json), the
// texts in the one catalogue tree (crates/i18n/locales/<lang>/learn.ftl); every move is judged by the server's rules
// library (POST /api/rules/try), so a refused move is explained exactly as
// in play. Progress is kept in the browser.

import { Chessground } from '@lichess-org/chessground';
import type { Api as CgApi } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { h, fill } from './dom';
import { catalogue, factName, lang, message, namedMateName, outcomeText, t } from './i18n';
import { ApiError, errorText, type TrialResult } from './api';
import { judged, keepAnswers } from './kept';
import type { FactCode, TerminationCode, Trial, TrialAction } from './types';
import { askPromotion } from './promotion';
import { boardKeys } from './boardkeys';
import { localSan } from './notation';
import type { Page } from './main';
import data from '../learn/lessons.json';
import enLearn from '../../crates/i18n/locales/en/learn.ftl';
import huLearn from '../../crates/i18n/locales/hu/learn.ftl';

/** What the rules' answer must show for a task to be done; every field
 * given must hold (the same test as crates/server/src/routes/rules.rs). */
export interface Goal {
  uci?: string[];
  fact?: FactCode;
  termination?: TerminationCode;
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

type Color = 'white' | 'black';

/** What the board shows. */
interface View {
  fen: string;
  last: [Key, Key] | undefined;
  check: boolean;
}

/** The side to move in `fen`. */
const turnOf = (fen: string): Color => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

/** The board after an accepted move. */
function viewOf(r: TrialResult): View {
  const u = r.uci ?? '';
  return { fen: r.fen, last: u ? [u.slice(0, 2) as Key, u.slice(2, 4) as Key] : undefined, check: r.check };
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
  // Every lesson's answers kept for use without a network (the first
  // visit asks them; later ones use them when the server cannot be reached).
  void keepAnswers();
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
  /** A trial is on its way: further moves wait for its answer. */
  private busy = false;
  private orientation: Color = 'white';
  private view: View = { fen: LESSONS[0].fen, last: undefined, check: false };

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
    this.busy = false;
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
    void this.start(lesson);
  }

  /** Shows the lesson's position after its own moves (replayed by the
   * rules: the last of them played as a trial's action), turned to the
   * side the learner plays first. */
  private async start(lesson: Lesson): Promise<void> {
    let view: View = { fen: lesson.fen, last: undefined, check: false };
    const moves = lesson.moves ?? [];
    if (moves.length > 0) {
      try {
        view = viewOf(await judged(lesson.id, { fen: lesson.fen, moves: moves.slice(0, -1), action: { kind: 'move', text: moves[moves.length - 1] } }));
      } catch (e) {
        this.say(e instanceof ApiError && e.code === 'network' ? words.get('learn-offline', {}) : errorText(e), 'refused');
      }
    }
    if (this.lesson !== lesson) return; // another lesson was opened meanwhile
    this.orientation = turnOf(view.fen);
    this.show(view);
  }

  /** Draws `view` on the board; the side to move may move (any piece
   * anywhere: the rules judge it) unless the lesson is over or asks for a
   * typed move. */
  private show(view: View): void {
    this.view = view;
    const turn = turnOf(view.fen);
    const custom = new Map<Key, string>();
    for (const sq of this.touchedNow()) custom.set(sq as Key, 'touched');
    this.cg?.set({
      fen: view.fen,
      orientation: this.orientation,
      turnColor: turn,
      lastMove: view.last,
      check: view.check ? turn : false,
      highlight: { lastMove: true, check: true, custom },
      movable: { color: this.over || this.lesson.task.kind === 'type' ? undefined : turn, dests: new Map() },
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
        this.show(this.view);
        return;
      }
      uci += role;
    }
    await this.act({ kind: 'move', text: uci });
  }

  /** Asks the rules for `action` in the lesson's position now. */
  private async act(action: TrialAction): Promise<void> {
    const l = this.lesson;
    if (this.over || this.busy) return;
    const trial: Trial = { fen: l.fen, moves: this.history, touched: this.touchedNow(), action };
    let r: TrialResult;
    this.busy = true;
    try {
      r = await judged(l.id, trial);
    } catch (e) {
      const msg = errorText(e);
      // A move written in another language's letters (Nf3 where Hf3 is
      // asked for) is a move all the same: say which letters to use.
      const otherLetters =
        action.kind === 'move' && action.lang !== undefined && (await judged(l.id, { ...trial, action: { ...action, lang: undefined } }).then(() => true, () => false));
      if (this.lesson === l) {
        if (otherLetters && action.kind === 'move') this.say(words.get('learn-other-letters', { text: action.text }), 'refused');
        else if (e instanceof ApiError && e.code === 'network') this.say(words.get('learn-offline', {}), 'refused');
        else this.say(`${t().refused}: ${msg}`, 'refused');
        this.show(this.view);
      }
      return;
    } finally {
      this.busy = false;
    }
    if (this.lesson !== l) return; // another lesson was opened meanwhile
    if (r.uci) this.history = [...this.history, r.uci];
    this.over = r.termination !== null;
    const said: string[] = [];
    if (r.san) said.push(`${t().learnPlayed}: ${localSan(r.san, lang())}`);
    const facts = (r.marks?.facts ?? []).filter(f => f !== 'capture' || r.marks?.facts.length === 1);
    if (facts.length) said.push(facts.map(factName).join(', '));
    const ended = outcomeText(r);
    if (ended) said.push(r.named_mate ? `${ended} (${namedMateName(r.named_mate)})` : ended);
    this.say(said.join(' — '), 'accepted');
    this.show(r.uci ? viewOf(r) : { ...this.view, check: r.check });
    const task = l.task;
    if (task.kind !== 'choice' && reached(task.goal, r)) this.complete();
  }

  private choose(right: boolean): void {
    if (right) {
      // The earlier "not quite" goes: only the lesson's end stays.
      this.say('', 'accepted');
      this.complete();
    } else this.say(t().learnWrong, 'wrong');
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
