// The over-the-board chess clock's logic: two times, increment or delay, no DOM.

/** A clock setting. */
export interface TimerSetting {
  /** Initial time in milliseconds. */
  base: number;
  /** Fischer increment in milliseconds. */
  increment: number;
  /** Delay in milliseconds. */
  delay: number;
  delayKind: 'bronstein' | 'simple';
  /** A second period: once a side has made `moves` moves, `time`
   * milliseconds more (FIDE's classical 40/90+30: 40 moves, then 30 minutes). */
  then?: { moves: number; time: number };
  /** An hourglass (the seed's homokóra): the time one side uses flows to
   * the other; no increment, no delay. */
  sandclock?: boolean;
}

/** The two sides of the clock: 0 and 1. */
export type Side = 0 | 1;

/** A running chess clock. `now` is any monotonic time in milliseconds. */
export class Timer {
  remaining: [number, number];
  running: Side | null = null;
  moves: [number, number] = [0, 0];
  flagged: Side | null = null;
  private since = 0;
  private paused = false;
  private elapsedAtPause = 0;

  constructor(readonly setting: TimerSetting) {
    this.remaining = [setting.base, setting.base];
  }

  /** Time left on `side` at `now`. */
  left(side: Side, now: number): number {
    if (this.running === null || this.flagged !== null) return this.remaining[side];
    const used = this.paused ? this.elapsedAtPause : now - this.since;
    // The hourglass: the sand the running side loses falls to the other.
    if (this.running !== side) return this.setting.sandclock ? this.remaining[side] + used : this.remaining[side];
    const charged = this.setting.delayKind === 'simple' ? Math.max(0, used - this.setting.delay) : used;
    return this.remaining[side] - charged;
  }

  /** Whether the clock is paused. */
  isPaused(): boolean {
    return this.paused;
  }

  /** Starts the clock for `side` (the first move is White's). */
  start(side: Side, now: number): void {
    if (this.flagged !== null) return;
    this.running = side;
    this.since = now;
    this.paused = false;
  }

  /** `side` pressed its button: its move ends, the other side's time runs. */
  press(side: Side, now: number): void {
    if (this.flagged !== null || this.paused) return;
    if (this.running === null) {
      this.start(side === 0 ? 1 : 0, now);
      return;
    }
    if (this.running !== side) return;
    this.check(now);
    if (this.flagged !== null) return;
    const used = now - this.since;
    let left = this.left(side, now);
    const other: Side = side === 0 ? 1 : 0;
    if (this.setting.sandclock) {
      this.remaining[other] += this.remaining[side] - left;
    } else {
      if (this.setting.delayKind === 'bronstein') left += Math.min(used, this.setting.delay);
      left += this.setting.increment;
    }
    this.remaining[side] = left;
    this.moves[side] += 1;
    // The second period's time, at the move that ends the first.
    if (this.setting.then && this.moves[side] === this.setting.then.moves) {
      this.remaining[side] += this.setting.then.time;
    }
    this.running = side === 0 ? 1 : 0;
    this.since = now;
  }

  /** Pauses or resumes. */
  togglePause(now: number): void {
    if (this.running === null || this.flagged !== null) return;
    if (this.paused) {
      // The move goes on where it stopped, its delay included.
      this.paused = false;
      this.since = now - this.elapsedAtPause;
    } else {
      this.elapsedAtPause = now - this.since;
      this.paused = true;
    }
  }

  /** Marks a flag fall; returns the side whose time ran out. */
  check(now: number): Side | null {
    if (this.running !== null && !this.paused && this.flagged === null && this.left(this.running, now) <= 0) {
      const other: Side = this.running === 0 ? 1 : 0;
      if (this.setting.sandclock) this.remaining[other] += this.remaining[this.running];
      this.remaining[this.running] = 0;
      this.flagged = this.running;
    }
    return this.flagged;
  }
}
