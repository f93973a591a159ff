// PGN import (/import): one game or a file of many, pasted or chosen; each
// game stored on the server and opened in the analysis board; a game that
// does not read named with its problem in the UI's language.

import { h, fill, labelled, scrollX } from './dom';
import { lang, message, t } from './i18n';
import { api, errorText } from './api';
import type { ImportProblem, ImportResult } from './types';
import type { Page } from './main';

/** A problem of a game not imported, in words (the catalogues' messages). */
export function problemText(p: ImportProblem): string {
  const why = p.cause ? message(lang(), p.cause.id, p.cause.params) : '';
  const what = message(lang(), p.problem.id, { ...p.problem.params, why });
  return message(lang(), 'error-bad-pgn', { game: p.game, line: p.line, why: what });
}

function results(r: ImportResult): HTMLElement {
  const tr = t();
  const rows = r.games.map((g, i) =>
    h('tr', {}, [
      h('td', {}, String(i + 1)),
      h('td', {}, g.white),
      h('td', {}, g.black),
      h('td', {}, g.result),
      h('td', {}, g.event),
      h('td', {}, g.date),
      h('td', {}, [h('a.open-import', { href: `/analysis?import=${encodeURIComponent(g.id)}`, 'data-nav': '' }, tr.imOpen)]),
    ]),
  );
  return h('div.import-results', {}, [
    h('h2', {}, `${tr.imImported} (${r.games.length})`),
    scrollX(
      h('table.games.imported', {}, [
        h('thead', {}, [h('tr', {}, ['#', tr.white, tr.black, tr.result, tr.imEvent, tr.date, ''].map(c => h('th', { scope: 'col' }, c)))]),
        h('tbody', {}, rows),
      ]),
      tr.imImported,
    ),
    r.problems.length
      ? h('section.import-problems', {}, [
          h('h2', {}, `${tr.imProblems} (${r.problems.length})`),
          h('ul', {}, r.problems.map(p => h('li.problem', {}, problemText(p)))),
        ])
      : null,
  ]);
}

/** The last import's result, kept for the tab's session: coming back
 * from a game to the list shows it again. */
const LAST = 'sakk.lastImport';

function lastImport(): ImportResult | null {
  try {
    return JSON.parse(sessionStorage.getItem(LAST) ?? 'null') as ImportResult | null;
  } catch {
    return null;
  }
}

/** The import page. */
export const importPage: Page = root => {
  const tr = t();
  const text = h('textarea#import-pgn', { rows: 12, spellcheck: 'false' }) as HTMLTextAreaElement;
  const file = h('input#import-file', { type: 'file', accept: '.pgn,application/x-chess-pgn,text/plain' }) as HTMLInputElement;
  const submit = h('button#import-submit.primary', { type: 'submit' }, tr.imSubmit) as HTMLButtonElement;
  const error = h('p.error', { role: 'alert', hidden: true });
  const out = h('div', { 'aria-live': 'polite' });
  let gone = false;
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (f) text.value = await f.text();
  });
  const form = h('form.import', {}, [
    labelled(tr.imPaste, text),
    labelled(tr.imFile, file),
    h('div.buttons', {}, [submit]),
    error,
  ]);
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    submit.disabled = true;
    submit.textContent = tr.imImporting;
    error.hidden = true;
    try {
      const r = await api.importPgn(text.value);
      sessionStorage.setItem(LAST, JSON.stringify(r));
      if (gone) return;
      fill(out, [results(r)]);
    } catch (e) {
      if (gone) return;
      fill(out, []);
      error.textContent = errorText(e);
      error.hidden = false;
    } finally {
      submit.disabled = false;
      submit.textContent = tr.imSubmit;
    }
  });
  const last = lastImport();
  if (last?.games) fill(out, [results(last)]);
  fill(root, [h('div.import-page', {}, [h('h1', {}, tr.imTitle), form, out])]);
  return () => {
    gone = true;
  };
};
