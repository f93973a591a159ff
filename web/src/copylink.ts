// A link to hand out: its label, the link in a read-only field, a button
// that copies it (the clipboard, else the selection's copy) and one that
// shows it as a QR code.

import { h } from './dom';
import { t } from './i18n';
import { qrCode } from './qr';

/** The links whose QR code is open (kept while a page redraws). */
const openCodes = new Set<string>();

/** A link's row: `label`, the field (with `attrs`: a class or an id for
 * tests and styles), a Copy button named after the link, and a QR code
 * button that shows the link as a code beneath. */
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
  const code = h('figure.qr-code', { hidden: !openCodes.has(url) }, [qrCode(url, `${tr.qrCode}: ${label}`)]);
  const show = h('button.show-qr', { type: 'button', 'aria-expanded': String(openCodes.has(url)), 'aria-label': `${tr.qrCode}: ${label}` }, tr.qrCode);
  show.addEventListener('click', () => {
    code.hidden = !code.hidden;
    if (code.hidden) openCodes.delete(url);
    else openCodes.add(url);
    show.setAttribute('aria-expanded', String(!code.hidden));
  });
  return h('div.link-row', {}, [h('label', {}, label), h('div.link', {}, [input, copy, show]), code]);
}
