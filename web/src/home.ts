// The home page: start a game in two clicks.

import { h, fill } from './dom';
import { t } from './i18n';
import { api, errorText, type ClockRequest, type CreateRequest } from './api';
import { controlPreview, controlWords, DAYS, daysShort } from './control';
import { copyLinkRow } from './copylink';
import { navigate } from './nav';
import { rememberSeat } from './seats';
import { lobbySection } from './lobby';
import { playingSection } from './playing';
import type { GameVariant } from './types';

/** The time control presets, by category (minutes + seconds increment). */
export const PRESETS: { cat: 'bullet' | 'blitz' | 'rapid' | 'classical'; min: number; inc: number }[] = [
  { cat: 'bullet', min: 1, inc: 0 },
  { cat: 'bullet', min: 2, inc: 1 },
  { cat: 'blitz', min: 3, inc: 2 },
  { cat: 'blitz', min: 5, inc: 3 },
  { cat: 'rapid', min: 10, inc: 10 },
  { cat: 'rapid', min: 15, inc: 10 },
  { cat: 'classical', min: 30, inc: 20 },
  { cat: 'classical', min: 90, inc: 30 },
];

type Opp = CreateRequest['opponent'];

/** A radio group of buttons. */
function choice<T extends string>(name: string, options: [T, string, string?][], value: T, onChange: (v: T) => void): HTMLElement {
  return h(
    'div.choice',
    { role: 'radiogroup' },
    options.map(([v, label, hint]) => {
      const input = h('input', { type: 'radio', name, value: v, checked: v === value });
      input.addEventListener('change', () => onChange(v));
      return h('label.opt', { 'data-value': v }, [input, h('span.label', {}, label), hint ? h('small', {}, hint) : null]);
    }),
  );
}

/** The home page. */
export function homePage(root: HTMLElement): () => void {
  const tr = t();
  let opponent: Opp = (localStorage.getItem('sakk.home.opponent') as Opp) || 'local';
  let tc = localStorage.getItem('sakk.home.tc') ?? '5+3';
  let level = Number(localStorage.getItem('sakk.home.level') ?? 3);
  let color: 'white' | 'black' | 'random' = 'random';
  let variant: GameVariant = localStorage.getItem('sakk.home.variant') === 'chess960' ? 'chess960' : 'standard';
  // The Chess960 start position's number as typed (empty: at random);
  // kept across the form's redraws.
  let number960 = '';

  const form = h('form.new-game', {});
  const result = h('section.created', {});
  const error = h('p.error', { role: 'alert' });

  // The chosen control in words, as the server reads it, before the game
  // starts (a typo shows here, not as a surprise on the clock).
  const preview = controlPreview(
    () => controlText(),
    () => controlWords(null),
  );

  const draw = () => {
    const custom = h('fieldset.custom', { hidden: tc !== 'custom' }, [
      h('label', {}, [tr.minutes, h('input#c-min', { type: 'number', min: 0, max: 600, step: 'any', value: localStorage.getItem('sakk.home.cmin') ?? '10' })]),
      h('label', {}, [tr.increment, h('input#c-inc', { type: 'number', min: 0, max: 600, step: 'any', value: localStorage.getItem('sakk.home.cinc') ?? '0' })]),
      h('label', {}, [tr.delay, h('input#c-delay', { type: 'number', min: 0, max: 600, step: 'any', value: localStorage.getItem('sakk.home.cdelay') ?? '0' })]),
      h('label', {}, [
        tr.delayKind,
        h('select#c-kind', {}, [h('option', { value: 'bronstein' }, tr.delayBronstein), h('option', { value: 'simple' }, tr.delaySimple)]),
      ]),
      h('label.control', {}, [
        tr.controlPgn,
        h('input#c-control', { type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: '40/90+30:30+30', value: localStorage.getItem('sakk.home.ctext') ?? '' }),
      ]),
    ]);
    custom.addEventListener('input', preview.refresh);
    const cats = ['bullet', 'blitz', 'rapid', 'classical'] as const;
    const tcButtons = h('div.tc-grid', { role: 'radiogroup', 'aria-label': tr.timeControl }, [
      ...cats.map(cat =>
        h('div.tc-cat', {}, [
          h('span.cat', {}, tr[cat]),
          ...PRESETS.filter(p => p.cat === cat).map(p => tcButton(`${p.min}+${p.inc}`, `${p.min}+${p.inc}`)),
          // The seed's classical control: 40 moves in 90 minutes, then 30, +30 s a move.
          ...(cat === 'classical' ? [tcButton('40/90+30', '40/90+30')] : []),
        ]),
      ),
      // Correspondence: days a move, each move within them.
      h('div.tc-cat.days', {}, [
        h('span.cat', {}, tr.correspondence),
        ...DAYS.map(d => tcButton(`${d}d`, daysShort(d))),
      ]),
      h('div.tc-cat', {}, [
        h('span.cat', {}, tr.tcOther),
        // The hourglass: 3 minutes that flow from one side to the other.
        tcButton('*180', `${tr.sandclock} 3′`),
        tcButton('custom', tr.custom),
        tcButton('none', tr.noClock),
      ]),
    ]);
    function tcButton(value: string, label: string): HTMLElement {
      return h(
        'button.tc',
        {
          type: 'button',
          role: 'radio',
          'aria-checked': String(tc === value),
          'data-tc': value,
          onclick: () => {
            tc = value;
            draw();
          },
        },
        label,
      );
    }
    const number960Input = h('input#chess960', { type: 'number', min: 0, max: 959, step: 1, inputmode: 'numeric', value: number960 });
    number960Input.addEventListener('input', () => (number960 = number960Input.value.trim()));
    const levelSel = h(
      'select#level',
      {},
      tr.levelNames.map((name, i) => h('option', { value: i + 1, selected: i + 1 === level }, `${i + 1} — ${name}`)),
    );
    levelSel.addEventListener('change', () => (level = Number(levelSel.value)));
    fill(form, [
      h('h1', {}, tr.newGame),
      h('fieldset', {}, [
        h('legend', {}, tr.opponent),
        choice<Opp>(
          'opponent',
          [
            ['local', tr.oppLocal, tr.oppLocalHint],
            ['friend', tr.oppFriend, tr.oppFriendHint],
            ['computer', tr.oppComputer, tr.oppComputerHint],
          ],
          opponent,
          v => {
            opponent = v;
            draw();
          },
        ),
      ]),
      opponent === 'computer' ? h('label.level', {}, [tr.level, ' ', levelSel]) : null,
      opponent !== 'local'
        ? h('fieldset', {}, [
            h('legend', {}, tr.color),
            choice<'white' | 'black' | 'random'>(
              'color',
              [
                ['white', tr.white],
                ['random', tr.random],
                ['black', tr.black],
              ],
              color,
              v => (color = v),
            ),
          ])
        : null,
      h('fieldset.variant', {}, [
        h('legend', {}, tr.variant),
        choice<GameVariant>(
          'variant',
          [
            ['standard', tr.variantStandard],
            ['chess960', tr.variantChess960, tr.variantChess960Hint],
          ],
          variant,
          v => {
            variant = v;
            draw();
          },
        ),
        h('label.chess960-number', { hidden: variant !== 'chess960' }, [
          tr.chess960Number,
          ' ',
          number960Input,
        ]),
      ]),
      h('fieldset', {}, [h('legend', {}, tr.timeControl), tcButtons, custom, preview.el]),
      h('fieldset.rules', {}, [
        h('legend', {}, tr.rules),
        h('label', {}, [h('input#touch', { type: 'checkbox' }), ' ', tr.touchMove]),
        h('label', {}, [h('input#nodraw', { type: 'checkbox' }), ' ', tr.noEarlyDraw]),
      ]),
      h('button#start.primary', { type: 'submit' }, tr.start),
      error,
    ]);
    preview.refresh();
  };

  const field = (id: string) => ((form.querySelector(`#${id}`) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '').trim();
  /** The chosen control as a player writes it (minutes + seconds, periods,
   * `*180` for the hourglass), for the server to read; `null`: no clock. */
  const controlText = (): string | null => {
    if (tc === 'none') return null;
    if (tc !== 'custom') return tc;
    const typed = field('c-control');
    if (typed) return typed;
    const delay = Number(field('c-delay') || 0);
    const kind = field('c-kind') === 'simple' ? 'd' : 'b';
    return `${Number(field('c-min') || 0)}+${Number(field('c-inc') || 0)}${delay > 0 ? `${kind}${delay}` : ''}`;
  };

  const clockSpec = (): ClockRequest | null => {
    if (tc === 'none') return null;
    if (tc === 'custom') {
      const num = (id: string) => Number((form.querySelector(`#${id}`) as HTMLInputElement | null)?.value || 0);
      localStorage.setItem('sakk.home.cmin', String(num('c-min')));
      localStorage.setItem('sakk.home.cinc', String(num('c-inc')));
      localStorage.setItem('sakk.home.cdelay', String(num('c-delay')));
      localStorage.setItem('sakk.home.ctext', field('c-control'));
      // What the words showed is what the server reads: the typed control,
      // else the fields written as one (`10+5b3`).
      const text = controlText();
      return text === null ? null : { text };
    }
    if (/^\d+d$/.test(tc)) return { days: Number(tc.slice(0, -1)) };
    if (tc.includes('/')) return { preset: tc };
    if (tc.startsWith('*')) return { control: tc };
    const [m, i] = tc.split('+').map(Number);
    return { limit: m * 60, increment: i };
  };

  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    const button = form.querySelector('#start') as HTMLButtonElement;
    button.disabled = true;
    button.textContent = tr.creating;
    error.textContent = '';
    const mine: 'white' | 'black' = color === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : color;
    const touch = (form.querySelector('#touch') as HTMLInputElement).checked;
    const nodraw = (form.querySelector('#nodraw') as HTMLInputElement).checked;
    const req: CreateRequest = {
      opponent,
      clock: clockSpec() ?? undefined,
      // No draw offer before move 30, or at any move (0).
      rules: { touch_move: touch, no_draw_offer_before: nodraw ? 30 : 0 },
    };
    if (opponent !== 'local') req.color = mine;
    if (opponent === 'computer') req.level = level;
    if (variant === 'chess960') {
      req.variant = 'chess960';
      // Empty: the server draws one at random.
      if (number960 !== '') req.chess960 = Number(number960);
    }
    localStorage.setItem('sakk.home.variant', variant);
    localStorage.setItem('sakk.home.opponent', opponent);
    localStorage.setItem('sakk.home.tc', tc);
    localStorage.setItem('sakk.home.level', String(level));
    try {
      const created = await api.create(req);
      if (opponent === 'friend') {
        const own = created.tokens[mine] ?? '';
        rememberSeat(created.id, own);
        showLinks(created.id, mine, own, created.tokens[mine === 'white' ? 'black' : 'white'] ?? '');
      } else {
        const own = created.tokens[opponent === 'local' ? 'white' : mine] ?? '';
        rememberSeat(created.id, own);
        navigate(`/game/${created.id}`);
      }
    } catch (e) {
      error.textContent = errorText(e);
      button.disabled = false;
      button.textContent = tr.start;
    }
  });

  const showLinks = (id: string, mine: 'white' | 'black', own: string, theirs: string) => {
    const base = location.origin;
    const row = (label: string, url: string, cls: string) => copyLinkRow(label, url, { class: cls });
    const theirColor = mine === 'white' ? tr.black : tr.white;
    fill(result, [
      row(`${tr.sendLink} ${theirColor.toLowerCase()})`, `${base}/game/${id}#token=${theirs}`, 'friend-link'),
      row(tr.yourLink, `${base}/game/${id}#token=${own}`, 'own-link'),
      row(tr.spectatorLink, `${base}/game/${id}`, 'spectator-link'),
      h('a.button.primary', { href: `/game/${id}`, 'data-nav': '' }, tr.goToGame),
    ]);
    form.hidden = true;
  };

  draw();
  const lobby = lobbySection();
  fill(root, [h('div.home', {}, [playingSection(), form, result, lobby.el])]);
  return lobby.destroy;
}
