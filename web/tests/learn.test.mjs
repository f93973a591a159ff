// Browser tests of the rules guide (/learn) and keyboard moves on the board
// (every page's accessibility check is in layout.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { newPage, clickMove, dragMove, waitMoves, moveTexts, createGame, artifacts, serverAndBrowser } from './harness.mjs';

const ctx = serverAndBrowser();

const feedback = page => page.locator('.feedback').textContent();

test('two lessons done by clicks, a refused move explained by its rule, progress kept', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/learn#rook`, 'en');
  await page.waitForSelector('cg-board');
  assert.equal(await page.locator('#lesson-title').textContent(), 'The rook');
  // The rook cannot pass its own king: refused, with the rule's words.
  await clickMove(page, 'a1', 'h1');
  await page.waitForSelector('.feedback.refused');
  assert.equal(await feedback(page), 'Illegal move: The way is blocked by the piece on e1.');
  await clickMove(page, 'a1', 'a6');
  await page.waitForSelector('.finished:not([hidden])');
  assert.match((await page.locator('.finished').textContent()) ?? '', /Lesson done!/);
  // Castling: tried, refused with the condition that fails, then the question.
  await page.goto(`${ctx.server.url}/learn#castling`);
  await page.waitForSelector('.finished[hidden]', { state: 'attached' });
  await dragMove(page, 'e1', 'c1');
  await page.waitForSelector('.feedback.refused');
  assert.equal(await feedback(page), 'Illegal move: You cannot castle: the king would pass through d1, which is attacked.');
  await page.click('button.option[data-option="4"]');
  assert.match((await feedback(page)) ?? '', /Not quite/);
  await page.click('button.option[data-option="5"]');
  await page.waitForSelector('.finished:not([hidden])');
  assert.equal(await page.locator('.progress').textContent(), '2 of 20 lessons done');
  await page.screenshot({ path: join(artifacts, 'learn.png') });
  // Kept in the browser: after a reload both are ticked.
  await page.reload();
  await page.waitForSelector('cg-board');
  assert.equal(await page.locator('.lessons a.done').count(), 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('in Hungarian: the refusal in Hungarian words, and a move typed with Hungarian letters', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/learn#castling`, 'hu');
  await page.waitForSelector('cg-board');
  assert.equal(await page.locator('#lesson-title').textContent(), 'A sáncolás');
  await clickMove(page, 'e1', 'c1');
  await page.waitForSelector('.feedback.refused');
  assert.equal(await feedback(page), 'Szabálytalan lépés: Nem sáncolhatsz: a király áthaladna a d1 mezőn, amelyet az ellenfél támad.');
  await page.goto(`${ctx.server.url}/learn#notation`);
  await page.waitForSelector('#learn-move');
  await page.fill('#learn-move', 'Nf3'); // English letters: N is not a Hungarian piece
  await page.press('#learn-move', 'Enter');
  await page.waitForSelector('.feedback.refused');
  await page.fill('#learn-move', 'Hf3');
  await page.press('#learn-move', 'Enter');
  await page.waitForSelector('.finished:not([hidden])');
  assert.equal(await feedback(page), 'Lépés: Hf3');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the rules decide the clock lesson: a fallen flag against a lone king is a draw', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/learn#clock`, 'en');
  await page.waitForSelector('button.action[data-action="flag"]');
  await page.click('button.action[data-action="flag"]');
  await page.waitForSelector('.feedback.accepted');
  assert.match((await feedback(page)) ?? "", /cannot checkmate: draw/);
  await page.click('button.option[data-option="2"]');
  await page.waitForSelector('.finished:not([hidden])');
  await page.context().close();
});

test('a move by keyboard only, on the game board and in a lesson', async () => {
  const game = await createGame(ctx.server.url, { opponent: 'local', clock: null, rules: { touch_move: false } });
  const page = await newPage(ctx.browser, `${ctx.server.url}/game/${game.id}?token=${game.tokens.white}`, 'en');
  await page.waitForSelector('cg-board');
  await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '…') !== '…');
  // Tab to the board (after the header's links and selects), then move e2–e4.
  for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.classList.contains('board'))); i++) await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('board')), 'the board takes the focus');
  await page.keyboard.press('ArrowUp'); // the cursor appears on e1
  await page.keyboard.press('ArrowUp'); // e2
  assert.equal(await page.locator('#announce').textContent(), 'e2, White pawn');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#announce').textContent(), 'e2, White pawn, picked up');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await waitMoves(page, 1);
  assert.deepEqual(await moveTexts(page), ['e4']);
  // Black's reply the same way, with Space (the cursor is on e4; the board
  // stays turned to White): e7 picked up, put down on e5.
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp', 'Space', 'ArrowDown', 'ArrowDown', 'Space']) await page.keyboard.press(key === 'Space' ? ' ' : key);
  await waitMoves(page, 2);
  assert.deepEqual(await moveTexts(page), ['e4', 'e5']);
  await page.context().close();
  // In a lesson: the king takes the pawn (e4 → d5).
  const lesson = await newPage(ctx.browser, `${ctx.server.url}/learn#king`, 'en');
  await lesson.waitForSelector('cg-board');
  await lesson.focus('.cg-wrap.board');
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'Enter', 'ArrowUp', 'ArrowLeft', 'Enter']) await lesson.keyboard.press(key);
  await lesson.waitForSelector('.finished:not([hidden])');
  await lesson.context().close();
});

test('a move in other letters is named as such, and a right answer clears the wrong one', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/learn#notation`, 'en');
  await page.waitForSelector('#learn-move');
  await page.fill('#learn-move', 'Nf3');
  await page.press('#learn-move', 'Enter');
  await page.waitForSelector('.feedback.refused');
  assert.equal(
    await page.locator('.feedback').textContent(),
    'Nf3 is that move in other letters: write it with the Hungarian ones (king K, queen V, rook B, bishop F, knight H).',
  );
  await page.fill('#learn-move', 'Hf3');
  await page.press('#learn-move', 'Enter');
  await page.waitForSelector('.finished:not([hidden])');
  // A choice: wrong, then right — the "not quite" goes.
  await page.goto(`${ctx.server.url}/learn#agreement`);
  await page.waitForSelector('button.option[data-option="1"]');
  await page.click('button.option[data-option="1"]');
  await page.waitForSelector('.feedback.wrong');
  await page.click('button.option[data-option="2"]');
  await page.waitForSelector('.finished:not([hidden])');
  assert.equal(await page.locator('.feedback').textContent(), '');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
