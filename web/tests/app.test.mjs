// The site as an installable app: its web app manifest, and its service
// worker, which keeps the chess clock and the rules guide working with the
// network gone (the real server stopped) after the first visit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serverAndBrowser, startServer, newPage, clickMove } from './harness.mjs';

const ctx = serverAndBrowser();

test('the app is installable, its manifest in the page language', async () => {
  const { server } = ctx;
  // A browser profile of its own: Chromium installs nothing from a private
  // (incognito) window, which every other test's context is.
  const profile = mkdtempSync(join(tmpdir(), 'sakk-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
    locale: 'hu-HU',
  });
  // Closed whatever happens: a persistent context left open keeps the
  // test's process alive, and the run waits for ever.
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = [];
    page.on('pageerror', e => errors.push(String(e)));
    await page.addInitScript(() => localStorage.setItem('sakk.lang', 'hu'));
    await page.goto(`${server.url}/clock`);
    await page.waitForSelector('#clock-start');
    const cdp = await page.context().newCDPSession(page);
    // The page names its manifest in its language as it draws itself;
    // Chromium reads the new one a moment later: ask until it has (up to
    // 20 s: once, on two busy cores in the full suite, 5 s were not enough).
    let manifest = await cdp.send('Page.getAppManifest');
    for (let i = 0; i < 200 && !/\?lang=hu$/.test(manifest.url); i++) {
      await new Promise(ok => setTimeout(ok, 100));
      manifest = await cdp.send('Page.getAppManifest');
    }
    assert.deepEqual(manifest.errors, [], JSON.stringify(manifest.errors));
    assert.match(manifest.url, /\/manifest\.webmanifest\?lang=hu$/);
    const parsed = JSON.parse(manifest.data);
    assert.equal(parsed.lang, 'hu');
    assert.equal(parsed.shortcuts[0].name, 'Sakkóra');
    assert.equal(parsed.display, 'standalone');
    // Chromium's own judgement: nothing stands in the way of installing it.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));
    // English asked, English words.
    const en = await page.evaluate(async () => (await fetch('/manifest.webmanifest?lang=en')).json());
    assert.equal(en.shortcuts[0].name, 'Chess clock');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('after one visit, /clock and /learn open and work with the server gone (the guide from its kept answers)', async () => {
  const { browser } = ctx;
  const own = await startServer();
  const page = await newPage(browser, `${own.url}/clock`, 'en');
  await page.waitForSelector('#clock-start');
  // The service worker installs, keeps the shell and takes the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise(ok => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
  });
  // The guide, visited once online, keeps every lesson's answers.
  await page.goto(`${own.url}/learn`);
  await page.waitForSelector('#lesson-title');
  const keptKeys = () => page.evaluate(async () => (await (await caches.open('sakk-learn-answers')).keys()).length);
  for (let i = 0; i < 100 && (await keptKeys()) === 0; i++) await new Promise(r => setTimeout(r, 200));
  assert.equal(await keptKeys(), 1);
  await page.goto(`${own.url}/clock`);
  await page.waitForSelector('#clock-start');
  await own.kill();
  // No server: a request goes nowhere.
  const reached = await page.evaluate(() => fetch('/api/account').then(() => true, () => false));
  assert.equal(reached, false);

  await page.reload();
  await page.waitForSelector('#clock-start');
  await page.fill('#clock-min', '0.05');
  await page.fill('#clock-inc', '0');
  await page.fill('#clock-delay', '0');
  await page.click('#clock-start');
  await page.click('.clock-face[data-side="1"]');
  await page.waitForSelector('.clock-face[data-side="0"].flagged', { timeout: 8000 });

  // The guide opens too, at a lesson of its own choosing, from the kept shell.
  await page.goto(`${own.url}/learn`);
  await page.waitForSelector('#lesson-title');
  assert.ok((await page.locator('#lesson-title').textContent()).length > 0);
  const lessons = await page.locator('a[data-lesson]').count();
  assert.ok(lessons >= 20, `${lessons} lessons listed`);
  // A lesson's moves are judged as online, from the answers kept: a
  // refusal with its reason, then the right move.
  await page.goto(`${own.url}/learn#king`);
  await page.waitForSelector('cg-board piece');
  await clickMove(page, 'e4', 'e6');
  await page.waitForFunction(() => document.querySelector('.feedback.refused')?.textContent === 'Illegal move: A king cannot move that way.');
  await clickMove(page, 'e4', 'd5');
  await page.waitForSelector('.finished:not([hidden])');
  assert.match(await page.locator('.feedback').textContent(), /Kxd5/);
  // A lesson that begins with its own move shows it, and en passant takes.
  await page.goto(`${own.url}/learn#en_passant`);
  await page.waitForSelector('cg-board piece');
  await page.waitForFunction(() => document.querySelector('cg-board square.last-move') !== null);
  await clickMove(page, 'e5', 'd6');
  await page.waitForSelector('.finished:not([hidden])');
  // Notation: the Hungarian letters, and a word on other letters.
  await page.goto(`${own.url}/learn#notation`);
  await page.waitForSelector('#learn-move');
  await page.fill('#learn-move', 'Nf3');
  await page.press('#learn-move', 'Enter');
  await page.waitForFunction(() => document.querySelector('.feedback')?.textContent?.includes('other letters'));
  await page.fill('#learn-move', 'Hf3');
  await page.press('#learn-move', 'Enter');
  await page.waitForSelector('.finished:not([hidden])');
  // A second move (not asked ahead) needs the server: the guide says so.
  await page.goto(`${own.url}/learn#king`);
  await page.waitForSelector('cg-board piece');
  await clickMove(page, 'e4', 'e5');
  await page.waitForFunction(() => document.querySelector('.feedback.accepted')?.textContent);
  await clickMove(page, 'h1', 'h2');
  await page.waitForFunction(() => document.querySelector('.feedback')?.textContent?.startsWith('No connection'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
  own.stop();
});
