// A time control as people say it ("40 moves in 90 minutes, then 30
// minutes for the rest of the game, +30 s a move") and as they write it
// in a table ("40/90+30 · 30+30"), from the clock the server read (the
// rules library's periods; nothing is worked out here).

import { h } from './dom';
import { api, errorText } from './api';
import { lang, message } from './i18n';
import type { ClockInUse, ClockPeriod, NextControlView } from './types';

/** A number as the UI's language writes it (`1.5`, `1,5`). */
function num(n: number): string {
  return new Intl.NumberFormat(lang() === 'hu' ? 'hu-HU' : 'en-GB', { maximumFractionDigits: 2 }).format(n);
}

/** A span of time in words: whole seconds under a minute, else minutes. */
function span(ms: number): string {
  const l = lang();
  if (ms < 60_000) return message(l, 'web-tc-seconds', { n: Math.round(ms / 100) / 10, shown: num(ms / 1000) });
  return message(l, 'web-tc-minutes', { n: ms / 60_000, shown: num(ms / 60_000) });
}

/** The same increment (or delay) in every period: said once, at the end. */
function shared(periods: ClockPeriod[], pick: (p: ClockPeriod) => string): string | null {
  const first = pick(periods[0]);
  return periods.every(p => pick(p) === first) ? first : null;
}

function increment(p: ClockPeriod): string {
  return p.increment > 0 ? message(lang(), 'web-tc-increment', { seconds: num(p.increment / 1000) }) : '';
}

function delay(p: ClockPeriod): string {
  if (p.delay <= 0) return '';
  const id = p.delay_kind === 'bronstein' ? 'web-tc-delay-bronstein' : 'web-tc-delay-simple';
  return message(lang(), id, { seconds: num(p.delay / 1000) });
}

/** A clock in words, in the UI's language (days a move too); `null`: no
 * clock. */
export function controlWords(clock: ClockInUse | null | undefined): string {
  const l = lang();
  if (clock?.days) return message(l, 'web-tc-days', { n: clock.days });
  if (!clock || clock.periods.length === 0) return message(l, 'web-tc-unlimited');
  if (clock.sandclock) return message(l, 'web-tc-hourglass', { time: span(clock.periods[0].time) });
  const periods = clock.periods;
  const sharedInc = shared(periods, increment);
  const sharedDelay = shared(periods, delay);
  const parts = periods.map((p, i) => {
    const time = span(p.time);
    let part =
      p.moves !== null
        ? message(l, 'web-tc-moves-in', { moves: p.moves, time })
        : message(l, i === 0 ? 'web-tc-game' : 'web-tc-rest', { time });
    if (i > 0) part = `${message(l, 'web-tc-then')} ${part}`;
    const own = [sharedInc === null ? increment(p) : '', sharedDelay === null ? delay(p) : ''].filter(Boolean);
    return [part, ...own].join(', ');
  });
  const last = periods[periods.length - 1];
  if (last.moves !== null) parts.push(message(l, 'web-tc-repeating', { moves: last.moves }));
  for (const s of [sharedInc, sharedDelay]) if (s) parts.push(s);
  return parts.join(', ');
}

/** A clock in a table's few characters: minutes + increment seconds, a
 * period's move count before a slash, periods after a `·` (`40/90+30 ·
 * 30+30`), an hourglass as `⧗ 3′`, a delay as `d5`/`b5`, days a move as
 * `3 days`; `∞`: no clock. */
export function controlShort(clock: ClockInUse | null | undefined): string {
  if (clock?.days) return daysShort(clock.days);
  if (!clock || clock.periods.length === 0) return '∞';
  const min = (ms: number) => num(ms / 60_000);
  if (clock.sandclock) return `⧗ ${min(clock.periods[0].time)}′`;
  return clock.periods
    .map(p => {
      let s = `${p.moves !== null ? `${p.moves}/` : ''}${min(p.time)}+${num(p.increment / 1000)}`;
      if (p.delay > 0) s += `${p.delay_kind === 'bronstein' ? 'b' : 'd'}${num(p.delay / 1000)}`;
      return s;
    })
    .join(' · ');
}

/** A side's next time control in words ("12 moves to the time control,
 * then +30 minutes"); empty when none is ahead. */
export function nextControlWords(next: NextControlView | null | undefined): string {
  if (!next) return '';
  return message(lang(), 'web-tc-next', { moves: next.moves, time: span(next.adds) });
}

/** A line that says a control in words as the server reads it, while the
 * player types it: `refresh` asks again (a moment after the last call) for
 * `text()`, whose `null` shows `none`; a refusal shows as an error. */
export function controlPreview(text: () => string | null, none: () => string): { el: HTMLElement; refresh: () => void } {
  const el = h('p.tc-words', { 'aria-live': 'polite' });
  let asked = 0;
  let timer = 0;
  const show = (words: string, error: boolean) => {
    el.textContent = words;
    el.classList.toggle('error', error);
  };
  const refresh = () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      const typed = text();
      const mine = ++asked;
      if (typed === null) return show(none(), false);
      api.readControl(typed).then(
        read => mine === asked && show(controlWords(read.clock), false),
        e => mine === asked && show(errorText(e), true),
      );
    }, 200);
  };
  return { el, refresh };
}

/** Days a move in a few characters (`3 days`, `3 nap`). */
export function daysShort(days: number): string {
  return message(lang(), 'web-tc-days-short', { n: days });
}

/** The days a move a correspondence game may give (lichess's). */
export const DAYS = [1, 2, 3, 5, 7, 10, 14];

/** A correspondence clock's time left: days and hours while a day or
 * more is left, else as a clock shows it (`formatted`). */
export function daysLeft(ms: number, formatted: (ms: number) => string): string {
  const day = 24 * 3600 * 1000;
  if (ms < day) return formatted(ms);
  return message(lang(), 'web-clock-days', { days: Math.floor(ms / day), hours: Math.floor((ms % day) / 3_600_000) });
}

/** When a move is due, `ms` from now, in the UI's language. */
export function deadlineText(ms: number): string {
  const when = new Date(Date.now() + Math.max(0, ms));
  const time = new Intl.DateTimeFormat(lang() === 'hu' ? 'hu-HU' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(when);
  return message(lang(), 'web-corr-deadline', { time });
}
