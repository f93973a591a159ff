// Browser tests of tournaments: an organiser runs a 6-player, 3-round Swiss
// over the board (players, one-click pairings, results, standings) while a
// spectator's page follows by itself; the sheets print on A4, one section
// at a time; the pages speak Hungarian.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { serverAndBrowser, newPage, artifacts, accessibilityProblems, waitMoves, signedUp } from './harness.mjs';

const ctx = serverAndBrowser();

const PLAYERS = [
  ['Kovács Anna', '2010', 'FM', 'HUN'],
  ['Nagy Béla', '1950', '', 'HUN'],
  ['Tóth Csaba', '1890', '', 'HUN'],
  ['Szabó Dóra', '1830', '', 'AUT'],
  ['Kiss Ede', '1770', '', 'HUN'],
  ['Horváth Flóra', '1710', '', 'SVK'],
];

/** The pairing table's rows as `[white, result, black]`. */
async function boards(page) {
  return page.locator('table.pairings tbody tr').evaluateAll(rows =>
    rows.map(r => [r.querySelector('td.white').textContent, r.querySelector('td.score span.print-only, td.score')?.textContent ?? '', r.querySelector('td.black').textContent]),
  );
}

/** What a QR reader (jsQR) reads in the QR code of the link row holding
 * `input`, drawn on a canvas as the page draws it. */
async function readQr(page, input) {
  const { width, height, data } = await page.evaluate(async sel => {
    const svg = document.querySelector(sel).closest('.link-row').querySelector('figure.qr-code:not([hidden]) svg');
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 400;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0, 400, 400);
    return { width: 400, height: 400, data: Array.from(g.getImageData(0, 0, 400, 400).data) };
  }, input);
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

async function versionAtLeast(page, v) {
  await page.waitForFunction(k => Number(document.querySelector('.tournament')?.getAttribute('data-version') ?? -1) >= k, v, { timeout: 15000 });
}

async function version(page) {
  return Number(await page.locator('.tournament').getAttribute('data-version'));
}

test('an organiser runs a 6-player, 3-round Swiss over the board; a spectator follows', async () => {
  const { server, browser } = ctx;
  const org = await newPage(browser, `${server.url}/tournaments`);
  await org.fill('#tour-name', 'Club Swiss');
  await org.selectOption('#tour-system', 'swiss');
  await org.fill('#tour-rounds', '3');
  // Typed in minutes, said back in words, kept as PGN (seconds).
  await org.fill('#tour-tc', '90+30');
  await org.waitForFunction(() => document.querySelector('.tour-new .tc-words')?.textContent === '90 minutes for the game, +30 s a move');
  await org.click('#tour-create');
  await org.waitForSelector('.tournament h1');
  assert.equal(await org.locator('.tournament h1').textContent(), 'Club Swiss');
  const id = new URL(org.url()).pathname.split('/').pop();
  assert.equal((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).time_control, '5400+30');
  // ... and said in words on its page.
  assert.match(await org.locator('.tournament .meta').textContent(), /90 minutes for the game, \+30 s a move/);

  for (const [name, rating, title, fed] of PLAYERS) {
    const before = await version(org);
    await org.fill('#player-name', name);
    await org.fill('#player-rating', rating);
    await org.fill('#player-title', title);
    await org.fill('#player-fed', fed);
    await org.click('#add-player');
    await versionAtLeast(org, before + 1);
  }
  assert.equal(await org.locator('table.players tbody tr').count(), 6);

  // A spectator's page, by the public link: no controls.
  const spectator = await newPage(browser, `${server.url}/tournament/${id}`);
  await spectator.waitForSelector('.tournament h1');
  assert.equal(await spectator.locator('#pair-round').count(), 0);
  assert.equal(await spectator.locator('select.result-input').count(), 0);
  // Six players in, no round yet: said as it is (not "enter two players").
  assert.equal(await spectator.locator('.tour-pairings p').textContent(), 'No round is paired yet.');
  // The links to hand out are in plain sight, each with a copy button.
  assert.equal(await org.locator('#public-link').isVisible(), true);
  assert.equal(await org.locator('#public-link + button.copy').isVisible(), true);

  const results = ['1-0', '1/2-1/2', '0-1'];
  for (let round = 1; round <= 3; round++) {
    const before = await version(org);
    assert.equal(await org.locator('#pair-round').textContent(), `Pair round ${round}`);
    await org.click('#pair-round');
    await versionAtLeast(org, before + 1);
    assert.equal(await org.locator('table.pairings tbody tr').count(), 3);
    if (round === 1) {
      // Round 1 by the Dutch system: 1–4, 5–2, 3–6 by starting rank.
      const names = (await boards(org)).map(([w, , b]) => [w, b]);
      assert.deepEqual(names, [
        ['FM Kovács Anna', 'Szabó Dóra'],
        ['Kiss Ede', 'Nagy Béla'],
        ['Tóth Csaba', 'Horváth Flóra'],
      ]);
    }
    // The three results entered at once, board after board: every one is
    // kept (the page sends them in turn).
    const v = await version(org);
    for (let b = 1; b <= 3; b++) {
      await org.selectOption(`select.result-input[data-board="${b}"]`, results[(b + round) % 3]);
    }
    await versionAtLeast(org, v + 3);
    // The spectator's page has followed by itself.
    await versionAtLeast(spectator, await version(org));
    // ... to the newest round.
    assert.equal(await spectator.locator('.tour-pairings h2').textContent(), `Pairings — Round ${round}`);
    const seen = await spectator.locator('table.pairings tbody tr td.score').allTextContents();
    assert.equal(seen.length, 3);
    assert.ok(seen.every(r => ['1-0', '½-½', '0-1'].includes(r)), seen.join());
  }
  await org.waitForSelector('.organiser .hint');
  assert.equal(await org.locator('.organiser .hint').textContent(), 'The tournament is over.');
  assert.equal(await org.locator('#pair-round').count(), 0);

  // Standings: 6 players, 9 points shared out, places from 1.
  const points = (await org.locator('table.standings tbody td.points').allTextContents()).map(Number);
  assert.equal(points.length, 6);
  assert.equal(points.reduce((a, b) => a + b, 0), 9);
  assert.deepEqual([...points].sort((a, b) => b - a), points);
  assert.deepEqual(await org.locator('table.standings thead th').allTextContents(), ['Place', 'No.', 'Name', 'Rating', 'Pts', 'BH-C1', 'BH', 'SB', 'DE', 'WIN', 'Perf.', 'Rtg ±']);
  // The crosstable: a cell a round for each player.
  assert.equal(await org.locator('table.crosstable tbody td.cell').count(), 18);

  // The TRF download reads as a TRF with the six players.
  const trf = await (await fetch(`${server.url}/api/tournaments/${id}/trf`)).text();
  assert.match(trf, /^012 Club Swiss/m);
  assert.equal(trf.split('\n').filter(l => l.startsWith('001')).length, 6);

  // The TRF continued as a new tournament (as from Swiss-Manager): the
  // same standings.
  const copy = await newPage(browser, `${server.url}/tournaments`);
  await copy.setInputFiles('#tour-trf', { name: 'club.trf', mimeType: 'text/plain', buffer: Buffer.from(trf) });
  await copy.click('#tour-create');
  await copy.waitForSelector('.tournament h1');
  assert.equal(await copy.locator('.tournament h1').textContent(), 'Club Swiss');
  assert.deepEqual((await copy.locator('table.standings tbody td.points').allTextContents()).map(Number), points);
  await copy.context().close();

  // Printing the pairings: A4, only that section, no controls.
  await org.emulateMedia({ media: 'print' });
  await org.evaluate(() => (document.body.dataset.print = 'pairings'));
  assert.equal(await org.locator('section.tour-standings').isVisible(), false);
  assert.equal(await org.locator('section.tour-pairings').isVisible(), true);
  assert.equal(await org.locator('select.result-input').first().isVisible(), false);
  assert.equal(await org.locator('header.top').isVisible(), false);
  const pdf = await org.pdf({ path: join(artifacts, 'tournament-pairings.pdf'), format: 'A4', preferCSSPageSize: true });
  assert.ok(pdf.length > 1000);
  await org.evaluate(() => delete document.body.dataset.print);
  await org.emulateMedia({ media: 'screen' });

  assert.deepEqual(org.errors, []);
  assert.deepEqual(spectator.errors, []);
  await Promise.all([org, spectator].map(p => p.context().close()));
});

test('a refused action says why, in Hungarian, and the page speaks Hungarian', async () => {
  const { server, browser } = ctx;
  const org = await newPage(browser, `${server.url}/tournaments`, 'hu', { bypassCSP: true });
  assert.equal(await org.locator('.tournaments h1').textContent(), 'Versenyek');
  await org.fill('#tour-name', 'Klubbajnokság');
  await org.selectOption('#tour-system', 'round_robin');
  await org.click('#tour-create');
  await org.waitForSelector('.tournament h1');
  // A name of spaces only is refused by the server, in Hungarian.
  await org.fill('#player-name', '   ');
  await org.click('#add-player');
  await org.waitForSelector('.status.error');
  assert.equal(await org.locator('.status.error').textContent(), 'Meg kell adni a nevet.');
  // One player only: no pairing yet, and the page says what is needed.
  await org.fill('#player-name', 'Egyedül Ede');
  await org.click('#add-player');
  await org.waitForSelector('table.players tbody tr');
  assert.equal(await org.locator('#pair-round').count(), 0);
  assert.equal(await org.locator('.organiser .hint').textContent(), 'Vegyél fel legalább két játékost.');
  await org.fill('#player-name', 'Második Mária');
  await org.click('#add-player');
  await org.waitForFunction(() => document.querySelectorAll('table.players tbody tr').length === 2);
  // The numbers drawn by lot before the first round; the page says so.
  assert.equal(await org.locator('#draw-lots').textContent(), 'Sorszámok kisorsolása');
  await org.click('#draw-lots');
  await org.waitForFunction(() => document.querySelector('.tournament p.meta')?.textContent.includes('sorsolt sorszámok'));
  assert.equal(await org.locator('#pair-round').textContent(), '1. forduló párosítása');
  await org.click('#pair-round');
  await org.waitForSelector('table.pairings tbody tr');
  assert.equal(await org.locator('#draw-lots').count(), 0);
  // A player cannot join a round robin that has begun: no form any more.
  assert.equal(await org.locator('#player-name').count(), 0);
  // A result, then a refused take-back of the pairing (it has a result).
  await org.selectOption('select.result-input[data-board="1"]', '1/2-1/2');
  await org.waitForFunction(() => document.querySelector('table.standings tbody td.points')?.textContent === '0.5');
  assert.equal(await org.locator('#unpair-round').count(), 0);
  // The classic round-robin table: the draw where the two cross.
  const grid = await org.locator('table.rr-grid tbody tr').evaluateAll(rows => rows.map(r => [...r.querySelectorAll('td.cell')].map(c => c.textContent)));
  assert.deepEqual(grid, [['×', '½'], ['½', '×']]);
  const problems = await accessibilityProblems(org);
  assert.deepEqual(problems, []);
  assert.deepEqual(org.errors, []);
  await org.context().close();
});

test('two players who must not meet are kept apart', async () => {
  const { server, browser } = ctx;
  const org = await newPage(browser, `${server.url}/tournaments`, 'en', { bypassCSP: true });
  await org.fill('#tour-name', 'Family Swiss');
  await org.selectOption('#tour-system', 'swiss');
  await org.fill('#tour-rounds', '3');
  await org.click('#tour-create');
  await org.waitForSelector('.tournament h1');
  for (const [name, rating] of PLAYERS.slice(0, 4)) {
    const before = await version(org);
    await org.fill('#player-name', name);
    await org.fill('#player-rating', rating);
    await org.click('#add-player');
    await versionAtLeast(org, before + 1);
  }
  // Round 1 would pair 1–3 (Kovács–Tóth): they are kept apart.
  const before = await version(org);
  await org.selectOption('#forbid-a', { label: 'Kovács Anna' });
  await org.selectOption('#forbid-b', { label: 'Tóth Csaba' });
  await org.click('#forbid-pair');
  await versionAtLeast(org, before + 1);
  assert.deepEqual(await org.locator('ul.forbidden-pairs li').allTextContents(), ['Kovács Anna – Tóth Csaba Allow']);
  await org.click('#pair-round');
  await org.waitForSelector('table.pairings tbody tr');
  const pairs = (await boards(org)).map(([w, , b]) => [w, b].sort().join(' / '));
  assert.equal(pairs.length, 2);
  assert.ok(!pairs.includes('Kovács Anna / Tóth Csaba'), pairs.join(', '));
  assert.deepEqual(await accessibilityProblems(org), []);
  assert.deepEqual(org.errors, []);
  await org.context().close();
});

test('a Chess960 tournament: each round shows the start position drawn for it', async () => {
  const { server, browser } = ctx;
  const org = await newPage(browser, `${server.url}/tournaments`, 'en', { bypassCSP: true });
  await org.fill('#tour-name', 'Fischer Random');
  await org.selectOption('#tour-system', 'swiss');
  await org.fill('#tour-rounds', '2');
  await org.check('#tour-chess960');
  await org.click('#tour-create');
  await org.waitForSelector('.tournament h1');
  for (const [name, rating] of PLAYERS.slice(0, 2)) {
    const before = await version(org);
    await org.fill('#player-name', name);
    await org.fill('#player-rating', rating);
    await org.click('#add-player');
    await versionAtLeast(org, before + 1);
  }
  await org.click('#pair-round');
  await org.waitForSelector('table.pairings tbody tr');
  const line = await org.locator('p.round-chess960').textContent();
  const m = /^Chess960 position No\. (\d+): ([KQRBN]{8})$/.exec(line);
  assert.ok(m && Number(m[1]) < 960, line);
  // The back rank as the server drew it.
  const id = new URL(org.url()).pathname.split('/').pop();
  const shown = await (await fetch(`${server.url}/api/tournaments/${id}`)).json();
  assert.equal(shown.rounds[0].chess960.number, Number(m[1]));
  assert.ok(shown.rounds[0].chess960.fen.includes(`/${m[2]} w `), shown.rounds[0].chess960.fen);
  assert.deepEqual(org.errors, []);
  await org.context().close();
});

/** Opens a player's link; resolves to their tournament page. */
async function playerPage(browser, url) {
  const page = await newPage(browser, url);
  await page.waitForSelector('.you strong');
  return page;
}

test('an online 4-player round: the pairings become games and their results fill in by themselves', async () => {
  const { server, browser } = ctx;
  const org = await newPage(browser, `${server.url}/tournaments`);
  await org.fill('#tour-name', 'Online Swiss');
  await org.fill('#tour-rounds', '3');
  await org.fill('#tour-tc', '5+3');
  await org.check('#tour-online');
  await org.click('#tour-create');
  await org.waitForSelector('.tournament h1');
  assert.match(await org.locator('.tournament .meta').textContent(), /online/);
  for (const [name, rating] of [['Anna', '2000'], ['Béla', '1900'], ['Csaba', '1800']]) {
    const before = await version(org);
    await org.fill('#player-name', name);
    await org.fill('#player-rating', rating);
    await org.click('#add-player');
    await versionAtLeast(org, before + 1);
  }
  // The fourth player joins by the join link.
  await org.waitForSelector('#join-link', { state: 'attached' });
  const joinUrl = await org.locator('#join-link').inputValue();
  // Shown as a QR code too, which a reader (jsQR) reads as the link.
  await org.click('#join-link ~ button.show-qr');
  assert.equal(await readQr(org, '#join-link'), joinUrl);
  const dora = await newPage(browser, joinUrl);
  await dora.waitForSelector('#join-name');
  assert.ok(!dora.url().includes('join='), 'the token leaves the address bar');
  await dora.fill('#join-name', 'Dóra');
  await dora.fill('#join-rating', '1700');
  await dora.click('#join');
  await dora.waitForSelector('.you strong');
  assert.equal(await dora.locator('.you strong').textContent(), 'Dóra');
  await versionAtLeast(org, 4);

  await org.click('#pair-round');
  await org.waitForSelector('table.pairings tbody tr');
  assert.equal(await org.locator('table.pairings tbody tr').count(), 2);
  assert.equal(await org.locator('table.pairings td.watch a').count(), 2);

  // Round 1 by rank: Anna–Csaba, Dóra–Béla (Dóra White on board 2).
  await dora.waitForSelector('a.your-game');
  const players = await org.locator('table.links tr').evaluateAll(rows => rows.map(r => [r.querySelector('td').textContent, r.querySelector('input').value]));
  const link = who => players.find(([n]) => n === who)[1];
  const bela = await playerPage(browser, link('Béla'));
  await bela.waitForSelector('a.your-game');

  // Board 2 in the browser: Dóra (White) and Béla play, Béla resigns.
  await dora.click('a.your-game');
  await dora.waitForSelector('cg-board');
  await bela.click('a.your-game');
  await bela.waitForSelector('cg-board');
  await dora.fill('#move-text', 'e4');
  await dora.press('#move-text', 'Enter');
  await waitMoves(bela, 1);
  await bela.fill('#move-text', 'e5');
  await bela.press('#move-text', 'Enter');
  await waitMoves(dora, 2);
  // The game's page names the tournament, the round and board, and both
  // players as entered.
  await dora.waitForSelector('.side .event:not([hidden])');
  assert.equal(await dora.locator('.side .event').textContent(), 'Online Swiss · Round 1, board 2');
  assert.equal(await dora.locator('.player.bottom .entrant').textContent(), 'Dóra');
  assert.equal(await dora.locator('.player.top .entrant').textContent(), 'Béla');
  await bela.click('button.resign');
  await bela.click('button.resign-yes');
  await dora.waitForSelector('.result:not([hidden])');
  // No rematch in a tournament: the way back instead.
  assert.equal(await dora.locator('button.rematch').count(), 0);
  assert.equal(await dora.locator('a.tournament-link').count(), 1);

  // Board 1 through the API with the players' links: Csaba resigns.
  const token = url => new URL(url).hash.replace('#player=', '');
  const view = await (await fetch(`${server.url}/api/tournaments/${new URL(org.url()).pathname.split('/').pop()}`)).json();
  const game1 = view.rounds[0].boards[0].game;
  const post = (path, t) => fetch(`${server.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${t}` } });
  assert.equal((await post(`/api/games/${game1}/move/e4`, token(link('Anna')))).status, 200);
  assert.equal((await post(`/api/games/${game1}/resign`, token(link('Csaba')))).status, 200);
  // The game's own PGN names the tournament, its round and both players.
  const pgn = await (await fetch(`${server.url}/api/games/${game1}/pgn`)).text();
  for (const tag of ['[Event "Online Swiss"]', '[Round "1.1"]', '[White "Anna"]', '[Black "Csaba"]', '[WhiteElo "2000"]', '[TimeControl "300+3"]']) {
    assert.ok(pgn.includes(tag), `${tag} in\n${pgn}`);
  }
  // So does the history page, where this browser's own game comes first.
  await dora.goto(`${server.url}/history`);
  await dora.waitForSelector('table.games[data-list="mine"]');
  assert.equal(await dora.locator('table.games[data-list="mine"] tbody tr td:nth-child(2)').first().textContent(), 'Dóra (1700) – Béla (1900) (Online Swiss, Round 1)');

  // The organiser's page fills in both results by itself.
  await org.waitForFunction(() => {
    const v = b => document.querySelector(`select.result-input[data-board="${b}"]`)?.value;
    return v(1) === '1-0' && v(2) === '1-0';
  }, null, { timeout: 30000 });
  assert.equal(await org.locator('#pair-round').textContent(), 'Pair round 2');
  const points = (await org.locator('table.standings tbody td.points').allTextContents()).map(Number);
  assert.deepEqual(points, [1, 1, 0, 0]);
  for (const p of [org, dora, bela]) assert.deepEqual(p.errors, []);
  await Promise.all([org, dora, bela].map(p => p.context().close()));
});

test('the organiser’s details go into the TRF’s header lines and each game’s PGN, and the TRF reads back the same', async () => {
  const { server, browser } = ctx;
  const org = await newPage(browser, `${server.url}/tournaments`);
  await org.fill('#tour-name', 'Tavaszi Kupa');
  await org.fill('#tour-rounds', '2');
  await org.click('details.tour-new-details summary');
  await org.fill('#tour-city', 'Budapest');
  await org.fill('#tour-federation', 'hun');
  await org.fill('#tour-start', '2026-03-14');
  await org.fill('#tour-end', '2026-03-15');
  await org.fill('#tour-arbiter', 'Kovács, Anna');
  await org.click('#tour-create');
  await org.waitForSelector('.tournament h1');
  const id = new URL(org.url()).pathname.split('/').pop();
  assert.equal(await org.locator('.tour-details').textContent(), 'Budapest (HUN) · 14 March 2026 – 15 March 2026 · Chief arbiter: Kovács, Anna');

  // Names in two parts, written "Family, Given".
  for (const [family, given, rating] of [['Polgár', 'Judit', '2700'], ['Lékó', 'Péter', '2650'], ['Rapport', 'Richárd', '2750'], ['Almási', 'Zoltán', '2600']]) {
    const before = await version(org);
    await org.fill('#player-name', family);
    await org.fill('#player-given', given);
    await org.fill('#player-rating', rating);
    await org.click('#add-player');
    await versionAtLeast(org, before + 1);
  }
  // Each round's day and start, and a deputy, set afterwards.
  await org.click('details.tour-edit-details summary');
  await org.fill('#tour-round-date-1', '2026-03-14');
  await org.fill('#tour-round-time-1', '10:00');
  await org.fill('#tour-round-date-2', '2026-03-15');
  await org.fill('#tour-deputies', 'Nagy, Béla');
  let before = await version(org);
  await org.click('#save-details');
  await versionAtLeast(org, before + 1);
  // A wrong one is refused with its reason, and changes nothing.
  await org.fill('#tour-end', '2026-03-01');
  before = await version(org);
  await org.click('#save-details');
  await org.waitForFunction(() => document.querySelector('.tournament .status')?.textContent === 'The tournament cannot end before it begins.');
  assert.equal(await version(org), before);

  await org.click('#pair-round');
  await versionAtLeast(org, before + 1);
  assert.equal(await org.locator('.tour-pairings .round-start').textContent(), '14 March 2026, 10:00');
  const v = await version(org);
  await org.selectOption('select.result-input[data-board="1"]', '1-0');
  await org.selectOption('select.result-input[data-board="2"]', '1/2-1/2');
  await versionAtLeast(org, v + 2);

  const trf = await (await fetch(`${server.url}/api/tournaments/${id}/trf`)).text();
  const lines = trf.split('\n');
  for (const line of ['012 Tavaszi Kupa', '022 Budapest', '032 HUN', '042 2026/03/14', '052 2026/03/15', '102 Kovács, Anna', '112 Nagy, Béla', '062 4', '072 4']) {
    assert.ok(lines.includes(line), `${line} in\n${trf}`);
  }
  const dates = lines.find(l => l.startsWith('132'));
  assert.equal(dates.slice(91, 99), '26/03/14', trf);
  assert.equal(dates.slice(101, 109), '26/03/15', trf);
  assert.ok(lines.some(l => l.startsWith('001') && l.includes('Polgár, Judit')), trf);

  // Each game's PGN: the event, the place, the round's day and start, the
  // players by name.
  const pgn = await (await fetch(`${server.url}/api/tournaments/${id}/pgn`)).text();
  for (const tag of ['[Event "Tavaszi Kupa"]', '[Site "Budapest HUN"]', '[Date "2026.03.14"]', '[Time "10:00:00"]', '[EventDate "2026.03.14"]', '[Round "1.1"]', '[White "Rapport, Richárd"]']) {
    assert.ok(pgn.includes(tag), `${tag} in\n${pgn}`);
  }

  // The TRF read back (a new tournament from the file): the same file.
  await org.goto(`${server.url}/tournaments`);
  await org.setInputFiles('#tour-trf', { name: 'tavaszi.trf', mimeType: 'text/plain', buffer: Buffer.from(trf) });
  await org.click('#tour-create');
  await org.waitForFunction(old => location.pathname.startsWith('/tournament/') && !location.pathname.endsWith(old), id);
  await org.waitForSelector('.tour-details');
  const copy = new URL(org.url()).pathname.split('/').pop();
  assert.equal(await (await fetch(`${server.url}/api/tournaments/${copy}/trf`)).text(), trf);
  assert.match(await org.locator('.tour-details').textContent(), /^Budapest \(HUN\)/);
  assert.deepEqual(org.errors, []);
  await org.context().close();
});

test('accounts enter a rated online tournament and play its game as themselves, with no link', async () => {
  const { server, browser } = ctx;
  const anna = await signedUp(ctx, 'Anna', 'hu');
  const bela = await signedUp(ctx, 'Bela');
  const org = await newPage(browser, `${server.url}/tournaments`);
  await org.fill('#tour-name', 'Club rapid');
  await org.fill('#tour-rounds', '1');
  await org.fill('#tour-tc', '10+5');
  // Rated only online.
  assert.equal(await org.locator('#tour-rated').isDisabled(), true);
  await org.check('#tour-online');
  await org.check('#tour-rated');
  await org.click('#tour-create');
  await org.waitForSelector('.tournament h1');
  assert.match(await org.locator('.tournament .meta').textContent(), /online · rated/);
  const id = new URL(org.url()).pathname.split('/').pop();
  // Bela, signed in, enters by the join link with his account; then
  // leaves the page (his link is forgotten with it).
  await org.waitForSelector('#join-link', { state: 'attached' });
  const joinUrl = await org.locator('#join-link').inputValue();
  await bela.goto(joinUrl);
  await bela.waitForSelector('#join-account');
  await bela.click('#join');
  await bela.waitForSelector('.you strong');
  await bela.evaluate(() => localStorage.clear());
  // The organiser's list names him, linked to his profile.
  await org.waitForSelector('table.players a.user');
  assert.equal(await org.locator('table.players a.user').textContent(), 'Bela');
  assert.equal(await org.locator('table.players a.user').getAttribute('href'), '/@/bela');
  // Anna, signed in, enters by the join link with her account (the box
  // ticked), typing nothing.
  await anna.goto(joinUrl);
  await anna.waitForSelector('#join-account');
  assert.equal(await anna.locator('#join-account').isChecked(), true);
  assert.match(await anna.locator('form.join label.check').textContent(), /A fiókommal nevezek \(Anna\)/);
  await anna.click('#join');
  await anna.waitForSelector('.you strong');
  assert.equal(await anna.locator('.you strong').textContent(), 'Anna');
  await versionAtLeast(org, 2);
  await org.click('#pair-round');
  await org.waitForSelector('table.pairings tbody tr');
  // Bela opens the tournament's page with no link kept: his account
  // finds him.
  await bela.goto(`${server.url}/tournament/${id}`);
  await bela.waitForSelector('a.your-game');
  assert.equal(await bela.locator('.you strong').textContent(), 'Bela');
  await anna.waitForSelector('a.your-game');
  // Bela's game is his account's (Anna's carries the link she was given
  // and keeps).
  const href = await bela.locator('a.your-game').getAttribute('href');
  assert.ok(!href.includes('#token='), href);
  // Each plays: Bela from his session's seat, Anna by her link.
  await anna.click('a.your-game');
  await bela.click('a.your-game');
  await anna.waitForSelector('cg-board');
  await bela.waitForSelector('cg-board');
  const view = await (await fetch(`${server.url}/api/tournaments/${id}`)).json();
  const board = view.rounds[0].boards[0];
  const annaNumber = view.players.find(p => p.account === 'anna').id;
  const [white, black] = board.white === annaNumber ? [anna, bela] : [bela, anna];
  for (const [p, san, n] of [[white, 'f3', 1], [black, 'e5', 2], [white, 'g4', 3], [black, 'Qh4#', 4]]) {
    await p.fill('#move-text', san);
    await p.press('#move-text', 'Enter');
    await waitMoves(p, n);
  }
  await white.waitForSelector('.result:not([hidden])');
  // The result comes into the tournament; both ratings moved.
  await org.waitForFunction(() => document.querySelector('select.result-input[data-board="1"]')?.value === '0-1', null, { timeout: 30000 });
  // (Rated beside the tournament's sync: asked until both show.)
  for (const name of ['anna', 'bela']) {
    let user;
    for (let i = 0; i < 100; i++) {
      user = await (await fetch(`${server.url}/api/user/${name}`)).json();
      if (user.perfs.rapid.games === 1) break;
      await new Promise(r => setTimeout(r, 100));
    }
    assert.equal(user.perfs.rapid.games, 1, JSON.stringify(user.perfs));
  }
  for (const p of [org, anna, bela]) assert.deepEqual(p.errors, []);
  await Promise.all([org, anna, bela].map(p => p.context().close()));
});
