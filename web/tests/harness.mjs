// Starts the real sakk server (a temporary database, a free port) and a
// headless Chromium driven by playwright-core.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';

const root = resolve(import.meta.dirname, '../..');

/** The sakk binary: $SAKK_BIN, else target/debug/sakk (built by `cargo test`/`cargo build`). */
export function sakkBinary() {
  const bin = process.env.SAKK_BIN || join(root, 'target/debug/sakk');
  if (!existsSync(bin)) throw new Error(`no sakk binary at ${bin}: run cargo build first or set SAKK_BIN`);
  return bin;
}

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

/** Starts a server; resolves to { url, dir, port, stop, kill }. Pass `dir`
 * and `port` of a stopped one to start it again on the same database. */
export async function startServer(reuse = {}) {
  const dir = reuse.dir ?? mkdtempSync(join(tmpdir(), 'sakk-web-'));
  const port = reuse.port ?? (await freePort());
  const child = spawn(sakkBinary(), ['serve', '--port', String(port), '--database', `sqlite://${join(dir, 'games.db')}`,
    // Many games from one address in a few minutes: no rate limits here.
    '--limit-new-games', '0', '--limit-actions', '0', '--limit-analyses', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: dir,
  });
  let out = '';
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 20000);
    const onData = d => {
      out += d;
      if (out.includes('running at')) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', code => fail(new Error(`server exited (${code}): ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    port,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    /** Kills the process (SIGKILL) and resolves when it is gone; the database stays. */
    kill: () =>
      new Promise(ok => {
        child.removeAllListeners('exit');
        child.on('exit', ok);
        child.kill('SIGKILL');
      }),
  };
}

/** Launches headless Chromium ($CHROMIUM or /usr/bin/chromium). */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
  });
}

/** A new page with its UI language set (stored preference) and errors
 * collected. `options.bypassCSP` lets a test inject a script (axe-core);
 * `options.phone` makes it a 390 px phone (touch, mobile viewport),
 * `options.width` a desktop window of that width. */
export async function newPage(browser, url, lang = 'en', options = {}) {
  const phone = options.phone === true;
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: options.width ?? 1200, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: lang === 'hu' ? 'hu-HU' : 'en-GB',
    bypassCSP: options.bypassCSP === true,
  });
  await context.addInitScript(l => {
    if (!localStorage.getItem('sakk.lang')) localStorage.setItem('sakk.lang', l);
  }, lang);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', e => page.errors.push(String(e)));
  await page.goto(url);
  return page;
}

/** The centre of square `sq` on the page's board. */
export async function squareCenter(page, sq) {
  await page.locator('cg-board').scrollIntoViewIfNeeded();
  const box = await page.locator('cg-board').boundingBox();
  const white = await page.locator('.cg-wrap.board').evaluate(el => el.classList.contains('orientation-white'));
  const file = sq.charCodeAt(0) - 97;
  const rank = sq.charCodeAt(1) - 49;
  const size = box.width / 8;
  const col = white ? file : 7 - file;
  const row = white ? 7 - rank : rank;
  return { x: box.x + (col + 0.5) * size, y: box.y + (row + 0.5) * size };
}

/** Clicks `from` then `to` on the board. */
export async function clickMove(page, from, to) {
  const a = await squareCenter(page, from);
  await page.mouse.click(a.x, a.y);
  const b = await squareCenter(page, to);
  await page.mouse.click(b.x, b.y);
}

/** Drags a piece from `from` to `to`. */
export async function dragMove(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** Waits until the move list shows `n` moves. */
export async function waitMoves(page, n, timeout = 15000) {
  await page.waitForFunction(k => document.querySelectorAll('ol.moves button.move').length >= k, n, { timeout });
}

/** The move list's texts. */
export async function moveTexts(page) {
  return page.locator('ol.moves button.move').allTextContents();
}

/** Creates a game through the API. */
export async function createGame(url, body) {
  const res = await fetch(`${url}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return res.json();
}

export const artifacts = join(root, 'web/test-results');

/** The serious and critical WCAG 2.1 A/AA violations axe-core finds on the
 * page now, as `rule: target …` lines (empty when there are none). */
export async function accessibilityProblems(page) {
  await page.addScriptTag({ path: join(root, 'web/node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map(v => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')) }));
  });
  return violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

/** A server and a browser for a test file: started before its tests,
 * stopped after them; read `ctx.server` and `ctx.browser` inside a test. */
export function serverAndBrowser() {
  const ctx = { server: undefined, browser: undefined };
  before(async () => {
    ctx.server = await startServer();
    ctx.browser = await launch();
    mkdirSync(artifacts, { recursive: true });
  });
  after(async () => {
    await ctx.browser?.close();
    ctx.server?.stop();
  });
  return ctx;
}

/** A person with a new account (signed up in the page, so that its
 * session is the page's), then on `path`. */
export async function signedUp(ctx, name, lang = 'en', path = '/') {
  const page = await newPage(ctx.browser, `${ctx.server.url}/account`, lang);
  const status = await page.evaluate(async n => {
    const r = await fetch('/api/account/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: n, password: 'correct horse battery' }),
    });
    return r.status;
  }, name);
  if (status !== 201) throw new Error(`sign up ${name}: ${status}`);
  await page.goto(`${ctx.server.url}${path}`);
  return page;
}
