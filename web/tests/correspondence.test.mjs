// Browser tests of correspondence chess (days a move): a challenge of three
// days a move from a player's page, accepted; the clocks count days, the
// side to move sees when its move is due, and each player's home page
// lists the game, "your turn" for the one to move. A game of one day a
// move from the home page's form says its control in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickMove, newPage, serverAndBrowser, signedUp, waitMoves } from './harness.mjs';

const ctx = serverAndBrowser();

test('a challenge of three days a move: clocks in days, the deadline, the home page lists whose turn it is', async () => {
  const anna = await signedUp(ctx, 'Anna', 'en', '/history');
  const bela = await signedUp(ctx, 'Bela', 'hu', '/history');
  await anna.goto(`${ctx.server.url}/@/Bela`);
  await anna.waitForSelector('form.challenge-form');
  await anna.selectOption('.challenge-form select[name=days]', '3');
  assert.equal(await anna.locator('.challenge-form input[name=minutes]').isVisible(), false);
  await anna.uncheck('.challenge-form input[name=rated]');
  await anna.selectOption('.challenge-form select[name=color]', 'white');
  await anna.click('.challenge-form button[type=submit]');
  await anna.waitForURL(/\/challenge\//);
  assert.match(await anna.locator('.challenge p.terms').textContent(), /3 days · Casual · Correspondence/);
  const notice = bela.locator('#notices .notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /3 nap · Barátságos/);
  await bela.click('#notices .notice button.accept');
  await bela.waitForURL(/\/game\//);
  await anna.waitForURL(/\/game\//);
  await anna.waitForSelector('.cg-wrap.board.orientation-white');
  await anna.waitForFunction(() => /3 days a move/.test(document.querySelector('p.control')?.textContent ?? ''));
  await bela.waitForFunction(() => /lépésenként 3 nap/.test(document.querySelector('p.control')?.textContent ?? ''));
  await anna.waitForFunction(() => [...document.querySelectorAll('.clock')].every(c => c.textContent === '3d 0h'));
  await clickMove(anna, 'e2', 'e4');
  await waitMoves(bela, 1);
  // Black's days run from White's first move: under three days now, and
  // the move is due three days on.
  await bela.waitForFunction(() => document.querySelector('.clock.running')?.textContent === '2 nap 23 óra');
  const due = await bela.locator('.deadline:not(:empty)').textContent();
  assert.match(due, /^Lépj eddig: /);
  const threeDays = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  assert.ok(due.includes(String(threeDays.getFullYear())), due);
  assert.equal(await anna.locator('.deadline:not(:empty)').count(), 1);

  // The home pages: Bela to move, Anna waiting.
  await bela.goto(ctx.server.url);
  await bela.waitForSelector('section.playing li');
  assert.match(await bela.locator('section.playing h2').textContent(), /Folyamatban lévő játszmáid/);
  assert.match(await bela.locator('section.playing li.my-turn').textContent(), /Anna.*Levelező.*Te lépsz.*2 nap 23 óra/);
  await anna.goto(ctx.server.url);
  await anna.waitForSelector('section.playing li');
  assert.match(await anna.locator('section.playing li.their-turn').textContent(), /Bela.*Correspondence.*Waiting for the opponent/);
  // From the list to the game, and the reply.
  await bela.click('section.playing li.my-turn a');
  await bela.waitForURL(/\/game\//);
  await bela.waitForSelector('.cg-wrap.board.orientation-black');
  await clickMove(bela, 'e7', 'e5');
  await waitMoves(bela, 2);
  await bela.goto(ctx.server.url);
  await bela.waitForSelector('section.playing li.their-turn');
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await anna.context().close();
  await bela.context().close();
});

test("the home page's form starts a game of one day a move; without an account no list shows", async () => {
  const page = await newPage(ctx.browser, ctx.server.url, 'en');
  await page.waitForSelector('form.new-game');
  await page.click('.tc-cat.days button[data-tc="1d"]');
  await page.waitForFunction(() => document.querySelector('.tc-words')?.textContent === 'one day a move');
  await page.click('label.opt[data-value=local]');
  await page.click('#start');
  await page.waitForURL(/\/game\//);
  await page.waitForFunction(() => /one day a move/.test(document.querySelector('p.control')?.textContent ?? ''));
  await page.waitForFunction(() => [...document.querySelectorAll('.clock')].every(c => c.textContent === '1d 0h'));
  await page.goto(ctx.server.url);
  await page.waitForSelector('form.new-game');
  assert.equal(await page.locator('section.playing').isVisible(), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
