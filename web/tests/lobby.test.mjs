// Browser tests of the lobby on the home page, with two people in two
// browsers: a seek made by one appears live for the other, who accepts it
// with one click; both land in the same game and play it with their
// sessions (no seat token). Two people in one pool are paired. Leaving the
// page takes a seek out of the lobby.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverAndBrowser, signedUp, clickMove } from './harness.mjs';

const ctx = serverAndBrowser();

/** A person with an account, on the home page. */
async function person(name, lang = 'en') {
  const page = await signedUp(ctx, name, lang, '/');
  await page.waitForSelector('section.lobby button.pool:not([disabled])');
  return page;
}

/** The seeks the lobby lists now. */
async function seekIds(base) {
  return (await (await fetch(`${base}/api/lobby`)).json()).seeks.map(s => s.id);
}

test('a seek seen live is accepted with one click, and both play it', async () => {
  const anna = await person('Anna');
  const bela = await person('Bela');
  await bela.waitForSelector('section.lobby .seeks p.muted');

  await anna.fill('.seek-form input[name=time]', '5');
  await anna.fill('.seek-form input[name=increment]', '3');
  await anna.uncheck('.seek-form input[name=rated]');
  await anna.selectOption('.seek-form select[name=color]', 'white');
  await anna.click('.seek-form button[type=submit]');
  await anna.waitForSelector('.my-seek .searching');
  // Anna sees her own seek, without a Play button; Bela sees it live.
  await anna.waitForSelector('table.seeks tr.own');
  assert.equal(await anna.locator('table.seeks tr.own button.accept').count(), 0);
  const row = bela.locator('table.seeks tbody tr');
  await row.first().waitFor();
  const text = await row.first().textContent();
  assert.match(text, /Anna/);
  assert.match(text, /1500\?/);
  assert.match(text, /5\+3/);
  assert.match(text, /Casual/);
  // Anna plays White: Bela would have Black.
  assert.match(text, /Black/);

  await bela.click('table.seeks button.accept');
  await bela.waitForURL(/\/game\//);
  await anna.waitForURL(/\/game\//);
  assert.equal(new URL(anna.url()).pathname, new URL(bela.url()).pathname);

  // The names and ratings beside the board, linking to the players' pages.
  await anna.waitForSelector('.player a.user');
  const names = await anna.locator('.player a.user').allTextContents();
  assert.deepEqual(names.sort(), ['Anna', 'Bela']);
  // Bela's board is drawn before the players' names come: wait for them.
  await bela.waitForFunction(() => /1500/.test(document.querySelector('.player')?.textContent ?? ''));
  // Each plays with the session: Anna has White.
  await anna.waitForSelector('.cg-wrap.board.orientation-white');
  await bela.waitForSelector('.cg-wrap.board.orientation-black');
  await anna.waitForSelector('#move-text');
  await clickMove(anna, 'e2', 'e4');
  await bela.waitForFunction(() => document.querySelector('.moves')?.textContent?.includes('e4'));
  await bela.fill('#move-text', 'e5');
  await bela.press('#move-text', 'Enter');
  await anna.waitForFunction(() => document.querySelector('.moves')?.textContent?.includes('e5'));
  const id = new URL(anna.url()).pathname.split('/').pop();
  const state = await (await fetch(`${ctx.server.url}/api/games/${id}`)).json();
  assert.equal(state.moves, 'e2e4 e7e5');
  assert.deepEqual(await seekIds(ctx.server.url), []);
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await anna.context().close();
  await bela.context().close();
});

test('two people in one pool are paired', async () => {
  const anna = await person('Cili', 'hu');
  const bela = await person('Dani');
  await anna.click('button.pool[data-pool="3+2"]');
  await anna.waitForSelector('button.pool[data-pool="3+2"][aria-pressed=true]');
  assert.match(await anna.locator('button.pool[data-pool="3+2"]').textContent(), /keresése/);
  await bela.waitForFunction(() => document.querySelector('button.pool[data-pool="3+2"] small')?.textContent === '1 waiting');
  await bela.click('button.pool[data-pool="3+2"]');
  await anna.waitForURL(/\/game\//);
  await bela.waitForURL(/\/game\//);
  assert.equal(new URL(anna.url()).pathname, new URL(bela.url()).pathname);
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await anna.context().close();
  await bela.context().close();
});

test("a rated game's end shows on the players' pages", async () => {
  const anna = await person('Feri');
  const bela = await person('Gabi', 'hu');
  await anna.click('button.pool[data-pool="5+0"]');
  await bela.click('button.pool[data-pool="5+0"]');
  await anna.waitForURL(/\/game\//);
  await bela.waitForURL(/\/game\//);
  const id = new URL(anna.url()).pathname.split('/').pop();
  // Each side moves (a game of no moves is not rated), from the pages'
  // sessions: only the side to move's request is taken.
  const move = (page, mv) => page.evaluate(async ([g, m]) => (await fetch(`/api/games/${g}/move/${m}`, { method: 'POST' })).status, [id, mv]);
  for (const mv of ['e2e4', 'e7e5']) {
    const answers = [await move(anna, mv), await move(bela, mv)];
    assert.equal(answers.filter(s => s === 200).length, 1, `${mv}: ${answers}`);
  }
  // Feri resigns from his page's session.
  const status = await anna.evaluate(async g => (await fetch(`/api/games/${g}/resign`, { method: 'POST' })).status, id);
  assert.equal(status, 200);
  // The rating changes appear beside the names.
  await anna.waitForSelector('.player .diff.down');
  await bela.waitForSelector('.player .diff.up');
  await anna.click('.player a.user:text("Gabi")');
  await anna.waitForSelector('.profile h1');
  assert.equal(await anna.locator('.profile h1').textContent(), 'Gabi');
  assert.match(await anna.locator('.profile li.win').textContent(), /1/);
  assert.match(await anna.locator('.profile li[data-speed=blitz]').textContent(), /1 rated game$/);
  await anna.waitForSelector('svg.rating-chart circle');
  assert.match(await anna.locator('figure.rating-chart .legend').textContent(), /Blitz \(\d+\)/);
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await anna.context().close();
  await bela.context().close();
});

test('a seek leaves the lobby when its page is left', async () => {
  const anna = await person('Emma');
  await anna.fill('.seek-form input[name=time]', '10');
  await anna.fill('.seek-form input[name=increment]', '0');
  await anna.click('.seek-form button[type=submit]');
  await anna.waitForSelector('table.seeks tr.own');
  assert.equal((await seekIds(ctx.server.url)).length, 1);
  await anna.click('a[href="/history"]');
  const deadline = Date.now() + 10000;
  while ((await seekIds(ctx.server.url)).length > 0) {
    assert.ok(Date.now() < deadline, 'the seek stayed');
    await new Promise(r => setTimeout(r, 200));
  }
  await anna.context().close();
});
