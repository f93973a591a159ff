// Unit tests of the front-end's pure logic (no browser): the over-the-board
// clock, clock display, piece letters, and move judgements.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';

/** Bundles a TypeScript module and imports it. */
async function load(entry) {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'neutral',
    logLevel: 'silent',
    loader: { '.ftl': 'text' },
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

const { Timer } = await load('src/timer.ts');
const { formatClock, judge, winChance } = await load('src/moves.ts');
const { localSan } = await load('src/notation.ts');
const { message, missingWords } = await load('src/i18n.ts');
const { crossText, resultText } = await load('src/tournament.ts');

test('every word of the UI is in both catalogues, and the UI speaks as the server does', () => {
  assert.deepEqual(missingWords(), []);
  assert.equal(message('hu', 'web-new-game'), 'Új játszma');
  assert.equal(message('en', 'web-level-names-8'), 'Full strength');
  // The endings in the same words as the server's (one catalogue).
  assert.equal(message('hu', 'termination-insufficient-material'), 'nincs mattadó erő');
  assert.equal(message('en', 'no-such-message'), 'no-such-message');
});

const setting = (base, increment = 0, delay = 0, delayKind = 'bronstein') => ({ base, increment, delay, delayKind });

test('Fischer increment is added after each move; the other side runs', () => {
  const t = new Timer(setting(60_000, 2_000));
  t.press(1, 0); // Black presses: White's time starts
  assert.equal(t.running, 0);
  t.press(0, 10_000); // White used 10 s, gets 2 s
  assert.equal(t.left(0, 10_000), 52_000);
  assert.equal(t.running, 1);
  assert.equal(t.left(1, 15_000), 55_000);
  assert.deepEqual(t.moves, [1, 0]);
  t.press(0, 16_000); // not White's turn: ignored
  assert.equal(t.running, 1);
});

test('Bronstein delay gives back the time used, at most the delay', () => {
  const t = new Timer(setting(60_000, 0, 5_000, 'bronstein'));
  t.start(0, 0);
  t.press(0, 3_000); // used 3 s: all given back
  assert.equal(t.remaining[0], 60_000);
  t.press(1, 13_000); // used 10 s: 5 s given back
  assert.equal(t.remaining[1], 55_000);
});

test('simple delay: the clock starts only after the delay', () => {
  const t = new Timer(setting(60_000, 0, 5_000, 'simple'));
  t.start(0, 0);
  assert.equal(t.left(0, 4_000), 60_000);
  assert.equal(t.left(0, 8_000), 57_000);
  t.press(0, 8_000);
  assert.equal(t.remaining[0], 57_000);
});

test('pause stops the running clock and resumes where it was', () => {
  const t = new Timer(setting(60_000));
  t.start(0, 0);
  t.togglePause(10_000);
  assert.equal(t.left(0, 50_000), 50_000);
  t.press(0, 50_000); // presses are ignored while paused
  assert.equal(t.running, 0);
  t.togglePause(50_000);
  assert.equal(t.left(0, 55_000), 45_000);
});

test('the flag falls at zero and stops everything', () => {
  const t = new Timer(setting(3_000));
  t.start(0, 0);
  assert.equal(t.check(2_999), null);
  assert.equal(t.check(3_000), 0);
  assert.equal(t.left(0, 3_500), 0);
  t.press(0, 3_600);
  assert.equal(t.flagged, 0);
  assert.deepEqual(t.moves, [0, 0]);
});

test('a second period comes at the move that ends the first (40/90+30 scaled down)', () => {
  const t = new Timer({ ...setting(20_000, 0), then: { moves: 3, time: 10_000 } });
  t.press(1, 0); // White's time starts
  let now = 0;
  for (let i = 0; i < 2; i++) {
    now += 1_000;
    t.press(0, now);
    now += 1_000;
    t.press(1, now);
  }
  assert.equal(t.remaining[0], 18_000);
  now += 1_000;
  t.press(0, now); // White's third move: 10 s more
  assert.equal(t.remaining[0], 27_000);
  assert.equal(t.remaining[1], 18_000);
  now += 1_000;
  t.press(1, now);
  assert.equal(t.remaining[1], 27_000);
  now += 1_000;
  t.press(0, now); // no more periods
  assert.equal(t.remaining[0], 26_000);
});

test('a sandclock: the time one side uses flows to the other', () => {
  const t = new Timer({ ...setting(60_000, 5_000), sandclock: true });
  t.press(1, 0);
  // The sand flows while White thinks, not only when the clock is pressed.
  assert.equal(t.left(0, 4_000), 56_000);
  assert.equal(t.left(1, 4_000), 64_000);
  t.press(0, 10_000); // White used 10 s; Black gains them, no increment
  assert.deepEqual(t.remaining, [50_000, 70_000]);
  t.press(1, 12_000);
  assert.deepEqual(t.remaining, [52_000, 68_000]);
});

test('clock display: hours, minutes, tenths under ten seconds', () => {
  assert.equal(formatClock(5_400_000), '1:30:00');
  assert.equal(formatClock(60_000), '1:00');
  assert.equal(formatClock(59_001), '1:00');
  assert.equal(formatClock(10_000), '0:10');
  assert.equal(formatClock(9_999), '0:09.9');
  assert.equal(formatClock(450), '0:00.4');
  assert.equal(formatClock(-5), '0:00.0');
});

test('piece letters in Hungarian: K V B F H', () => {
  assert.equal(localSan('Nf3', 'hu'), 'Hf3');
  assert.equal(localSan('Qxf7#', 'hu'), 'Vxf7#');
  assert.equal(localSan('Rxb8', 'hu'), 'Bxb8');
  assert.equal(localSan('Bb5+', 'hu'), 'Fb5+');
  assert.equal(localSan('exd8=Q+', 'hu'), 'exd8=V+');
  assert.equal(localSan('O-O-O', 'hu'), 'O-O-O');
  assert.equal(localSan('Bb5+', 'en'), 'Bb5+');
});

test('judgements: a move that throws the game away is a blunder', () => {
  const p = (cp, mate = null) => ({ cp, mate, best: null, pv: [] });
  // White keeps +0.3, Black blunders into a mate in one, White mates.
  const j = judge([p(30), p(20), p(null, 1), p(10000)]);
  assert.deepEqual(j, ['', '??', '']);
  assert.ok(winChance(0) === 0 && winChance(300) > 0.4 && winChance(-300) < -0.4);
});

test('a tournament sheet writes results and crosstable cells as arbiters do', () => {
  assert.equal(resultText('1/2-1/2'), '½-½');
  assert.equal(resultText('+/-'), '+/-');
  assert.equal(resultText(null), '');
  assert.equal(crossText(5, 'white', '1'), '5w1');
  assert.equal(crossText(3, 'black', '='), '3b½');
  assert.equal(crossText(7, 'black', '-'), '7b-');
  assert.equal(crossText(null, null, 'U'), '+');
  assert.equal(crossText(null, null, 'H'), '½');
  assert.equal(crossText(null, null, 'Z'), '–');
  assert.equal(crossText(4, 'white', null), '4w');
});

const { applyDelta } = await load('src/api.ts');

test('a gameDelta applied to the state before keeps its first moves and appends the rest', () => {
  const before = { moves: 'e2e4 e7e5 g1f3', san: ['e4', 'e5', 'Nf3'], marks: [{ a: 1 }, { a: 2 }, { a: 3 }], fen: 'x', wdraw: false };
  // A move: one of each list travels.
  const moved = applyDelta(before, { type: 'gameDelta', from: 3, moves: 'b8c6', san: ['Nc6'], marks: [{ a: 4 }], fen: 'y', wdraw: true });
  assert.deepEqual(moved, { moves: 'e2e4 e7e5 g1f3 b8c6', san: ['e4', 'e5', 'Nf3', 'Nc6'], marks: [{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }], fen: 'y', wdraw: true });
  // A takeback of two: nothing travels, the lists are cut.
  const back = applyDelta(moved, { type: 'gameDelta', from: 2, moves: '', san: [], marks: [], fen: 'z', wdraw: false });
  assert.deepEqual(back, { moves: 'e2e4 e7e5', san: ['e4', 'e5'], marks: [{ a: 1 }, { a: 2 }], fen: 'z', wdraw: false });
  // Back to the start, then the first move again.
  const start = applyDelta(back, { type: 'gameDelta', from: 0, moves: '', san: [], marks: [], fen: 's', wdraw: false });
  assert.equal(start.moves, '');
  assert.equal(applyDelta(start, { type: 'gameDelta', from: 0, moves: 'd2d4', san: ['d4'], marks: [{}], fen: 't', wdraw: false }).moves, 'd2d4');
  // A delta that keeps moves the state does not have cannot be applied.
  assert.equal(applyDelta(back, { type: 'gameDelta', from: 3, moves: 'f1c4', san: ['Bc4'], marks: [{}], fen: 'w', wdraw: false }), null);
  assert.equal(applyDelta(null, { type: 'gameDelta', from: 0, moves: '', san: [], marks: [], fen: 'w', wdraw: false }), null);
});
