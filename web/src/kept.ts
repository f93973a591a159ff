// The rules guide without a network: every answer the rules give in each
// lesson's own position, asked of the server ahead (POST
// /api/rules/answers) and kept in the browser's Cache Storage, so that a
// learner's first move in a lesson is judged exactly as online — a
// refusal with its reason, a move with what it did — with the network gone.
// Nothing is worked out here: these are the server's answers, looked up.

import { api, ApiError } from './api';
import { lang } from './i18n';
import type { Answers, AnswersRequest, Trial, TrialAnswer, TrialResult } from './types';

/** The Cache Storage the answers are kept in (the service worker keeps
 * only the app's shell, in caches of its own). */
const STORE = 'sakk-learn-answers';
/** Answers older than this are asked again when the network is there. */
const FRESH_MS = 24 * 60 * 60 * 1000;

/** A position whose answers are kept, under a name (a lesson's id). */
export interface KeptPosition {
  name: string;
  position: AnswersRequest;
}

/** The answers kept now, by name. */
const kept = new Map<string, { position: AnswersRequest; answers: Answers }>();

/** The answers being loaded (a lookup waits for them). */
let loading: Promise<void> = Promise.resolve();
/** The fingerprint of the positions being loaded. */
let loadingFor = '';

/** A short fingerprint of a text (which positions were asked). */
function fingerprint(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/** Loads the kept answers of `positions`, and asks the server again when
 * they are missing or stale (and the network is there). Never fails: the
 * guide works online without them. */
export function keepAnswers(positions: KeptPosition[]): Promise<void> {
  const asked = fingerprint(JSON.stringify(positions));
  // The guide opened again: the same answers, loaded once.
  if (asked !== loadingFor) {
    loadingFor = asked;
    loading = load(positions);
  }
  return loading;
}

async function load(positions: KeptPosition[]): Promise<void> {
  if (typeof caches === 'undefined' || positions.length === 0) return;
  try {
    const asked = positions.map(p => p.position);
    const key = `/learn/answers/${fingerprint(JSON.stringify(asked))}`;
    const cache = await caches.open(STORE);
    const stored = await cache.match(key);
    let body = stored ? ((await stored.json()) as { at: number; answers: Answers[] }) : null;
    if (!body || Date.now() - body.at > FRESH_MS) {
      try {
        body = { at: Date.now(), answers: await api.answers(asked) };
        await cache.put(key, new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
        // Answers to other lessons (an older guide) go.
        for (const old of await cache.keys()) if (new URL(old.url).pathname !== key) await cache.delete(old);
      } catch {
        // Offline (or refused): the stored answers, if any, serve.
      }
    }
    if (!body || body.answers.length !== positions.length) return;
    positions.forEach((p, i) => kept.set(p.name, { position: p.position, answers: body.answers[i] }));
  } catch {
    // No Cache Storage here (a private window): online only.
  }
}

function same(a: string[] | undefined, b: string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** The kept answer to `trial` in position `name`, if it was asked ahead: an
 * action in the position itself, or the position's own last move. */
function keptAnswer(name: string, trial: Trial): { answer: TrialAnswer | TrialResult; answers: Answers } | null {
  const k = kept.get(name);
  const found = find(k, trial);
  return k && found ? { answer: found, answers: k.answers } : null;
}

function find(k: { position: AnswersRequest; answers: Answers } | undefined, trial: Trial): TrialAnswer | TrialResult | null {
  if (!k || trial.fen !== k.position.fen || !same(trial.touched, k.position.touched)) return null;
  const own = k.position.moves ?? [];
  const action = trial.action;
  // The position's own last move, played to show the position.
  if (own.length > 0 && same(trial.moves, own.slice(0, -1)) && action.kind === 'move' && action.text === own[own.length - 1]) {
    return k.answers.last_answer;
  }
  if (!same(trial.moves, own)) return null;
  if (action.kind === 'claim') return k.answers.claim;
  if (action.kind === 'flag') return k.answers.flag;
  if (action.lang === undefined) return k.answers.moves[action.text] ?? k.answers.written_any[action.text] ?? null;
  return k.answers.written[action.text] ?? null;
}

/** The rules' answer to `trial`: the server's, or — when the network is
 * gone — the answer kept for position `name`. A refusal is thrown as the
 * server would throw it, in the UI's language. */
export async function judged(name: string, trial: Trial): Promise<TrialResult> {
  try {
    return await api.trial(trial);
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'network')) throw e;
    await loading;
    const found = keptAnswer(name, trial);
    if (!found) throw e;
    const { answer, answers } = found;
    if ('refused' in answer) {
      const body = answers.refusals[answer.refused];
      if (!body) throw e;
      throw new ApiError(400, body.error, lang() === 'hu' ? body.message_hu : body.message);
    }
    return 'accepted' in answer ? answer.accepted : answer;
  }
}
