// Browser tests: the real server, the real front-end, headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launch, newPage, clickMove, dragMove, waitMoves, moveTexts, createGame, artifacts } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch();
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.stop();
});

/** Starts a game on one device without a clock, from the home page, and
 * waits for its move field. */
async function startLocalGame(page) {
  await page.click('label.opt[data-value="local"]');
  await page.click('button[data-tc="none"]');
  await page.click('#start');
  await page.waitForSelector('#move-text');
}

test('two browsers play a game by link to scholar’s mate and both see the result', async () => {
  const white = await newPage(browser, server.url);
  await white.click('label.opt[data-value="friend"]');
  await white.click('label.opt[data-value="white"]');
  await white.click('button[data-tc="none"]');
  await white.click('#start');
  const friendLink = await white.locator('input.friend-link').inputValue();
  const spectatorLink = await white.locator('input.spectator-link').inputValue();
  assert.match(friendLink, /\/game\/\w+#token=\w+/);
  await white.click('a.button.primary');
  const black = await newPage(browser, friendLink);
  const spectator = await newPage(browser, spectatorLink);
  await white.waitForSelector('cg-board');
  await black.waitForSelector('cg-board');
  // The seat token left the address bar at once (and the history entry).
  assert.ok(!black.url().includes('token'), `token still in ${black.url()}`);
  assert.ok(!white.url().includes('token'), `token still in ${white.url()}`);
  // Black's board is turned around.
  assert.ok(await black.locator('.cg-wrap.board.orientation-black').count());
  const moves = [
    [white, 'e2', 'e4'],
    [black, 'e7', 'e5'],
    [white, 'f1', 'c4'],
    [black, 'b8', 'c6'],
    [white, 'd1', 'h5'],
    [black, 'g8', 'f6'],
    [white, 'h5', 'f7'],
  ];
  let n = 0;
  for (const [page, from, to] of moves) {
    await waitMoves(page, n);
    if (n % 2 === 0) await clickMove(page, from, to);
    else await dragMove(page, from, to);
    n += 1;
    await waitMoves(white, n);
    await waitMoves(black, n);
  }
  assert.deepEqual(await moveTexts(black), ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']);
  for (const page of [white, black, spectator]) {
    await page.waitForSelector('.result:not([hidden])');
    assert.equal(await page.locator('.result').textContent(), "White won — checkmate (Scholar's mate)");
  }
  // What the rules library knows, shown: the opening's class, the phase,
  // and each move's facts in words.
  const opening = (await white.locator('.opening').textContent()) ?? '';
  assert.ok(opening.includes('Open game') && opening.includes('Phase: Opening'), opening);
  assert.equal(await white.locator('button.move[data-ply="7"]').getAttribute('data-facts'), 'checkmate capture');
  assert.match((await white.locator('button.move[data-ply="7"]').getAttribute('title')) ?? '', /Checkmate · Capture/);
  await white.screenshot({ path: join(artifacts, 'game.png') });
  assert.deepEqual([...white.errors, ...black.errors, ...spectator.errors], []);
  await Promise.all([white, black, spectator].map(p => p.context().close()));
});

test('a game against the computer gets a reply', async () => {
  const page = await newPage(browser, server.url);
  await page.click('label.opt[data-value="computer"]');
  await page.selectOption('#level', '1');
  await page.click('label.opt[data-value="white"]');
  await page.click('button[data-tc="none"]');
  await page.click('#start');
  await page.waitForSelector('cg-board');
  await clickMove(page, 'd2', 'd4');
  await waitMoves(page, 2, 30000);
  const texts = await moveTexts(page);
  assert.equal(texts[0], 'd4');
  assert.match(texts[1], /^([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8]|O-O(-O)?)[+#]?$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a promotion through the dialog, to a knight', async () => {
  const game = await createGame(server.url, { opponent: 'local', fen: '8/P6k/8/8/8/8/8/K7 w - - 0 1', clock: null });
  const page = await newPage(browser, `${server.url}/game/${game.id}?token=${game.tokens.white}`);
  await page.waitForSelector('cg-board');
  await dragMove(page, 'a7', 'a8');
  await page.waitForSelector('.promotion:not([hidden])');
  assert.equal(await page.locator('.promotion button.promote').count(), 4);
  await page.click('.promotion button[data-role="knight"]');
  await waitMoves(page, 1);
  assert.deepEqual(await moveTexts(page), ['a8=N']);
  const state = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
  assert.equal(state.moves, 'a7a8n');
  await page.context().close();
});

test('a 1+0 clock runs out and the result appears', async () => {
  const page = await newPage(browser, server.url);
  await page.click('label.opt[data-value="local"]');
  await page.click('button[data-tc="1+0"]');
  await page.click('#start');
  await page.waitForSelector('cg-board');
  assert.equal(await page.locator('.clock[data-color="white"]').textContent(), '1:00');
  await clickMove(page, 'e2', 'e4');
  await waitMoves(page, 1);
  await clickMove(page, 'e7', 'e5');
  await waitMoves(page, 2);
  // White's clock runs now, seen counting down, with tenths under ten seconds.
  await page.waitForFunction(() => document.querySelector('.clock[data-color="white"]')?.textContent === '0:58', null, { timeout: 5000 });
  await page.waitForFunction(() => /^0:0\d\.\d$/.test(document.querySelector('.clock[data-color="white"]')?.textContent ?? ''), null, { timeout: 65000 });
  await page.waitForSelector('.result:not([hidden])', { timeout: 20000 });
  assert.equal(await page.locator('.result').textContent(), 'Black won — time ran out');
  await page.context().close();
});

test('a refused move shows the rule that forbids it', async () => {
  const page = await newPage(browser, server.url);
  await startLocalGame(page);
  await page.fill('#move-text', 'Ke2');
  await page.press('#move-text', 'Enter');
  await page.waitForSelector('.refusal:not([hidden])');
  const text = await page.locator('.refusal').textContent();
  assert.match(text, /^Illegal move: /);
  assert.match(text, /e2/);
  // Typed moves that are legal are played: English letters here.
  await page.fill('#move-text', 'Nf3');
  await page.press('#move-text', 'Enter');
  await waitMoves(page, 1);
  assert.deepEqual(await moveTexts(page), ['Nf3']);
  await page.context().close();
});

test('a move typed while the last one is answered is kept, not wiped', async () => {
  const page = await newPage(browser, server.url);
  await startLocalGame(page);
  // The first move's answer is held back until Black's move is typed: the
  // game's state comes over the socket first, as it may on any network.
  let release;
  const held = new Promise(r => {
    release = r;
  });
  await page.route(/\/api\/games\/[^/]+\/move\//, async route => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.fill('#move-text', 'e4');
  await page.press('#move-text', 'Enter');
  await waitMoves(page, 1);
  await page.fill('#move-text', 'e5');
  const answered = page.waitForResponse(/\/move\//);
  release();
  await answered;
  await page.evaluate(() => new Promise(r => setTimeout(r, 200)));
  assert.equal(await page.inputValue('#move-text'), 'e5');
  await page.unroute(/\/api\/games\/[^/]+\/move\//);
  await page.press('#move-text', 'Enter');
  await waitMoves(page, 2);
  assert.deepEqual(await moveTexts(page), ['e4', 'e5']);
  // Sent and answered with nothing typed meanwhile: the field is empty.
  assert.equal(await page.inputValue('#move-text'), '');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('switching to Hungarian shows Hungarian move letters and texts', async () => {
  const page = await newPage(browser, server.url, 'en');
  await page.selectOption('#lang', 'hu');
  assert.equal(await page.locator('#start').textContent(), 'Játszma indítása');
  await startLocalGame(page);
  // Hungarian letters typed: H is the knight (huszár), F the bishop (futó).
  for (const mv of ['Hf3', 'e5', 'e4', 'Fc5']) {
    const before = (await moveTexts(page)).length;
    await page.fill('#move-text', mv);
    await page.press('#move-text', 'Enter');
    await waitMoves(page, before + 1);
  }
  await clickMove(page, 'f1', 'c4');
  await waitMoves(page, 5);
  assert.deepEqual(await moveTexts(page), ['Hf3', 'e5', 'e4', 'Fc5', 'Fc4']);
  assert.equal(await page.locator('button.resign').textContent(), 'Feladom');
  assert.equal(await page.locator('.status').textContent(), 'Sötét lép');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hu');
  // A refusal in Hungarian.
  await page.fill('#move-text', 'Ke2');
  await page.press('#move-text', 'Enter');
  await page.waitForSelector('.refusal:not([hidden])');
  assert.match(await page.locator('.refusal').textContent(), /^Szabálytalan lépés: /);
  // The choice is remembered.
  await page.reload();
  await page.waitForSelector('button.resign');
  assert.equal(await page.locator('button.resign').textContent(), 'Feladom');
  await page.context().close();
});

test('the clock page counts down and flags', async () => {
  const page = await newPage(browser, `${server.url}/clock`);
  await page.fill('#clock-min', '0.05');
  await page.fill('#clock-inc', '0');
  await page.fill('#clock-delay', '0');
  // What the fields set, said in words before the clock starts.
  assert.equal(await page.locator('.clock-setup .tc-words').textContent(), '3 seconds for the game');
  await page.click('#clock-start');
  const bottom = page.locator('.clock-face[data-side="0"] .time');
  assert.equal(await bottom.textContent(), '0:03.0');
  // Black (top) presses to start White's time, as on a real clock.
  await page.click('.clock-face[data-side="1"]');
  await page.waitForFunction(() => {
    const t = document.querySelector('.clock-face[data-side="0"] .time')?.textContent ?? '';
    return /^0:0[0-2]\.\d$/.test(t);
  }, null, { timeout: 5000 });
  await page.waitForSelector('.clock-face[data-side="0"].flagged', { timeout: 6000 });
  assert.equal(await bottom.textContent(), 'Time is up');
  assert.equal(await page.locator('.clock-face[data-side="1"] .time').textContent(), '0:03.0');
  await page.context().close();
});

test('a control typed in minutes is shown in words before the game starts, and the game is played with it', async () => {
  const page = await newPage(browser, server.url, 'en');
  await page.click('label.opt[data-value="local"]');
  await page.click('button[data-tc="custom"]');
  // A typo shows as a refusal in the words, before anything starts.
  await page.fill('#c-control', '5+x');
  await page.waitForSelector('.tc-words.error');
  // The number fields, read the same way: minutes, increment, delay.
  await page.fill('#c-control', '');
  await page.fill('#c-min', '10');
  await page.fill('#c-inc', '5');
  await page.fill('#c-delay', '3');
  await page.waitForFunction(() => document.querySelector('.tc-words')?.textContent?.startsWith('10 minutes'));
  assert.equal(await page.locator('.tc-words').textContent(), '10 minutes for the game, +5 s a move, a 3 s Bronstein delay a move');
  // The seed's classical control, typed as people write it (minutes).
  await page.fill('#c-control', '40/90+30');
  await page.waitForFunction(() => document.querySelector('.tc-words')?.textContent?.startsWith('40 moves'));
  const words = '40 moves in 90 minutes, then 30 minutes for the rest of the game, +30 s a move';
  assert.equal(await page.locator('.tc-words').textContent(), words);
  await page.click('#start');
  await page.waitForFunction(() => document.querySelector('p.control')?.textContent);
  assert.equal(await page.locator('p.control').textContent(), `Time control: ${words}`);
  // What comes next, beside each clock.
  assert.equal(await page.locator('.player.bottom .next-control').textContent(), '40 moves to the time control, then +30 minutes');
  const id = new URL(page.url()).pathname.split('/').pop();
  const state = await (await fetch(`${server.url}/api/games/${id}`)).json();
  assert.equal(state.clock.pgn, '40/5400+30:1800+30');
  assert.equal(state.wtime, 90 * 60000);
  // In Hungarian, and a preset's words as soon as it is chosen.
  await page.goto(server.url);
  await page.selectOption('#lang', 'hu');
  await page.click('button[data-tc="custom"]');
  await page.fill('#c-control', '40/90+30');
  await page.waitForFunction(() => document.querySelector('.tc-words')?.textContent?.startsWith('40 lépés'));
  assert.equal(await page.locator('.tc-words').textContent(), '40 lépés 90 perc alatt, majd 30 perc a játszma hátralevő részére, lépésenként +30 mp');
  await page.click('button[data-tc="*180"]');
  await page.waitForFunction(() => document.querySelector('.tc-words')?.textContent === 'homokóra, 3 perc');
  assert.equal(await page.locator('fieldset.custom').isVisible(), false);
  // The clock page says what comes after move 40 on each side.
  await page.goto(`${server.url}/clock`);
  // The clock's own fields, said in words as the game pages say them.
  await page.fill('#clock-min', '90');
  await page.fill('#clock-inc', '30');
  await page.fill('#clock-delay', '0');
  await page.fill('#clock-period-moves', '40');
  await page.fill('#clock-period-then', '30');
  assert.equal(await page.locator('.clock-setup .tc-words').textContent(), '40 lépés 90 perc alatt, majd 30 perc a játszma hátralevő részére, lépésenként +30 mp');
  await page.click('button.tc[data-tc="40/90+30"]');
  await page.waitForFunction(() => document.querySelector('.clock-face[data-side="0"] .next')?.textContent);
  assert.equal(await page.locator('.clock-face[data-side="0"] .next').textContent(), '40 lépés az időellenőrzésig, utána +30 perc');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the history shows this browser’s own games first and calls no one else “You”', async () => {
  const mine = await createGame(server.url, { opponent: 'computer', color: 'white', level: 1, clock: null, rules: { touch_move: false } });
  const theirs = await createGame(server.url, { opponent: 'computer', color: 'white', level: 1, clock: null, rules: { touch_move: false } });
  const page = await newPage(browser, `${server.url}/game/${mine.id}?token=${mine.tokens.white}`);
  await page.waitForSelector('cg-board');
  await page.goto(`${server.url}/history`);
  await page.waitForSelector(`table.games[data-list="mine"] tr[data-id="${mine.id}"]`);
  assert.match(await page.locator(`tr[data-id="${mine.id}"] td:nth-child(2)`).textContent(), /^You – Computer/);
  await page.waitForSelector(`table.games[data-list="others"] tr[data-id="${theirs.id}"]`);
  assert.match(await page.locator(`tr[data-id="${theirs.id}"] td:nth-child(2)`).textContent(), /^White – Computer/);
  assert.equal(await page.locator(`table.games[data-list="mine"] tr[data-id="${theirs.id}"]`).count(), 0);
  assert.equal(await page.locator('h2').first().textContent(), 'My games (this browser’s)');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
