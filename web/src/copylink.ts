// A link to hand out: its label, the link in a read-only field, and a
// button that copies it (the clipboard, else the selection's copy).

import { h } from './dom';
import { t } from './i18n';

/** A link's row: `label`, the field (with `attrs`: a class or an id for
 * tests and styles), and a Copy button named after the link. */
export function copyLinkRow(label: string, url: string, attrs: { class?: string; id?: string }): HTMLElement {
  const tr = t();
  const input = h('input', { ...attrs, type: 'text', readonly: true, value: url, 'aria-label': label });
  const copy = h('button.copy', { type: 'button', 'aria-label': `${tr.copy}: ${label}` }, tr.copy);
  copy.addEventListener('click', async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      document.execCommand('copy');
    }
    copy.textContent = tr.copied;
    copy.setAttribute('aria-label', `${tr.copied}: ${label}`);
  });
  return h('div.link-row', {}, [h('label', {}, label), h('div.link', {}, [input, copy])]);
}
