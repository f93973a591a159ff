// Short synthesized sounds for moves, captures, checks and game ends (no files to load).

let ctx: AudioContext | null = null;
let muted = localStorage.getItem('sakk.muted') === '1';

/** Whether sounds are off. */
export function isMuted(): boolean {
  return muted;
}

/** Turns sounds off or on, remembered. */
export function setMuted(m: boolean): void {
  muted = m;
  localStorage.setItem('sakk.muted', m ? '1' : '0');
}

function tone(freq: number, start: number, dur: number, type: OscillatorType = 'sine', gain = 0.15): void {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const g = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t0 = ctx.currentTime + start;
  g.gain.setValueAtTime(gain, t0);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

/** Plays one of the game's sounds. */
export function play(kind: 'move' | 'capture' | 'check' | 'end' | 'low'): void {
  if (muted) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
  } catch {
    return;
  }
  switch (kind) {
    case 'move':
      tone(520, 0, 0.07, 'triangle');
      break;
    case 'capture':
      tone(300, 0, 0.1, 'square', 0.08);
      tone(200, 0.05, 0.12, 'triangle');
      break;
    case 'check':
      tone(880, 0, 0.09, 'triangle');
      tone(660, 0.1, 0.12, 'triangle');
      break;
    case 'end':
      tone(523, 0, 0.15);
      tone(659, 0.15, 0.15);
      tone(784, 0.3, 0.3);
      break;
    case 'low':
      tone(1000, 0, 0.05, 'square', 0.05);
      break;
  }
}
