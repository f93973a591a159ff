// Browser tests of what the rules library teaches the player: move facts in
// the move list, multi-period clocks and the sandclock, in the game and on
// the clock page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, waitMoves, createGame, serverAndBrowser } from './harness.mjs';

const ctx = serverAndBrowser();

/** Plays `mv` in game `game` through the API. */
async function apiMove(game, mv) {
  const res = await fetch(`${ctx.server.url}/api/games/${game.id}/move/${mv}`, { method: 'POST', headers: { Authorization: `Bearer ${game.tokens.white}` } });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  return JSON.parse(body);
}

const state = async game => (await fetch(`${ctx.server.url}/api/games/${game.id}`)).json();

test('a discovered check, a fork, a double check and a double attack are marked in the move list, in English and Hungarian', async () => {
  const cases = [
    { fen: '4k3/8/8/8/8/8/4N3/4RK2 w - - 0 1', move: 'Nc3', fact: 'discovered_check', glyph: '↗', en: 'Discovered check', hu: 'felfedett sakk' },
    { fen: 'r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1', move: 'Nc7', fact: 'fork', glyph: '⋔', en: 'Fork (check and a rook attacked): a8', hu: 'villás sakk (sakk és bástya támadva): a8' },
    { fen: '4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1', move: 'Nd6', fact: 'double_check', glyph: '⇉', en: 'Double check', hu: 'kettős sakk' },
    // A double attack without check (not the seed's fork): queen and rook.
    { fen: 'k2q3r/8/8/6N1/8/8/8/4K3 w - - 0 1', move: 'Nf7', fact: 'double_attack', glyph: '⚔', en: 'Double attack (two or more pieces hit at once): d8, h8', hu: 'kettős támadás (egyszerre két vagy több bábu támadva): d8, h8', huSan: 'Hf7' },
  ];
  for (const c of cases) {
    const game = await createGame(ctx.server.url, { opponent: 'local', clock: null, rules: { touch_move: false }, fen: c.fen });
    // The move is played on the page (typed), so its announcement is heard.
    const page = await newPage(ctx.browser, `${ctx.server.url}/game/${game.id}?token=${game.tokens.white}`, 'en');
    await page.waitForSelector('cg-board');
    // The game's socket has sent its state (moves made before it would come
    // with the full state, which announces nothing).
    await page.waitForFunction(() => (document.querySelector('.status')?.textContent ?? '…') !== '…');
    await page.fill('#move-text', c.move);
    await page.press('#move-text', 'Enter');
    await waitMoves(page, 1);
    const btn = page.locator('button.move[data-ply="1"]');
    assert.ok(((await btn.getAttribute('data-facts')) ?? '').split(' ').includes(c.fact), c.move);
    assert.ok(((await btn.getAttribute('title')) ?? '').includes(c.en), `${c.move}: ${await btn.getAttribute('title')}`);
    assert.ok(((await btn.textContent()) ?? '').includes(c.glyph), c.move);
    await page
      .waitForFunction(words => (document.getElementById('announce')?.textContent ?? '').includes(words), c.en.split(':')[0], { timeout: 5000 })
      .catch(async e => {
        throw new Error(`${c.move}: heard "${await page.locator('#announce').textContent()}": ${e}`);
      });
    assert.deepEqual(page.errors, []);
    await page.context().close();
    // The same mark in Hungarian, with Hungarian letters.
    const hu = await newPage(ctx.browser, `${ctx.server.url}/game/${game.id}`, 'hu');
    await waitMoves(hu, 1);
    const huBtn = hu.locator('button.move[data-ply="1"]');
    assert.ok(((await huBtn.getAttribute('title')) ?? '').includes(c.hu), `${c.move}: ${await huBtn.getAttribute('title')}`);
    assert.ok(((await huBtn.textContent()) ?? '').startsWith(c.huSan ?? `H${c.move.slice(1)}+`), await huBtn.textContent());
    await hu.context().close();
  }
});

test('a scaled-down 40/90+30 (3 moves in 20 s, then 10 s): the second period comes at move 3 in the game', async () => {
  const game = await createGame(ctx.server.url, { opponent: 'local', clock: { control: '3/20:10' }, rules: { touch_move: false } });
  const page = await newPage(ctx.browser, `${ctx.server.url}/game/${game.id}?token=${game.tokens.white}`, 'en');
  await page.waitForSelector('cg-board');
  const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4'];
  let s;
  for (const mv of moves) s = await apiMove(game, mv);
  s = await state(game);
  // White has made 3 moves: 20 s less what was used, plus the 10 s of the second period.
  assert.ok(s.wtime > 25000 && s.wtime <= 30000, `white ${s.wtime} ms`);
  assert.ok(s.btime <= 20000, `black ${s.btime} ms`);
  await waitMoves(page, 5);
  await page.waitForFunction(() => /^0:(2[5-9]|30)$/.test(document.querySelector('.clock[data-color="white"]')?.textContent ?? ''));
  // Black's third move brings Black's period too.
  s = await apiMove(game, 'g8f6');
  s = await state(game);
  assert.ok(s.btime > 25000, `black ${s.btime} ms`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a sandclock game: the time White uses flows to Black', async () => {
  const game = await createGame(ctx.server.url, { opponent: 'local', clock: { control: '*60' }, rules: { touch_move: false } });
  const page = await newPage(ctx.browser, `${ctx.server.url}/game/${game.id}?token=${game.tokens.white}`, 'en');
  await page.waitForSelector('cg-board');
  await apiMove(game, 'e2e4');
  await apiMove(game, 'e7e5');
  await new Promise(r => setTimeout(r, 1500));
  await apiMove(game, 'g1f3');
  const s = await state(game);
  assert.ok(s.btime > 60800 && s.wtime < 59200, `white ${s.wtime} ms, black ${s.btime} ms`);
  assert.ok(Math.abs(s.wtime + s.btime - 120000) < 400, `white ${s.wtime} + black ${s.btime}`);
  await waitMoves(page, 3);
  await page.waitForFunction(() => /^1:0\d$/.test(document.querySelector('.clock[data-color="black"]')?.textContent ?? ''));
  await page.context().close();
});

test('the clock page: a second period at move 3, and the hourglass', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/clock`, 'en');
  await page.fill('#clock-min', String(20 / 60));
  await page.fill('#clock-inc', '0');
  await page.fill('#clock-delay', '0');
  await page.fill('#clock-period-moves', '3');
  await page.fill('#clock-period-then', String(10 / 60));
  await page.click('#clock-start');
  const white = page.locator('.clock-face[data-side="0"]');
  const black = page.locator('.clock-face[data-side="1"]');
  // Black starts White's clock; then each presses after a move.
  await black.click();
  for (let i = 0; i < 2; i++) {
    await white.click();
    await black.click();
  }
  assert.match((await white.locator('.time').textContent()) ?? '', /^0:(1\d|20)$/);
  await white.click(); // White's third move: 10 s more.
  assert.match((await white.locator('.time').textContent()) ?? '', /^0:(2\d|30)$/);
  assert.equal(await white.locator('.count').textContent(), 'Moves: 3');
  // The hourglass: what White uses, Black gains.
  await page.click('button.reset');
  await page.click('button[data-tc="sandclock"]');
  await black.click();
  await page.waitForTimeout(1500);
  assert.match((await white.locator('.time').textContent()) ?? '', /^2:5\d$/);
  assert.match((await black.locator('.time').textContent()) ?? '', /^3:0[1-9]$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
