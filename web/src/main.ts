// The sakk web app: a header and its pages, routed by the address.

import { h, fill } from './dom';
import { lang, setLang, t } from './i18n';
import { homePage } from './home';
import { gamePage } from './game';
import { clockPage } from './clock';
import { historyPage } from './history';
import { learnPage } from './learn';
import { tournamentsPage } from './tournaments';
import { tournamentPage } from './tournament';
import { accountPage } from './account';
import { profilePage } from './profile';
import { challengePage } from './challenge';
import { playersPage } from './players';
import { analysisPage } from './analysis';
import { importPage } from './import';
import { editorPage } from './editor';
import { watchNotices } from './notices';
import { navigate } from './nav';
import { forgetOldSeats } from './seats';

/** A page: mounts itself into `root`, returns a function that tears it down. */
export type Page = (root: HTMLElement) => (() => void) | void;

let teardown: (() => void) | void;
/** The path of the page on show. */
let shown = '';

function applyTheme(): void {
  const theme = localStorage.getItem('sakk.theme') ?? 'auto';
  document.documentElement.dataset.theme = theme;
}

function header(): HTMLElement {
  const link = (href: string, text: string) =>
    h('a', { href, 'data-nav': '', class: location.pathname === href ? 'active' : '' }, text);
  const langSel = h('select#lang', { 'aria-label': t().language }, [
    h('option', { value: 'hu', selected: lang() === 'hu' }, 'Magyar'),
    h('option', { value: 'en', selected: lang() === 'en' }, 'English'),
  ]);
  langSel.addEventListener('change', () => {
    setLang(langSel.value === 'hu' ? 'hu' : 'en');
    render();
  });
  const theme = localStorage.getItem('sakk.theme') ?? 'auto';
  const themeSel = h('select#theme', { 'aria-label': t().theme }, [
    h('option', { value: 'auto', selected: theme === 'auto' }, t().themeAuto),
    h('option', { value: 'light', selected: theme === 'light' }, t().themeLight),
    h('option', { value: 'dark', selected: theme === 'dark' }, t().themeDark),
  ]);
  themeSel.addEventListener('change', () => {
    localStorage.setItem('sakk.theme', themeSel.value);
    applyTheme();
  });
  return h('header.top', {}, [
    h('a.brand', { href: '/', 'data-nav': '' }, '♞ sakk'),
    h('nav', {}, [link('/', t().navPlay), link('/clock', t().navClock), link('/history', t().navHistory), link('/analysis', t().navAnalysis), link('/learn', t().navLearn), link('/tournaments', t().navTournaments)]),
    h('div.prefs', {}, [link('/account', t().navAccount), langSel, themeSel]),
  ]);
}

function pageFor(path: string): Page {
  if (path.startsWith('/game/')) return gamePage(decodeURIComponent(path.slice(6)));
  if (path === '/clock') return clockPage;
  if (path === '/history') return historyPage;
  if (path === '/learn') return learnPage;
  if (path === '/tournaments') return tournamentsPage;
  if (path.startsWith('/tournament/')) return tournamentPage(decodeURIComponent(path.slice(12)));
  if (path === '/account') return accountPage;
  if (path === '/players') return playersPage;
  if (path === '/analysis' || path.startsWith('/analysis/')) return analysisPage;
  if (path === '/import') return importPage;
  if (path === '/editor' || path.startsWith('/editor/')) return editorPage;
  if (path.startsWith('/@/')) return profilePage(decodeURIComponent(path.slice(3)));
  if (path.startsWith('/challenge/')) return challengePage(decodeURIComponent(path.slice(11)));
  return homePage;
}

/** Draws the current address's page (again). */
function render(): void {
  if (typeof teardown === 'function') teardown();
  const app = document.getElementById('app');
  if (!app) return;
  document.documentElement.lang = lang();
  // The installed app's name and shortcuts in the page's language. The
  // link is made here, not in the HTML: a browser that had read a manifest
  // without the language did not always read the new one when the link
  // changed.
  let manifest = document.querySelector('link[rel=manifest]');
  if (!manifest) {
    manifest = document.createElement('link');
    manifest.setAttribute('rel', 'manifest');
    document.head.append(manifest);
  }
  manifest.setAttribute('href', `/manifest.webmanifest?lang=${lang()}`);
  const main = h('main', {});
  fill(app, [header(), main]);
  shown = location.pathname;
  teardown = pageFor(location.pathname)(main);
}


document.addEventListener('click', ev => {
  const a = (ev.target as Element | null)?.closest?.('a[data-nav]') as HTMLAnchorElement | null;
  if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  navigate(a.getAttribute('href') ?? '/');
});
// A lesson chosen in the rules guide changes only the address's fragment:
// the guide follows it itself.
window.addEventListener('popstate', () => {
  if (location.pathname !== shown || shown !== '/learn') render();
});
window.addEventListener('sakk:navigate', render);
applyTheme();
forgetOldSeats();
render();
void watchNotices();
// The app installable and its clock and rules guide usable without a
// network (web/sw): kept by the service worker after the first visit.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No service worker (a private window, an old browser): the app works online.
    });
  });
}
