// PGN import in a real browser: a file of several games pasted, the games
// that read listed and each opened in the analysis board with its
// variations, comments and tags; the one that does not named in the
// page's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverAndBrowser } from './harness.mjs';

const ctx = serverAndBrowser();

const FILE = `[Event "Klubbajnokság"]
[White "Polgár, Judit"]
[Black "Kasparov, Garry"]
[Result "1-0"]

1. e4 {a király gyalogja} e5 (1... c5 2. Nf3 $1) 2. Nf3 Nc6 1-0

[Event "Hibás"]
[Result "*"]

1. e4 e5 2. Ke3 *

[Event "Rövid"]
[White "A"]
[Black "B"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
`;

test('an imported PGN of several games lists them and opens each', async () => {
  const page = await newPage(ctx.browser, `${ctx.server.url}/import`, 'hu');
  await page.fill('#import-pgn', FILE);
  await page.click('#import-submit');
  await page.waitForSelector('table.imported tbody tr');
  const rows = await page.locator('table.imported tbody tr').allTextContents();
  assert.equal(rows.length, 2);
  assert.match(rows[0], /Polgár, Judit.*Kasparov, Garry.*1-0.*Klubbajnokság/);
  assert.match(rows[1], /A.*B.*0-1.*Rövid/);
  // The game that does not read, named in Hungarian: which game, which line, which move, why.
  const problem = await page.locator('.import-problems .problem').textContent();
  assert.match(problem, /^2\. játszma, 11\. sor: 2\. Ke3: /);
  assert.ok(!problem.includes('{') && !problem.includes('rule-'), problem);

  // The first opens in the analysis board, at its end, with its variation and comment.
  await page.locator('a.open-import').first().click();
  await page.waitForURL(/\/analysis\?import=/);
  await page.waitForFunction(() => document.querySelectorAll('.moves-tree .move').length === 6);
  const main = await page.locator('.moves-tree .mainline > .move').evaluateAll(els => els.map(e => e.dataset.uci));
  assert.deepEqual(main, ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
  const variation = await page.locator('.moves-tree .paren .move').evaluateAll(els => els.map(e => e.textContent));
  assert.deepEqual(variation, ['1... c5', '2. Hf3!']);
  assert.equal(await page.locator('.moves-tree .comment').first().textContent(), 'a király gyalogja');
  assert.equal(await page.locator('.moves-tree .move.active').getAttribute('data-uci'), 'b8c6');
  // Its PGN keeps the tags.
  await page.click('#show-pgn');
  await page.waitForFunction(() => document.querySelector('#pgn')?.value.includes('[White "Polgár, Judit"]'));
  const pgn = await page.inputValue('#pgn');
  assert.ok(pgn.includes('[Event "Klubbajnokság"]') && pgn.includes('( 1... c5 2. Nf3 $1 )'), pgn);

  // Back to the list, still there: the second opens too.
  await page.goBack();
  await page.waitForSelector('table.imported tbody tr:nth-child(2) a.open-import');
  assert.equal(await page.locator('.import-problems .problem').count(), 1);
  await page.locator('a.open-import').nth(1).click();
  await page.waitForFunction(() => document.querySelectorAll('.moves-tree .move').length === 4);
  await page.waitForFunction(() => /matt/i.test(document.querySelector('.position-info .ended')?.textContent ?? ''));

  // A file of no good game: the reason, in words.
  await page.goto(`${ctx.server.url}/import`);
  await page.fill('#import-pgn', '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n');
  await page.click('#import-submit');
  await page.waitForFunction(() => /1\. játszma, 3\. sor: 2\. Ke3/.test(document.querySelector('.import-page .error')?.textContent ?? ''));

  // A file chosen from the disk.
  await page.setInputFiles('#import-file', { name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(FILE) });
  await page.waitForFunction(() => document.querySelector('#import-pgn')?.value.includes('Klubbajnokság'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
