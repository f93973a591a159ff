// The account page (/account): log in or sign up; logged in, the ratings,
// log out, the personal API tokens (made with scopes, shown once, listed,
// revoked), a new password, closing the account.

import { h, fill } from './dom';
import { SPEEDS, speedName, t } from './i18n';
import { watchNotices } from './notices';
import { api, errorText, type Account, type Scope, type TokenView } from './api';

const SCOPES: Scope[] = ['board:play', 'bot:play', 'challenge:read', 'challenge:write', 'tournament:write', 'preference:read'];

/** A form's error line, empty until something is refused. */
const errorLine = () => h('p.error', { role: 'alert' });

export function accountPage(root: HTMLElement): () => void {
  let live = true;
  root.classList.add('account-page');
  const draw = async () => {
    let me: Account | null = null;
    try {
      me = await api.account();
    } catch {
      me = null;
    }
    if (!live) return;
    fill(root, [h('h1', {}, t().accTitle), ...(me ? signedIn(me, draw) : signedOut(draw))]);
  };
  void draw();
  return () => {
    live = false;
    root.classList.remove('account-page');
  };
}

/** Log in and sign up: the same two fields, two buttons. */
function signedOut(redraw: () => Promise<void>): Node[] {
  const name = h('input#acc-username', { name: 'username', autocomplete: 'username', required: true, maxlength: '20' }) as HTMLInputElement;
  const password = h('input#acc-password', { type: 'password', name: 'password', autocomplete: 'current-password', required: true }) as HTMLInputElement;
  const err = errorLine();
  const submit = async (signUp: boolean) => {
    err.textContent = '';
    try {
      if (signUp) await api.signUp(name.value, password.value);
      else await api.logIn(name.value, password.value);
      void watchNotices();
      await redraw();
    } catch (e) {
      err.textContent = errorText(e);
    }
  };
  const logIn = h('button.log-in', { type: 'submit' }, t().accLogIn);
  const signUp = h('button.sign-up', { type: 'button' }, t().accSignUp);
  signUp.addEventListener('click', () => void submit(true));
  const form = h('form.account-form', {}, [
    h('label', {}, [t().accUsername, name]),
    h('label', {}, [t().accPassword, password]),
    err,
    h('div.buttons', {}, [logIn, signUp]),
  ]);
  form.addEventListener('submit', ev => {
    ev.preventDefault();
    void submit(false);
  });
  return [h('p', {}, t().accIntro), form];
}

function signedIn(me: Account, redraw: () => Promise<void>): Node[] {
  const out = h('button.log-out', { type: 'button' }, t().accLogOut);
  out.addEventListener('click', async () => {
    await api.logOut().catch(() => undefined);
    void watchNotices();
    await redraw();
  });
  const perfs = me.perfs ?? {};
  const ratings = h('ul.ratings', {}, SPEEDS.filter(s => perfs[s]).map(speed => {
    const p = perfs[speed];
    return h('li', { 'data-speed': speed }, `${speedName(speed)}: ${p.rating}${p.prov ? '?' : ''} (${t().accRating} ${p.games})`);
  }));
  return [
    h('p.signed-in', {}, [t().accSignedInAs, ' ', h('strong.username', {}, me.username), ' ', out]),
    ratings,
    h('p.my-games', {}, h('a', { href: `/@/${encodeURIComponent(me.username)}`, 'data-nav': '' }, t().accMyGames)),
    tokensSection(),
    passwordSection(),
    closeSection(redraw),
  ];
}

function tokensSection(): Node {
  const list = h('ul.tokens');
  const shown = h('div.new-token');
  const description = h('input#token-description', { maxlength: '100', required: true }) as HTMLInputElement;
  const boxes = SCOPES.map(s => h('input', { type: 'checkbox', value: s, name: 'scope' }) as HTMLInputElement);
  const err = errorLine();
  const refresh = async () => {
    let tokens: TokenView[] = [];
    try {
      tokens = await api.tokens();
    } catch (e) {
      err.textContent = errorText(e);
    }
    fill(list, tokens.length ? tokens.map(tok => {
      const revoke = h('button.revoke', { type: 'button' }, t().accTokenRevoke);
      revoke.addEventListener('click', async () => {
        await api.revokeToken(tok.id).catch(e => (err.textContent = errorText(e)));
        fill(shown, []);
        await refresh();
      });
      return h('li', {}, [h('span.token-description', {}, tok.description), ` (${tok.scopes.join(', ')}) `, revoke]);
    }) : [h('li.none', {}, t().accTokenNone)]);
  };
  const form = h('form.token-form', {}, [
    h('label', {}, [t().accTokenDescription, description]),
    h('fieldset', {}, [h('legend', {}, t().accTokenScopes), ...boxes.map(b => h('label', {}, [b, b.value]))]),
    err,
    h('button.create-token', { type: 'submit' }, t().accTokenCreate),
  ]);
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    err.textContent = '';
    try {
      const made = await api.newToken({ description: description.value, scopes: boxes.filter(b => b.checked).map(b => b.value as Scope) });
      fill(shown, [h('p', {}, t().accTokenShownOnce), h('code.token', {}, made.token)]);
      description.value = '';
      for (const b of boxes) b.checked = false;
      await refresh();
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  void refresh();
  return h('section.tokens-section', {}, [h('h2', {}, t().accTokens), h('p', {}, t().accTokensIntro), form, shown, list]);
}

function passwordSection(): Node {
  const current = h('input#current-password', { type: 'password', autocomplete: 'current-password' }) as HTMLInputElement;
  const next = h('input#new-password', { type: 'password', autocomplete: 'new-password' }) as HTMLInputElement;
  const err = errorLine();
  const form = h('form.password-form', {}, [
    h('label', {}, [t().accCurrentPassword, current]),
    h('label', {}, [t().accNewPassword, next]),
    err,
    h('button', { type: 'submit' }, t().accChangePassword),
  ]);
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    try {
      await api.changePassword(current.value, next.value);
      err.textContent = t().accPasswordChanged;
      current.value = next.value = '';
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  return h('section', {}, [h('h2', {}, t().accChangePassword), form]);
}

function closeSection(redraw: () => Promise<void>): Node {
  const password = h('input#close-password', { type: 'password', autocomplete: 'current-password' }) as HTMLInputElement;
  const err = errorLine();
  const form = h('form.close-form', {}, [
    h('p', {}, t().accCloseWarning),
    h('label', {}, [t().accPassword, password]),
    err,
    h('button.danger', { type: 'submit' }, t().accClose),
  ]);
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    try {
      await api.closeAccount(password.value);
      await redraw();
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  return h('section', {}, [h('h2', {}, t().accClose), form]);
}
