// The chess clock page for over-the-board games (the seed's sakkóra).

import { h, fill } from './dom';
import { t } from './i18n';
import { PRESETS } from './home';
import { Timer, type Side, type TimerSetting } from './timer';
import { formatClock, lowTime } from './moves';
import { controlWords, nextControlWords } from './control';
import type { ClockPeriod } from './types';
import * as sound from './sound';

/** A clock setting in words, as the game pages say a control ("40 moves
 * in 90 minutes, then 30 minutes for the rest of the game, +30 s a move"). */
export function settingWords(s: TimerSetting): string {
  const kind = s.delay > 0 ? s.delayKind : null;
  const period = (moves: number | null, time: number): ClockPeriod => ({ moves, time, increment: s.increment, delay: s.delay, delay_kind: kind });
  const periods = s.then ? [period(s.then.moves, s.base), period(null, s.then.time)] : [period(null, s.base)];
  return controlWords({ initial: s.base, increment: s.increment, delay: s.delay, delay_kind: kind, periods, sandclock: false, pgn: '' });
}

/** The clock page. */
export function clockPage(root: HTMLElement): () => void {
  let timer: Timer | null = null;
  let frame = 0;
  const tr = t();
  const awake = new WakeLock();

  const setup = () => {
    cancelAnimationFrame(frame);
    timer = null;
    document.body.classList.remove('clock-on');
    awake.release();
    const min = h('input#clock-min', { type: 'number', min: 0, step: 'any', value: localStorage.getItem('sakk.clock.min') ?? '5' });
    const inc = h('input#clock-inc', { type: 'number', min: 0, step: 'any', value: localStorage.getItem('sakk.clock.inc') ?? '3' });
    const delay = h('input#clock-delay', { type: 'number', min: 0, step: 'any', value: localStorage.getItem('sakk.clock.delay') ?? '0' });
    // A second period (0 moves: none), e.g. 40 moves, then 30 minutes.
    const periodMoves = h('input#clock-period-moves', { type: 'number', min: 0, step: 1, value: '0' });
    const periodThen = h('input#clock-period-then', { type: 'number', min: 0, step: 'any', value: '0' });
    const kind = h('select#clock-kind', {}, [h('option', { value: 'bronstein' }, tr.delayBronstein), h('option', { value: 'simple' }, tr.delaySimple)]);
    const go = (s: TimerSetting) => {
      localStorage.setItem('sakk.clock.min', String(s.base / 60000));
      localStorage.setItem('sakk.clock.inc', String(s.increment / 1000));
      localStorage.setItem('sakk.clock.delay', String(s.delay / 1000));
      run(s);
    };
    const presets = [
      ...PRESETS.map(p =>
        h(
          'button.tc',
          { type: 'button', 'data-tc': `${p.min}+${p.inc}`, onclick: () => go({ base: p.min * 60000, increment: p.inc * 1000, delay: 0, delayKind: 'bronstein' }) },
          [h('small', {}, tr[p.cat]), ` ${p.min}+${p.inc}`],
        ),
      ),
      // The seed's classical control: 40 moves in 90 minutes, then 30 more, +30 s a move.
      h(
        'button.tc',
        {
          type: 'button',
          'data-tc': '40/90+30',
          onclick: () => run({ base: 90 * 60000, increment: 30_000, delay: 0, delayKind: 'bronstein', then: { moves: 40, time: 30 * 60000 } }),
        },
        [h('small', {}, tr.classical), ' 40/90+30'],
      ),
      // The hourglass: 3 minutes that flow from one side to the other.
      h(
        'button.tc',
        { type: 'button', 'data-tc': 'sandclock', onclick: () => run({ base: 3 * 60000, increment: 0, delay: 0, delayKind: 'bronstein', sandclock: true }) },
        [h('small', {}, tr.sandclock), ' 3′'],
      ),
    ];
    // The custom fields' clock, and what it is in words while it is set.
    const custom = (): TimerSetting => {
      const moves = Math.floor(Number(periodMoves.value || 0));
      return {
        base: Number(min.value || 0) * 60000,
        increment: Number(inc.value || 0) * 1000,
        delay: Number(delay.value || 0) * 1000,
        delayKind: kind.value === 'simple' ? 'simple' : 'bronstein',
        then: moves > 0 ? { moves, time: Number(periodThen.value || 0) * 60000 } : undefined,
      };
    };
    const words = h('p.tc-words', { 'aria-live': 'polite' });
    const say = () => {
      words.textContent = settingWords(custom());
    };
    for (const input of [min, inc, delay, kind, periodMoves, periodThen]) input.addEventListener('input', say);
    say();
    fill(root, [
      h('div.clock-setup', {}, [
        h('h1', {}, tr.clockTitle),
        h('p', {}, tr.clockHint),
        h('div.tc-grid.presets', {}, presets),
        h('form.custom', {}, [
          h('label', {}, [tr.minutes, min]),
          h('label', {}, [tr.increment, inc]),
          h('label', {}, [tr.delay, delay]),
          h('label', {}, [tr.delayKind, kind]),
          h('label', {}, [tr.periodMoves, periodMoves]),
          h('label', {}, [tr.periodThen, periodThen]),
          words,
          h(
            'button#clock-start.primary',
            {
              type: 'submit',
              onclick: (ev: Event) => {
                ev.preventDefault();
                go(custom());
              },
            },
            tr.startClock,
          ),
        ]),
      ]),
    ]);
  };

  const run = (setting: TimerSetting) => {
    const tm = new Timer(setting);
    timer = tm;
    // Side 0 sits at the bottom (White by default), side 1 at the top, turned around.
    const face = (side: Side) =>
      h('button.clock-face', { type: 'button', 'data-side': side, class: side === 1 ? 'upside' : '' }, [
        h('span.time', {}, formatClock(setting.base)),
        h('span.count', {}, `${tr.moveCount}: 0`),
        h('span.next', {}),
      ]);
    const top = face(1);
    const bottom = face(0);
    const pause = h('button.pause', { type: 'button' }, tr.pause);
    const reset = h('button.reset', { type: 'button' }, tr.reset);
    const tap = (side: Side) => {
      const now = performance.now();
      if (tm.running === null) tm.start(side === 0 ? 1 : 0, now);
      else tm.press(side, now);
      sound.play('move');
      draw();
    };
    top.addEventListener('pointerdown', () => tap(1));
    bottom.addEventListener('pointerdown', () => tap(0));
    pause.addEventListener('click', () => {
      tm.togglePause(performance.now());
      pause.textContent = tm.isPaused() ? tr.resume : tr.pause;
      draw();
    });
    reset.addEventListener('click', setup);
    const onKey = (ev: KeyboardEvent) => {
      if (timer !== tm) return document.removeEventListener('keydown', onKey);
      if (ev.key === ' ') {
        ev.preventDefault();
        if (tm.running !== null) tap(tm.running);
      }
    };
    document.addEventListener('keydown', onKey);
    let flaggedShown = false;
    const draw = () => {
      if (timer !== tm) return;
      const now = performance.now();
      const flagged = tm.check(now);
      for (const [el, side] of [[bottom, 0], [top, 1]] as [HTMLElement, Side][]) {
        const ms = tm.left(side, now);
        (el.querySelector('.time') as HTMLElement).textContent = flagged === side ? tr.flagged : formatClock(ms);
        (el.querySelector('.count') as HTMLElement).textContent = `${tr.moveCount}: ${tm.moves[side]}`;
        // The time control ahead (40/90+30: the 30 minutes after move 40).
        const then = setting.then;
        const ahead = then && tm.moves[side] < then.moves ? { moves: then.moves - tm.moves[side], adds: then.time } : null;
        (el.querySelector('.next') as HTMLElement).textContent = nextControlWords(ahead);
        el.classList.toggle('running', tm.running === side && flagged === null);
        el.classList.toggle('low', ms < lowTime(setting.base));
        el.classList.toggle('flagged', flagged === side);
      }
      if (flagged !== null && !flaggedShown) {
        flaggedShown = true;
        sound.play('end');
        navigator.vibrate?.(400);
      }
      frame = requestAnimationFrame(draw);
    };
    fill(root, [h('div.clock-page', {}, [top, h('div.clock-bar', {}, [pause, reset]), bottom])]);
    // The running clock fills the screen, which stays on.
    document.body.classList.add('clock-on');
    awake.hold();
    draw();
  };

  setup();
  return () => {
    cancelAnimationFrame(frame);
    timer = null;
    document.body.classList.remove('clock-on');
    awake.release();
  };
}

/** Keeps the screen on while held (the Screen Wake Lock API, where the
 * browser has it): asked again when the page is shown again, since the
 * browser lets the lock go whenever the page is hidden. */
class WakeLock {
  private sentinel: WakeLockSentinel | null = null;
  private held = false;

  /** Keeps the screen on until `release`. */
  hold(): void {
    if (this.held) return;
    this.held = true;
    document.addEventListener('visibilitychange', this.onVisible);
    void this.ask();
  }

  /** Lets the screen sleep again. */
  release(): void {
    this.held = false;
    document.removeEventListener('visibilitychange', this.onVisible);
    void this.sentinel?.release().catch(() => undefined);
    this.sentinel = null;
  }

  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') void this.ask();
  };

  private async ask(): Promise<void> {
    if (!this.held || !('wakeLock' in navigator) || (this.sentinel && !this.sentinel.released)) return;
    try {
      const sentinel = await navigator.wakeLock.request('screen');
      if (this.held) this.sentinel = sentinel;
      else void sentinel.release();
    } catch {
      // Refused (battery saver, no permission): the clock runs all the same.
    }
  }
}
