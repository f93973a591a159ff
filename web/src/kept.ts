// The rules guide without a network: every answer the rules give in each
// lesson's own position, asked of the server ahead (GET
// /api/rules/lessons/answers) and kept in the browser's Cache Storage, so
// that a learner's first move in a lesson is judged exactly as online — a
// refusal with its reason, a move with what it did — with the network gone.
// Nothing is worked out here: these are the server's answers, looked up.

import { api, ApiError } from './api';
import { lang } from './i18n';
import type { LessonAnswers, Trial, TrialAnswer, TrialResult } from './types';

/** The Cache Storage the answers are kept in (the service worker keeps
 * only the app's shell, in caches of its own). */
const STORE = 'sakk-learn-answers';
/** The key the answers are kept under. */
const KEY = '/api/rules/lessons/answers';
/** Answers older than this are asked again when the network is there. */
const FRESH_MS = 24 * 60 * 60 * 1000;

/** The answers kept now, by lesson id. */
const kept = new Map<string, LessonAnswers>();
/** The answers being loaded (a lookup waits for them). */
let loading: Promise<void> | null = null;

/** Loads the kept answers, and asks the server again when they are
 * missing or stale (and the network is there). Never fails: the guide
 * works online without them. Once a page, unless nothing was kept. */
export function keepAnswers(): Promise<void> {
  loading ??= load().then(loaded => {
    // Nothing to be had (offline at the first visit): asked again next time.
    if (!loaded) loading = null;
  });
  return loading;
}

async function load(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  try {
    const cache = await caches.open(STORE);
    const stored = await cache.match(KEY);
    let body = stored ? ((await stored.json()) as { at: number; lessons: LessonAnswers[] }) : null;
    if (body) remember(body.lessons);
    if (!body || Date.now() - body.at > FRESH_MS) {
      try {
        body = { at: Date.now(), lessons: await api.lessonAnswers() };
        await cache.put(KEY, new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
        remember(body.lessons);
      } catch {
        // Offline (or refused): the stored answers, if any, serve.
      }
    }
    return kept.size > 0;
  } catch {
    // No Cache Storage here (a private window): online only.
    return false;
  }
}

function remember(lessons: LessonAnswers[]): void {
  kept.clear();
  for (const l of lessons) kept.set(l.lesson, l);
}

function same(a: string[] | undefined, b: string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** `table[key]`, the table's own entries only (a typed `constructor` is no answer). */
function entry(table: { [key in string]: TrialAnswer }, key: string): TrialAnswer | null {
  return Object.prototype.hasOwnProperty.call(table, key) ? (table[key] ?? null) : null;
}

/** The kept answer to `trial` in lesson `id`, if it was asked ahead: an
 * action in the lesson's own position, or the lesson's own last move. */
function find(k: LessonAnswers, trial: Trial): TrialAnswer | TrialResult | null {
  const a = k.answers;
  const own = k.moves;
  const action = trial.action;
  if (trial.fen !== k.fen) return null;
  // The lesson's own last move, played to show its position.
  if (own.length > 0 && same(trial.moves, own.slice(0, -1)) && action.kind === 'move' && action.text === own[own.length - 1]) {
    return a.last_answer;
  }
  if (!same(trial.moves, own)) return null;
  if (action.kind === 'claim') return a.claim;
  if (action.kind === 'flag') return a.flag;
  if (action.lang === undefined) return entry(a.moves, action.text) ?? entry(a.written_any, action.text);
  return entry(a.written, action.text);
}

/** Whether `e` says the server could not be reached (no network, or a
 * proxy in front of a server that is down). */
function unreachable(e: unknown): boolean {
  return e instanceof ApiError && (e.code === 'network' || (e.status >= 502 && e.status <= 504));
}

/** The rules' answer to `trial` in lesson `id`: the server's, or — when
 * the server cannot be reached — the answer kept for the lesson. A
 * refusal is thrown as the server would throw it, in the UI's language. */
export async function judged(id: string, trial: Trial): Promise<TrialResult> {
  try {
    return await api.trial(trial);
  } catch (e) {
    if (!unreachable(e)) throw e;
    if (kept.size === 0) await keepAnswers();
    const k = kept.get(id);
    const answer = k ? find(k, trial) : null;
    if (!k || !answer) throw new ApiError(0, 'network', (e as ApiError).message);
    if ('refused' in answer) {
      const body = k.answers.refusals[answer.refused];
      if (!body) throw e;
      throw new ApiError(400, body.error, lang() === 'hu' ? body.message_hu : body.message);
    }
    return 'accepted' in answer ? answer.accepted : answer;
  }
}

