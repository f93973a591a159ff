// Chess960 in the browser: a game set up on the home page by its start
// position's number, castled on both wings by moving the king onto its
// rook (clicked, then dragged), as lichess does it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverAndBrowser, clickMove, dragMove, waitMoves, moveTexts } from './harness.mjs';

const ctx = serverAndBrowser();

test('a Chess960 game castles by the king onto its rook, on both wings', async () => {
  const page = await newPage(ctx.browser, ctx.server.url, 'en');
  await page.click('label.opt[data-value="local"]');
  await page.click('label.opt[data-value="chess960"]');
  // Position 177: BNRBNKRQ, the king on f1 between the rooks on c1 and g1.
  await page.fill('#chess960', '177');
  await page.click('button[data-tc="none"]');
  await page.click('#start');
  await page.waitForSelector('#move-text');
  await page.waitForFunction(() => document.querySelector('.control')?.textContent?.includes('Chess960'));
  for (const [i, san] of ['Nd3', 'a6', 'e3', 'a5', 'Be2', 'h6'].entries()) {
    await page.fill('#move-text', san);
    await page.press('#move-text', 'Enter');
    await waitMoves(page, i + 1);
  }
  // White castles long: the king (f1) clicked onto the rook on c1.
  await clickMove(page, 'f1', 'c1');
  await waitMoves(page, 7);
  // Black castles short: the king (f8) dragged onto the rook on g8.
  await dragMove(page, 'f8', 'g8');
  await waitMoves(page, 8);
  const moves = await moveTexts(page);
  assert.deepEqual(moves.slice(6), ['O-O-O', 'O-O']);
  const id = new URL(page.url()).pathname.split('/').pop();
  const state = await (await fetch(`${ctx.server.url}/api/games/${id}`)).json();
  assert.equal(state.moves, 'e1d3 a7a6 e2e3 a6a5 d1e2 h7h6 f1c1 f8g8');
  assert.equal(state.fen, 'bnrbnrkq/1pppppp1/7p/p7/8/3NP3/PPPPBPPP/BNKR2RQ w - - 2 5');
  // The board shows the castled kings and rooks where the rules put them.
  for (const [sq, piece] of [['c1', 'white king'], ['d1', 'white rook'], ['g8', 'black king'], ['f8', 'black rook']]) {
    await page.waitForFunction(
      ([s, p]) => [...document.querySelectorAll('cg-board piece')].some(el => el.className === p && el.cgKey === s),
      [sq, piece],
    );
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
