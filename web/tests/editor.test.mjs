// The board editor in a real browser: a position set up piece by piece is
// refused with the rules' reason in the page's language (no king, a pawn
// on the first rank, the side not to move in check, an impossible en
// passant square), then corrected and played against the computer; the
// castling rights follow the pieces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverAndBrowser, squareCenter } from './harness.mjs';

const ctx = serverAndBrowser();

async function clickSquare(page, sq) {
  const c = await squareCenter(page, sq);
  await page.mouse.click(c.x, c.y);
}

/** Places `role` of `color` on each square, by the palette and clicks. */
async function place(page, color, role, ...squares) {
  await page.click(`button.spare[data-color="${color}"][data-role="${role}"]`);
  for (const sq of squares) await clickSquare(page, sq);
}

async function verdict(page, re) {
  await page.waitForFunction(r => new RegExp(r).test(document.querySelector('.verdict')?.textContent ?? ''), re.source);
  return page.locator('.verdict').textContent();
}

test('a position refused with its reason, corrected, then played against the computer', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/editor`, 'hu');
  await page.waitForSelector('cg-board');
  await verdict(page, /^Szabályos állás/);
  assert.equal(await page.inputValue('#editor-fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await page.click('#editor-clear');
  await verdict(page, /Világosnak nincs királya/);
  assert.equal(await page.isDisabled('#editor-computer'), true);
  // Kings, and a white pawn on the first rank.
  await place(page, 'white', 'king', 'e1');
  await place(page, 'black', 'king', 'e8');
  await place(page, 'white', 'pawn', 'a1');
  await verdict(page, /Gyalog a\(z\) a1 mezőn/);
  // Removed; a white rook gives check, with White to move: the side not to move in check.
  await page.click('#tool-trash');
  await clickSquare(page, 'a1');
  await place(page, 'white', 'rook', 'e5');
  await verdict(page, /A nem lépésre következő fél sakkban áll/);
  await page.selectOption('#editor-turn', 'black');
  await verdict(page, /Szabályos állás/);
  // An en passant square no pawn just passed.
  await page.selectOption('#editor-ep', 'd3');
  await verdict(page, /d3 en passant mező lehetetlen/);
  await page.selectOption('#editor-ep', '-');
  await verdict(page, /Szabályos állás/);
  // Castling rights only where the king and rook stand: a rook on h1 makes K possible.
  assert.equal(await page.isDisabled('#castle-wk'), true);
  await place(page, 'white', 'rook', 'h1');
  await page.waitForFunction(() => !document.querySelector('#castle-wk')?.disabled);
  await page.check('#castle-wk');
  await page.waitForFunction(() => document.querySelector('#editor-fen')?.value.includes(' b K '));
  await verdict(page, /Szabályos állás/);
  const fen = await page.inputValue('#editor-fen');
  assert.equal(fen, '4k3/8/8/4R3/8/8/8/4K2R b K - 0 1');
  // Played against the computer (the side to move is the player's): the game starts from it.
  await page.click('#editor-computer');
  await page.waitForURL(/\/game\//);
  const id = new URL(page.url()).pathname.split('/').pop();
  const state = await (await fetch(`${ctx.server.url}/api/games/${id}`)).json();
  assert.equal(state.initial_fen, fen);
  assert.equal(state.opponent, 'computer');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a FEN typed in sets the board, and the position opens in the analysis board', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/editor/8/8/8/8/8/8/8/8_w_-_-_0_1`, 'en');
  await page.waitForSelector('cg-board');
  await verdict(page, /White has no king/);
  await page.fill('#editor-fen', 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1');
  await page.press('#editor-fen', 'Enter');
  await verdict(page, /A legal position/);
  assert.equal(await page.isChecked('#castle-bq'), true);
  assert.equal(await page.inputValue('#editor-turn'), 'black');
  await page.click('#editor-analyse');
  await page.waitForURL(/\/analysis\//);
  await page.waitForFunction(() => document.querySelector('#fen')?.value === 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
