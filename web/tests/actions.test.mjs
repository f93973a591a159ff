// Browser tests of the game's actions: draw offer, resignation, takeback,
// touch-move, premove, analysis, rematch, history, and reconnection.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, clickMove, waitMoves, moveTexts, createGame } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

/** A game by link opened in two browser contexts. */
async function pair(body = { opponent: 'friend', color: 'white', clock: null }, lang = 'en') {
  const game = await createGame(server.url, body);
  const white = await newPage(browser, `${server.url}/game/${game.id}?token=${game.tokens.white}`, lang);
  const black = await newPage(browser, `${server.url}/game/${game.id}?token=${game.tokens.black}`, lang);
  await white.waitForSelector('cg-board');
  await black.waitForSelector('cg-board');
  return { game, white, black };
}

async function typeMove(page, text) {
  const before = (await moveTexts(page)).length;
  await page.fill('#move-text', text);
  await page.press('#move-text', 'Enter');
  await waitMoves(page, before + 1);
}

test('a draw offered with a move is accepted by the other player', async () => {
  const { white, black } = await pair();
  await typeMove(white, 'e4');
  await waitMoves(black, 1);
  // The offer is made with Black's next move, as the rules say.
  await black.click('button.offer-draw');
  assert.equal(await black.locator('button.offer-draw').getAttribute('aria-pressed'), 'true');
  await typeMove(black, 'e5');
  await white.waitForSelector('.draw-offer');
  assert.equal(await white.locator('.draw-offer span').textContent(), 'Your opponent offers a draw');
  await white.click('button.accept-draw');
  for (const page of [white, black]) {
    await page.waitForSelector('.result:not([hidden])');
    assert.equal(await page.locator('.result').textContent(), 'Draw — agreement');
  }
  await Promise.all([white, black].map(p => p.context().close()));
});

test('resignation asks for confirmation, in Hungarian too', async () => {
  const { white, black } = await pair({ opponent: 'friend', color: 'white', clock: null }, 'hu');
  await typeMove(white, 'd4');
  await waitMoves(black, 1);
  await typeMove(black, 'd5');
  await black.click('button.resign');
  assert.equal(await black.locator('.confirm').textContent().then(t => t.startsWith('Biztosan feladod?')), true);
  await black.click('button.resign-no');
  assert.equal(await black.locator('.confirm').count(), 0, 'no resignation after "no"');
  await black.click('button.resign');
  await black.click('button.resign-yes');
  for (const page of [white, black]) {
    await page.waitForSelector('.result:not([hidden])');
    assert.equal(await page.locator('.result').textContent(), 'Világos nyert — feladás');
  }
  // After the game: a rematch with colours swapped, joined from both sides.
  const oldGame = black.url();
  await black.click('button.rematch');
  await black.waitForURL(url => url.href !== oldGame);
  await white.waitForSelector('button.rematch.primary');
  assert.equal(await white.locator('button.rematch').textContent(), 'Csatlakozás a visszavágóhoz');
  const before = white.url();
  await white.click('button.rematch');
  await white.waitForURL(url => url.href !== before);
  assert.equal(new URL(white.url()).pathname, new URL(black.url()).pathname, 'the same new game');
  await white.waitForSelector('.cg-wrap.board.orientation-black');
  await black.waitForSelector('.cg-wrap.board.orientation-white');
  await typeMove(black, 'e4');
  await waitMoves(white, 1);
  await Promise.all([white, black].map(p => p.context().close()));
});

test('a takeback asked and accepted', async () => {
  const { white, black } = await pair();
  await typeMove(white, 'e4');
  await waitMoves(black, 1);
  await typeMove(black, 'f6');
  await waitMoves(white, 2);
  await black.click('button.takeback');
  await white.waitForSelector('.takeback-offer');
  await white.click('button.accept-takeback');
  await black.waitForFunction(() => document.querySelectorAll('ol.moves button.move').length === 1);
  assert.deepEqual(await moveTexts(black), ['e4']);
  await typeMove(black, 'e5');
  await Promise.all([white, black].map(p => p.context().close()));
});

test('touch-move: the touched piece is committed and another move is refused with the rule', async () => {
  const game = await createGame(server.url, { opponent: 'local', clock: null, rules: { touch_move: true } });
  const page = await newPage(browser, `${server.url}/game/${game.id}?token=${game.tokens.white}`);
  await page.waitForSelector('cg-board');
  // Touch the knight on g1 (select it), then try to move a pawn instead.
  const { squareCenter } = await import('./harness.mjs');
  const g1 = await squareCenter(page, 'g1');
  await page.mouse.click(g1.x, g1.y);
  await page.waitForFunction(async id => {
    const s = await (await fetch(`/api/games/${id}`)).json();
    return s.touched.includes('g1');
  }, game.id);
  await page.waitForSelector('cg-board square.touched');
  await page.fill('#move-text', 'e4');
  await page.press('#move-text', 'Enter');
  await page.waitForSelector('.refusal:not([hidden])');
  assert.match(await page.locator('.refusal').textContent(), /touch/i);
  await typeMove(page, 'Nf3');
  assert.deepEqual(await moveTexts(page), ['Nf3']);
  await page.context().close();
});

test('a premove against a remote player is played when the turn comes', async () => {
  const { white, black } = await pair({ opponent: 'friend', color: 'white', clock: { limit: 300, increment: 0 } });
  // Black sets e7-e5 while White is to move.
  await clickMove(black, 'e7', 'e5');
  await typeMove(white, 'e4');
  await waitMoves(white, 2);
  assert.deepEqual(await moveTexts(white), ['e4', 'e5']);
  await Promise.all([white, black].map(p => p.context().close()));
});

test('after the game: the analysis marks the blunder and draws the graph; the history lists the game', async () => {
  const { game, white, black } = await pair();
  for (const [i, mv] of ['f3', 'e5', 'g4', 'Qh4'].entries()) {
    await typeMove(i % 2 === 0 ? white : black, mv);
    await waitMoves(i % 2 === 0 ? black : white, i + 1);
  }
  await white.waitForSelector('.result:not([hidden])');
  assert.equal(await white.locator('.result').textContent(), "Black won — checkmate (Fool's mate)");
  await white.click('button.analyse');
  await white.waitForSelector('svg.eval-graph', { timeout: 60000 });
  const texts = await moveTexts(white);
  assert.equal(texts[2], 'g4??', `moves: ${texts}`);
  assert.ok(await white.locator('svg.eval-graph circle.blunder').count() >= 1);
  // Looking back: the third move's position and the engine's best line there.
  await white.click('ol.moves button[data-ply="2"]');
  assert.match(await white.locator('.analysis .best').textContent(), /Best line: /);
  await white.keyboard.press('ArrowRight');
  assert.equal(await white.locator('ol.moves button.current').getAttribute('data-ply'), '3');
  assert.match(await white.locator('.analysis .best').textContent(), /^#-1 Best line: Qh4#/);
  const history = await newPage(browser, `${server.url}/history`);
  await history.waitForSelector(`tr[data-id="${game.id}"]`);
  const row = await history.locator(`tr[data-id="${game.id}"]`).textContent();
  assert.match(row, /0-1/);
  assert.match(row, /checkmate/);
  await history.click(`tr[data-id="${game.id}"] a`);
  await history.waitForSelector('.result:not([hidden])');
  await Promise.all([white, black, history].map(p => p.context().close()));
});

test('a dropped connection shows it, reconnects by itself and resumes', async () => {
  const { game, white, black } = await pair();
  await typeMove(white, 'e4');
  await waitMoves(black, 1);
  await server.kill();
  await white.waitForSelector('.connection:not([hidden])');
  assert.equal(await white.locator('.connection').textContent(), 'Connection lost — reconnecting…');
  server = { ...(await startServer({ dir: server.dir, port: server.port })) };
  await white.waitForSelector('.connection[hidden]', { state: 'attached', timeout: 15000 });
  await black.waitForSelector('.connection[hidden]', { state: 'attached', timeout: 15000 });
  await typeMove(black, 'c5');
  await waitMoves(white, 2);
  assert.deepEqual(await moveTexts(white), ['e4', 'c5']);
  const state = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
  assert.equal(state.moves, 'e2e4 c7c5');
  await Promise.all([white, black].map(p => p.context().close()));
});

test('a threefold repetition claimed by declaring the move', async () => {
  const game = await createGame(server.url, { opponent: 'local', clock: null });
  const page = await newPage(browser, `${server.url}/game/${game.id}?token=${game.tokens.white}`);
  await page.waitForSelector('#move-text');
  for (const mv of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']) await typeMove(page, mv);
  // Black's Ng8 would repeat the position a third time: claimed with the move, not played.
  await page.fill('#move-text', 'Ng8');
  await page.click('button.claim-with-move');
  await page.waitForSelector('.result:not([hidden])');
  assert.equal(await page.locator('.result').textContent(), 'Draw — threefold repetition');
  // The declared move is on the scoresheet, marked as the claim's.
  assert.equal((await moveTexts(page)).length, 8);
  assert.equal(await page.locator('button.move[data-declared="true"]').count(), 1);
  await page.context().close();
});
