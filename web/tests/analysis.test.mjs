// The analysis board in a real browser: moves played on the board, a
// variation added, promoted and deleted, a glyph and a comment, the PGN
// downloaded with them; the engine's lines live; a finished game opened in
// it from its page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { newPage, serverAndBrowser, squareCenter, createGame, accessibilityProblems } from './harness.mjs';

const ctx = serverAndBrowser();

/** The moves the tree shows, as UCI, main line first then each nested line, in page order. */
const treeMoves = page => page.locator('.moves-tree .move').evaluateAll(els => els.map(e => e.dataset.uci));
const mainLine = page => page.locator('.moves-tree .mainline > .move').evaluateAll(els => els.map(e => e.dataset.uci));
const variations = page => page.locator('.moves-tree .paren .move').evaluateAll(els => els.map(e => e.dataset.uci));

/** Waits for the tree to hold `n` moves; on a timeout, says what the page shows. */
async function waitTree(page, n) {
  try {
    await page.waitForFunction(k => document.querySelectorAll('.moves-tree .move').length === k, n);
  } catch (e) {
    const shown = await page.evaluate(() => ({
      moves: [...document.querySelectorAll('.moves-tree .move')].map(m => m.dataset.uci),
      active: document.querySelector('.moves-tree .move.active')?.dataset.uci,
      fen: document.querySelector('#fen')?.value,
      selected: document.querySelector('cg-board square.selected')?.getAttribute('style'),
      error: document.querySelector('.analysis-board .error')?.textContent,
    }));
    throw new Error(`the tree has not ${n} moves: ${JSON.stringify(shown)} (${e.message})`);
  }
}

/** Goes to the move `uci` in the tree, and waits until it is the active move
 * (the board is drawn in the same step). */
async function pick(page, uci) {
  await page.click(`.moves-tree .move[data-uci="${uci}"]`);
  await page.waitForFunction(u => document.querySelector('.moves-tree .move.active')?.dataset.uci === u, uci);
}

/** Plays `from`-`to` by two clicks on the board (the first again if it
 * selected nothing), and waits for the tree to hold `n` moves. */
async function play(page, from, to, n) {
  const selected = () => page.waitForSelector('cg-board square.selected', { timeout: 3000 }).then(() => true, () => false);
  const a = await squareCenter(page, from);
  await page.mouse.click(a.x, a.y);
  if (!(await selected())) {
    await page.mouse.click(a.x, a.y);
    assert.ok(await selected(), `nothing was selected on ${from}`);
  }
  const b = await squareCenter(page, to);
  await page.mouse.click(b.x, b.y);
  await waitTree(page, n);
}

test('a variation is added, promoted and deleted, and the PGN is downloaded with it', async () => {
  // (axe-core is injected below: a page that lets a test script in.)
  const page = await newPage(ctx.browser, `${ctx.server.url}/analysis`, 'en', { bypassCSP: true });
  await page.waitForSelector('cg-board');
  await play(page, 'e2', 'e4', 1);
  await play(page, 'e7', 'e5', 2);
  await play(page, 'g1', 'f3', 3);
  assert.deepEqual(await mainLine(page), ['e2e4', 'e7e5', 'g1f3']);
  // Back to 1…e5, and another second move: a variation.
  await pick(page, 'e7e5');
  await play(page, 'f2', 'f4', 4);
  assert.deepEqual(await mainLine(page), ['e2e4', 'e7e5', 'g1f3']);
  assert.deepEqual(await variations(page), ['f2f4']);
  // The opening has a name, and the move's position is on the board.
  await page.waitForFunction(() => document.querySelector('.opening')?.textContent?.includes("King's Gambit"));
  assert.equal(await page.inputValue('#fen'), 'rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq - 0 2');
  // Promoted: the King's Gambit is the main line, the knight a variation.
  await page.click('#promote');
  await page.waitForFunction(() => document.querySelector('.moves-tree .mainline > .move:nth-of-type(3)')?.dataset.uci === 'f2f4');
  assert.deepEqual(await mainLine(page), ['e2e4', 'e7e5', 'f2f4']);
  assert.deepEqual(await variations(page), ['g1f3']);
  // A glyph and a comment on 2.f4.
  await page.click('.glyph[data-nag="3"]');
  await page.fill('#comment', "The King's Gambit");
  await page.press('#comment', 'Tab');
  await page.waitForFunction(() => document.querySelector('.moves-tree .comment')?.textContent === "The King's Gambit");
  // A third second move, then deleted.
  await pick(page, 'e7e5');
  await play(page, 'd2', 'd4', 5);
  assert.deepEqual(await variations(page), ['g1f3', 'd2d4']);
  await page.click('#delete');
  await waitTree(page, 4);
  assert.deepEqual(await treeMoves(page), ['e2e4', 'e7e5', 'f2f4', 'g1f3']);
  // The PGN, written by the rules library, downloaded.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
  const text = await readFile(await download.path(), 'utf8');
  assert.match(text, /\[Event "\?"\]/);
  assert.ok(text.replace(/\s+/g, ' ').includes("1. e4 e5 2. f4 $3 { The King's Gambit } ( 2. Nf3 ) *"), text);
  assert.equal(await page.inputValue('#pgn'), text);
  assert.deepEqual(await accessibilityProblems(page), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the engine shows its lines live, as many as asked, and a line is played by a click', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/analysis/r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR_w_KQkq_-_2_3`, 'hu');
  await page.waitForSelector('cg-board');
  await page.selectOption('#engine-lines', '3');
  await page.waitForFunction(() => document.querySelectorAll('.pv-lines .pv').length === 3 && /Mélység \d+/.test(document.querySelector('.engine-head .depth')?.textContent ?? ''));
  // Mate in one for White (Qxf7#): the best line says so.
  await page.waitForFunction(() => document.querySelector('.pv-lines .pv .score')?.textContent === '#1');
  const best = await page.locator('.pv-lines .pv-play').first().textContent();
  assert.match(best, /^3\. Vxf7#/);
  await page.locator('.pv-lines .pv-play').first().click();
  await page.waitForFunction(() => document.querySelector('.moves-tree .move.active')?.dataset.uci === 'h5f7');
  await page.waitForFunction(() => /matt/i.test(document.querySelector('.position-info .ended')?.textContent ?? ''));
  // No engine for a finished position; the bar shows White's win.
  assert.equal(await page.locator('.eval-bar').getAttribute('aria-valuenow'), '1.00');
  // Switched off, it stays off.
  await page.click('.moves-tree .move[data-uci="h5f7"]');
  await page.keyboard.press('ArrowLeft');
  await page.uncheck('#engine-on');
  await page.reload();
  await page.waitForSelector('cg-board');
  assert.equal(await page.isChecked('#engine-on'), false);
  assert.equal(await page.locator('.pv-lines .pv').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a finished game opens in the analysis board from its page', async () => {
  const game = await createGame(ctx.server.url, { opponent: 'local', clock: null });
  for (const [i, uci] of ['f2f3', 'e7e5', 'g2g4', 'd8h4'].entries()) {
    const token = i % 2 === 0 ? game.tokens.white : game.tokens.black;
    const res = await fetch(`${ctx.server.url}/api/games/${game.id}/move/${uci}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200, await res.text());
  }
  const page = await newPage(ctx.browser, `${ctx.server.url}/game/${game.id}?token=${game.tokens.white}`, 'en');
  await page.click('a.open-analysis');
  await page.waitForURL(/\/analysis\?game=/);
  await waitTree(page, 4);
  assert.deepEqual(await mainLine(page), ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  await page.waitForFunction(() => /checkmate/i.test(document.querySelector('.position-info .ended')?.textContent ?? ''));
  // Stepping back by the keyboard shows the position before.
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('.moves-tree .move.active')?.dataset.uci === 'g2g4');
  assert.equal(await page.inputValue('#fen'), 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2');
  // A FEN that does not read is refused in words, and the board stays.
  await page.goto(`${ctx.server.url}/analysis/not_a_fen`);
  await page.waitForFunction(() => document.querySelector('.error')?.textContent?.length > 0);
  await page.waitForSelector('cg-board');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
