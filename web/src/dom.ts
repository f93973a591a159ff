// A tiny DOM builder: h('div.cls', {attrs}, children).

export type Child = Node | string | null | undefined | false;
export type Attrs = Record<string, string | number | boolean | EventListener | undefined>;

/** Builds an element: `sel` is `tag`, `tag.class.class` or `tag#id.class`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  sel: K | `${K}.${string}` | `${K}#${string}`,
  attrs: Attrs = {},
  children: Child[] | Child = [],
): HTMLElementTagNameMap[K] {
  const m = /^([a-z0-9]+)(#[\w-]+)?((?:\.[\w-]+)*)$/.exec(sel);
  const tag = (m ? m[1] : sel) as K;
  const el = document.createElement(tag);
  if (m?.[2]) el.id = m[2].slice(1);
  if (m?.[3]) el.className = m[3].slice(1).replace(/\./g, ' ');
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (k === 'class') el.className += (el.className ? ' ' : '') + v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of Array.isArray(children) ? children : [children]) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c);
  }
  return el;
}

/** Replaces the children of `el`. */
export function fill(el: Element, children: Child[]): void {
  el.replaceChildren(...children.filter((c): c is Node | string => !!c || c === ''));
}

/** A wide element (a table) in a box of its own that scrolls sideways, so
 * that the page stays as wide as the screen; the box is a region named
 * `label` that takes the keyboard's focus, so that the arrows scroll it. */
export function scrollX(el: HTMLElement, label: string): HTMLDivElement {
  return h('div.scroll-x', { tabindex: 0, role: 'region', 'aria-label': label }, el);
}

/** Counts the edits made inside `el` (its fields' `input` events), so that
 * what was sent is cleared after the server's answer only if nothing was
 * typed meanwhile (the answer may come after the next entry was begun):
 * `const at = edits(); await send(); if (edits() === at) clear();`.
 * With `within`, only the edits inside the elements it selects count (a
 * form that is drawn again, its edits counted on the page around it). */
export function editCounter(el: HTMLElement, within?: string): () => number {
  let n = 0;
  el.addEventListener('input', ev => {
    if (!within || (ev.target instanceof Element && ev.target.closest(within))) n += 1;
  });
  return () => n;
}

/** A form field: its label's words above the input, the one naming the other. */
export function labelled(label: string, input: HTMLElement): HTMLElement {
  return h('label', {}, [h('span', {}, label), input]);
}
