// Every page as people meet it: in Hungarian and English, on a 390 px phone
// and a 1280 px desktop, light and dark. A page fails when it is wider than
// the window, when something marked `hidden` is shown, or when axe-core
// finds a serious WCAG 2.1 AA problem. Screenshots of each page are kept in
// web/test-results/layout/ (looked at, not compared).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, clickMove, createGame, accessibilityProblems, artifacts, serverAndBrowser, signedUp } from './harness.mjs';

const ctx = serverAndBrowser();

/** What is wrong with the page's layout now: wider than the window (with
 * the elements that stick out), or a `hidden` element shown. */
async function layoutProblems(page) {
  return page.evaluate(() => {
    const found = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      const out = [...document.querySelectorAll('body *')]
        .filter(el => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed';
        })
        // The outermost only: a box whose parent sticks out too says nothing new.
        .filter(el => !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1))
        .slice(0, 5)
        .map(el => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} (right edge ${Math.round(el.getBoundingClientRect().right)})`);
      found.push(`${document.documentElement.scrollWidth} px wide in ${width}: ${out.join(', ')}`);
    }
    for (const el of document.querySelectorAll('[hidden]')) {
      if (getComputedStyle(el).display !== 'none') found.push(`hidden but shown: ${el.outerHTML.slice(0, 80)}`);
    }
    return found;
  });
}

test('every page fits a phone and a desktop, hides what it hides, and passes axe-core, in both languages and themes', async () => {
  const { server, browser } = ctx;
  const post = (path, body, token) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });

  // A game three moves in, seen by White.
  const game = await createGame(server.url, { opponent: 'local', clock: { limit: 300, increment: 3 }, rules: { touch_move: false } });
  for (const mv of ['e2e4', 'e7e5', 'g1f3']) await post(`/api/games/${game.id}/move/${mv}`, undefined, game.tokens.white);

  // A Swiss of six players with round 1 paired, seen by its organiser and by the public.
  const made = await (await post('/api/tournaments', { name: 'Őszi Kupa – a club’s autumn Swiss', system: 'swiss', rounds: 5, time_control: '5400+30' })).json();
  const names = ['Kovács Anna', 'Nagy Béla', 'Tóth Csaba', 'Szabó Dóra', 'Kiss Ede', 'Horváth Flóra'];
  for (const [i, name] of names.entries()) {
    const res = await post(`/api/tournaments/${made.id}/actions`, { type: 'add_player', name, rating: 2100 - 50 * i, federation: 'HUN' }, made.organiser_token);
    assert.equal(res.status, 200, await res.text());
  }
  assert.equal((await post(`/api/tournaments/${made.id}/actions`, { type: 'pair_round' }, made.organiser_token)).status, 200);

  // Two accounts, a challenge between them, and one's page.
  const anna = await signedUp(ctx, 'anna_layout');
  const bela = await signedUp(ctx, 'bela_layout');
  await bela.context().close();
  const challenged = await anna.evaluate(async () => {
    const r = await fetch('/api/challenge/bela_layout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ 'clock.limit': 300, 'clock.increment': 2 }) });
    return r.json();
  });
  const cookies = await anna.context().cookies();
  await anna.context().close();

  const pages = [
    { name: 'home', path: '/' },
    { name: 'game', path: `/game/${game.id}?token=${game.tokens.white}`, ready: 'cg-board' },
    { name: 'clock-setup', path: '/clock' },
    { name: 'clock-running', path: '/clock', act: async p => {
      // The running clock has the whole screen: no header.
      await p.click('button.tc[data-tc="5+3"]');
      await p.waitForSelector('.clock-page');
      assert.equal(await p.locator('header.top').isVisible(), false);
    } },
    { name: 'history', path: '/history', ready: 'table.games' },
    { name: 'learn', path: '/learn#castling', ready: 'cg-board', act: async p => {
      await clickMove(p, 'e1', 'c1');
      await p.waitForSelector('.feedback.refused');
    } },
    { name: 'analysis', path: '/analysis', ready: 'cg-board', act: async p => {
      await clickMove(p, 'e2', 'e4');
      await p.waitForSelector('.moves-tree .move');
    } },
    { name: 'editor', path: '/editor', ready: '.verdict.legal' },
    { name: 'import', path: '/import', ready: '#import-pgn' },
    { name: 'tournaments', path: '/tournaments' },
    { name: 'tournament-organiser', path: `/tournament/${made.id}?token=${made.organiser_token}`, ready: 'table.pairings' },
    { name: 'tournament-public', path: `/tournament/${made.id}`, ready: 'table.pairings' },
    { name: 'account', path: '/account', ready: 'form' },
    { name: 'account-signed-in', path: '/account', signedIn: true, ready: '.account-page h1' },
    { name: 'players', path: '/players' },
    { name: 'profile', path: '/@/anna_layout', ready: '.profile h1' },
    { name: 'challenge', path: `/challenge/${challenged.id}`, signedIn: true, ready: '.challenge button.cancel' },
  ];
  const shots = join(artifacts, 'layout');
  mkdirSync(shots, { recursive: true });
  const found = [];
  for (const phone of [true, false]) {
    for (const lang of ['hu', 'en']) {
      for (const theme of ['light', 'dark']) {
        for (const { name, path, ready, act, signedIn } of pages) {
          const page = await newPage(browser, 'about:blank', lang, { bypassCSP: true, phone, width: 1280 });
          await page.context().addInitScript(t => localStorage.setItem('sakk.theme', t), theme);
          if (signedIn) await page.context().addCookies(cookies);
          // (about:blank's own refusal of localStorage is not the page's.)
          page.errors = [];
          await page.goto(server.url + path);
          await page.waitForSelector(ready ?? 'main > *');
          if (act) await act(page);
          await page.waitForTimeout(150);
          const where = `${phone ? 'phone' : 'desktop'} ${lang} ${theme} ${name}`;
          for (const p of await layoutProblems(page)) found.push(`${where}: ${p}`);
          for (const p of await accessibilityProblems(page)) found.push(`${where}: ${p}`);
          for (const e of page.errors) found.push(`${where}: ${e}`);
          await page.screenshot({ path: join(shots, `${phone ? 'phone' : 'desktop'}-${lang}-${theme}-${name}.png`), fullPage: true });
          await page.context().close();
        }
      }
    }
  }
  assert.deepEqual(found, []);
});
