// Browser tests of challenges, with two people in two browsers: one
// challenges the other from the other's page; the challenge shows at once
// on whatever page the other is on, and Accept takes both to the game;
// declined with a reason, the challenger reads the reason; an open
// challenge's link pairs the first two who join, each as the colour their
// link names. A player's page lists their latest games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverAndBrowser, signedUp } from './harness.mjs';

const ctx = serverAndBrowser();

/** A person with an account, on `path`. */
const person = (name, lang = 'en', path = '/history') => signedUp(ctx, name, lang, path);

/** `page` challenges `name` from their page: 3+2, casual, as White. */
async function challenge(page, name) {
  await page.goto(`${ctx.server.url}/@/${name}`);
  await page.waitForSelector('form.challenge-form');
  await page.fill('.challenge-form input[name=minutes]', '3');
  await page.fill('.challenge-form input[name=increment]', '2');
  await page.uncheck('.challenge-form input[name=rated]');
  await page.selectOption('.challenge-form select[name=color]', 'white');
  await page.click('.challenge-form button[type=submit]');
  await page.waitForURL(/\/challenge\//);
  await page.waitForSelector('.challenge p.waiting');
}

test('a challenge shows at once to the one challenged, and Accept starts the game for both', async () => {
  const anna = await person('Anna');
  const bela = await person('Bela', 'hu');
  await challenge(anna, 'Bela');
  assert.match(await anna.locator('.challenge p.waiting').textContent(), /Bela/);
  assert.match(await anna.locator('.challenge p.terms').textContent(), /3\+2 · Casual · Blitz/);
  // Bela, on another page, in Hungarian.
  const notice = bela.locator('#notices .notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /Anna kihív téged/);
  assert.match(await notice.textContent(), /3\+2 · Barátságos/);
  await bela.click('#notices .notice button.accept');
  await bela.waitForURL(/\/game\//);
  await anna.waitForURL(/\/game\//);
  assert.equal(new URL(anna.url()).pathname, new URL(bela.url()).pathname);
  assert.equal(await bela.locator('#notices .notice').count(), 0);
  await anna.waitForSelector('.cg-wrap.board.orientation-white');
  await bela.waitForSelector('.cg-wrap.board.orientation-black');
  // New accounts: ratings provisional, shown with "?" beside the board.
  await anna.waitForSelector('span.player span.rating');
  assert.deepEqual(await anna.locator('span.player span.rating').allTextContents(), [' 1500?', ' 1500?']);
  // They chat beside the board; someone watching does not hear them.
  const game = new URL(anna.url()).pathname;
  const watcher = await newPage(ctx.browser, `${ctx.server.url}${game}`, 'en');
  await watcher.waitForSelector('.cg-wrap.board');
  await anna.fill('.chat form.chat-say input', 'Good luck!');
  await anna.press('.chat form.chat-say input', 'Enter');
  await bela.waitForFunction(() => document.querySelector('.chat ol.chat-lines')?.textContent?.includes('Good luck!'));
  assert.match(await bela.locator('.chat h3').textContent(), /ellenfeleddel/);
  await anna.waitForFunction(() => document.querySelector('.chat ol.chat-lines')?.textContent?.includes('Anna Good luck!'));
  // The panel shows once it has read the chat (its heading names the room).
  await watcher.waitForSelector('.chat:not([hidden]) h3');
  assert.match(await watcher.locator('.chat h3').textContent(), /Spectators/);
  assert.equal(await watcher.locator('.chat ol.chat-lines li').count(), 0);
  await watcher.context().close();
  // The game is on both players' pages, and Bela is playing now.
  await anna.goto(`${ctx.server.url}/@/Bela`);
  await anna.waitForSelector('.profile p.presence .dot.online');
  assert.match(await anna.locator('.profile p.presence').textContent(), /Playing now/);
  await anna.waitForSelector('.profile ul.recent li a');
  assert.match(await anna.locator('.profile ul.recent li').first().textContent(), /Anna – Bela \*/);
  // Filtered: Bela never had White; the game is blitz, against Anna.
  await anna.selectOption('.game-filters select[name=color]', 'white');
  await anna.waitForSelector('.games-list p.muted');
  await anna.selectOption('.game-filters select[name=color]', '');
  await anna.selectOption('.game-filters select[name=perfType]', 'blitz');
  await anna.fill('.game-filters input[name=vs]', 'anna');
  await anna.press('.game-filters input[name=vs]', 'Enter');
  await anna.waitForSelector('.games-list ul.recent li');
  assert.equal(await anna.locator('.games-list ul.recent li').count(), 1);
  // Rated only: none; casual only: the game.
  await anna.selectOption('.game-filters select[name=rated]', 'true');
  await anna.waitForSelector('.games-list p.muted');
  await anna.selectOption('.game-filters select[name=rated]', 'false');
  await anna.waitForSelector('.games-list ul.recent li');
  assert.equal(await anna.locator('.games-list ul.recent li').count(), 1);
  // Her own games are one click from her account page.
  await anna.goto(`${ctx.server.url}/account`);
  await anna.click('p.my-games a');
  await anna.waitForURL(/\/@\/Anna$/);
  await anna.waitForSelector('.profile ul.recent li a');
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await anna.context().close();
  await bela.context().close();
});

test('a Chess960 challenge from the form: its terms say so, and the game begins in Chess960', async () => {
  const anna = await person('Hedi');
  const bela = await person('Ivan');
  await anna.goto(`${ctx.server.url}/@/Ivan`);
  await anna.waitForSelector('form.challenge-form');
  await anna.selectOption('.challenge-form select[name=variant]', 'chess960');
  await anna.uncheck('.challenge-form input[name=rated]');
  await anna.click('.challenge-form button[type=submit]');
  await anna.waitForURL(/\/challenge\//);
  assert.match(await anna.locator('.challenge p.terms').textContent(), /5\+3 · Casual · Blitz · Chess960/);
  await bela.locator('#notices .notice').waitFor();
  await bela.click('#notices .notice button.accept');
  await bela.waitForURL(/\/game\//);
  await anna.waitForURL(/\/game\//);
  await anna.waitForFunction(() => /^Chess960 · /.test(document.querySelector('p.control')?.textContent ?? ''));
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await anna.context().close();
  await bela.context().close();
});

test('declined with a reason, the challenger reads it; a canceled one leaves the notices', async () => {
  const anna = await person('Cili');
  const bela = await person('Dani');
  await challenge(anna, 'Dani');
  await bela.locator('#notices .notice').waitFor();
  await bela.click('#notices .notice a.view');
  await bela.waitForURL(/\/challenge\//);
  await bela.selectOption('.challenge select[name=reason]', 'tooFast');
  await bela.click('.challenge button.decline');
  await bela.waitForSelector('.challenge p.declined');
  await anna.waitForSelector('.challenge p.declined');
  assert.match(await anna.locator('.challenge p.declined').textContent(), /Dani declined: This time control is too fast for me/);
  await bela.waitForFunction(() => document.querySelectorAll('#notices .notice').length === 0);

  await challenge(anna, 'Dani');
  await bela.locator('#notices .notice').waitFor();
  await anna.click('.challenge button.cancel');
  await anna.waitForSelector('.challenge p.canceled');
  await bela.waitForFunction(() => document.querySelectorAll('#notices .notice').length === 0);
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await anna.context().close();
  await bela.context().close();
});

test("an open challenge's link pairs the first two who join, as their links' colours", async () => {
  const made = await (
    await fetch(`${ctx.server.url}/api/challenge/open`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ 'clock.limit': 600, 'clock.increment': 0, name: 'Club night' }),
    })
  ).json();
  const anna = await person('Emma', 'en', new URL(made.urlBlack).pathname + new URL(made.urlBlack).search);
  await anna.waitForSelector('.challenge h1');
  assert.equal(await anna.locator('.challenge h1').textContent(), 'Club night');
  assert.match(await anna.locator('.challenge p.terms').textContent(), /10\+0/);
  assert.match(await anna.locator('.challenge button.join').textContent(), /Join as Black/);
  await anna.click('.challenge button.join');
  await anna.waitForSelector('.challenge p.waiting');
  // Someone without an account is asked to log in.
  const guest = await newPage(ctx.browser, `${ctx.server.url}/challenge/${made.id}`, 'en');
  await guest.waitForSelector('.challenge a.log-in');
  await guest.context().close();
  const bela = await person('Feri', 'hu', `/challenge/${made.id}`);
  await bela.waitForSelector('.challenge p.first');
  assert.match(await bela.locator('.challenge p.first').textContent(), /Emma/);
  await bela.click('.challenge button.join');
  await bela.waitForURL(/\/game\//);
  await anna.waitForURL(/\/game\//);
  assert.equal(new URL(anna.url()).pathname, new URL(bela.url()).pathname);
  await anna.waitForSelector('.cg-wrap.board.orientation-black');
  await bela.waitForSelector('.cg-wrap.board.orientation-white');
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await anna.context().close();
  await bela.context().close();
});

test('a player is found by name, online ones marked, and their page opens', async () => {
  const anna = await person('Gizi', 'en', '/');
  await anna.click('section.lobby .find-player a');
  await anna.waitForURL(/\/players$/);
  await anna.fill('#player-search', 'gi');
  await anna.waitForSelector('ul.found li.online a.user');
  assert.equal(await anna.locator('ul.found li a.user').first().textContent(), 'Gizi');
  await anna.fill('#player-search', 'nobodyhere');
  await anna.waitForSelector('ul.found li.muted');
  await anna.fill('#player-search', 'Emm');
  await anna.click('ul.found a.user');
  await anna.waitForSelector('.profile h1');
  assert.equal(await anna.locator('.profile h1').textContent(), 'Emma');
  assert.deepEqual(anna.errors, []);
  await anna.context().close();
});
