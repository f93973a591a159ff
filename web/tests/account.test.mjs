// Browser tests of the account page: sign up, a personal token made with
// its scopes (shown once, listed, revoked), log out and back in, a refusal
// in Hungarian — the session cookie doing the work, as for a person.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage } from './harness.mjs';

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

test('sign up, make and revoke a token, log out and in again', async () => {
  const page = await newPage(browser, `${server.url}/account`);
  await page.waitForSelector('form.account-form');
  await page.fill('#acc-username', 'KovacsAnna');
  await page.fill('#acc-password', 'correct horse battery');
  await page.click('button.sign-up');
  await page.waitForSelector('.signed-in');
  assert.equal(await page.locator('.username').textContent(), 'KovacsAnna');
  assert.match(await page.locator('ul.ratings li[data-speed=blitz]').textContent(), /: 1500\?/);
  // The cookie is HttpOnly: the page's script cannot read it.
  assert.equal(await page.evaluate(() => document.cookie.includes('sakk_session')), false);

  await page.fill('#token-description', 'my bot');
  await page.check('input[name=scope][value="bot:play"]');
  await page.click('button.create-token');
  await page.waitForSelector('code.token');
  const token = await page.locator('code.token').textContent();
  assert.match(token, /^sakk_/);
  await page.waitForSelector('span.token-description');
  assert.equal(await page.locator('span.token-description').textContent(), 'my bot');
  // The token works for a script.
  const me = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal((await me.json()).username, 'KovacsAnna');
  await page.click('button.revoke');
  await page.waitForSelector('li.none');
  const after = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(after.status, 401);
  // No token made without a scope: the server's words shown.
  await page.fill('#token-description', 'nothing');
  await page.click('button.create-token');
  await page.waitForSelector('form.token-form .error:not(:empty)');

  await page.click('button.log-out');
  await page.waitForSelector('form.account-form');
  await page.fill('#acc-username', 'kovacsanna');
  await page.fill('#acc-password', 'correct horse battery');
  await page.click('button.log-in');
  await page.waitForSelector('.signed-in');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a wrong password is refused in Hungarian', async () => {
  const page = await newPage(browser, `${server.url}/account`, 'hu');
  await page.waitForSelector('form.account-form');
  assert.equal(await page.locator('h1').textContent(), 'A fiókod');
  await page.fill('#acc-username', 'senki');
  await page.fill('#acc-password', 'rossz jelszó 123');
  await page.click('button.log-in');
  await page.waitForSelector('form.account-form .error:not(:empty)');
  assert.equal(await page.locator('form.account-form .error').textContent(), 'Hibás felhasználónév vagy jelszó.');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
