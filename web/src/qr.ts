// A link as a QR code, drawn as SVG, for a phone's camera: a tournament's
// join link handed round the room, a game's link across the table. The
// code itself is made by qrcode-generator; this only draws its modules.

import qrcode from 'qrcode-generator';

const SVG = 'http://www.w3.org/2000/svg';
/** The light border a reader needs around the code (four modules). */
const QUIET = 4;

/** A QR code of `text` (error correction M), an image named `label`:
 * dark modules on white whatever the page's theme, as readers expect. */
export function qrCode(text: string, label: string): SVGSVGElement {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const size = n + 2 * QUIET;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.isDark(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
  }
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.classList.add('qr');
  const back = document.createElementNS(SVG, 'rect');
  back.setAttribute('width', String(size));
  back.setAttribute('height', String(size));
  back.setAttribute('fill', '#fff');
  const modules = document.createElementNS(SVG, 'path');
  modules.setAttribute('d', d);
  modules.setAttribute('fill', '#000');
  svg.append(back, modules);
  return svg;
}
