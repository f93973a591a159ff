// The tournaments page: create one, and the ones this browser organises.

import { h, fill } from './dom';
import { t } from './i18n';
import { api, errorText } from './api';
import { controlPreview } from './control';
import { navigate } from './nav';
import { organised, rememberOrganiser } from './organiser';
import { detailFields, noDetails } from './tourdetails';
import type { NewTournament } from './types';

/** The tournaments page. */
export function tournamentsPage(root: HTMLElement): void {
  const tr = t();
  const name = h('input#tour-name', { type: 'text', required: true, maxlength: 100, autocomplete: 'off' });
  const system = h('select#tour-system', {}, [
    h('option', { value: 'swiss' }, tr.tourSwiss),
    h('option', { value: 'round_robin' }, tr.tourRoundRobin),
  ]);
  const rounds = h('input#tour-rounds', { type: 'number', min: 1, max: 30, value: 5 });
  const double = h('input#tour-double', { type: 'checkbox' });
  const tc = h('input#tour-tc', { type: 'text', placeholder: '90+30', autocomplete: 'off', spellcheck: 'false' });
  // The control as the rules library reads it, in words, while it is typed.
  const preview = controlPreview(
    () => tc.value.trim() || null,
    () => '',
  );
  tc.addEventListener('input', preview.refresh);
  const noDraw = h('input#tour-no-draw', { type: 'number', min: 1, max: 200 });
  const online = h('input#tour-online', { type: 'checkbox' });
  const chess960 = h('input#tour-chess960', { type: 'checkbox' });
  // Rated only online (the server rates only the games it plays).
  const rated = h('input#tour-rated', { type: 'checkbox', disabled: true });
  const ratedRow = h('label.check', {}, [rated, h('span', {}, tr.tourRated)]);
  online.addEventListener('change', () => {
    rated.disabled = !online.checked;
    if (!online.checked) rated.checked = false;
  });
  const trf = h('input#tour-trf', { type: 'file', accept: '.trf,.txt,text/plain' });
  const roundsRow = h('label', {}, [h('span', {}, tr.tourRounds), rounds]);
  const doubleRow = h('label.check', { hidden: true }, [double, h('span', {}, tr.tourDouble)]);
  system.addEventListener('change', () => {
    const swiss = system.value === 'swiss';
    roundsRow.hidden = !swiss;
    doubleRow.hidden = swiss;
  });
  // Where and when, and who directs (each round's date is set on the
  // tournament's page, once the rounds are known).
  const details = detailFields(null);
  const detailsBox = h('details.tour-new-details', {}, [h('summary', {}, tr.tourDetails), h('p.hint', {}, tr.tourDetailsHint), ...details.fields]);
  const error = h('p.error', { role: 'alert' });
  const submit = h('button#tour-create', { class: 'primary', type: 'submit' }, tr.tourCreate);
  const form = h('form.tour-new', {}, [
    h('h2', {}, tr.tourNew),
    h('label', {}, [h('span', {}, tr.tourName), name]),
    h('label', {}, [h('span', {}, tr.tourSystem), system]),
    roundsRow,
    doubleRow,
    h('label', {}, [h('span', {}, tr.tourTimeControl), tc]),
    preview.el,
    h('label', {}, [h('span', {}, tr.tourNoDrawBefore), noDraw]),
    h('label.check', {}, [online, h('span', {}, tr.tourOnline)]),
    h('label.check', {}, [chess960, h('span', {}, tr.tourChess960)]),
    ratedRow,
    detailsBox,
    h('label', {}, [h('span', {}, tr.tourImport), trf]),
    submit,
    error,
  ]);
  // A file chosen: its name and rounds come from it unless given.
  trf.addEventListener('change', () => {
    name.required = !trf.files?.length;
  });
  form.addEventListener('submit', ev => {
    ev.preventDefault();
    void submitForm();
  });
  async function submitForm(): Promise<void> {
    const swiss = system.value === 'swiss';
    const file = trf.files?.[0];
    const text = file ? await file.text() : undefined;
    // The control typed in minutes, kept as PGN writes it (seconds), which
    // the tournament's TRF and PGN carry; PGN has no delays.
    let timeControl: string | undefined;
    if (tc.value.trim()) {
      try {
        const read = await api.readControl(tc.value.trim());
        if (read.clock.periods.some(p => p.delay > 0)) {
          error.textContent = tr.tourNoDelay;
          return;
        }
        timeControl = read.clock.pgn;
      } catch (e) {
        error.textContent = errorText(e);
        return;
      }
    }
    const req: NewTournament = {
      name: name.value,
      system: swiss ? 'swiss' : 'round_robin',
      // A file with its planned rounds (XXR) gives them.
      ...(swiss ? (text !== undefined && /^XXR /m.test(text) ? {} : { rounds: Number(rounds.value) }) : { double: double.checked }),
      ...(timeControl ? { time_control: timeControl } : {}),
      ...(noDraw.value ? { no_draw_before: Number(noDraw.value) } : {}),
      ...(online.checked ? { online: true } : {}),
      ...(chess960.checked ? { chess960: true } : {}),
      ...(rated.checked ? { rated: true } : {}),
      ...(text !== undefined ? { trf: text } : {}),
    };
    const given = details.read();
    if (!noDetails(given)) req.details = given;
    submit.disabled = true;
    api
      .newTournament(req)
      .then(created => {
        rememberOrganiser(created.id, created.organiser_token, req.name);
        navigate(`/tournament/${created.id}`);
      })
      .catch(e => {
        submit.disabled = false;
        error.textContent = errorText(e);
      });
  }
  const mine = organised();
  fill(root, [
    h('div.tournaments', {}, [
      h('h1', {}, tr.tourTitle),
      h('p', {}, tr.tourIntro),
      form,
      h('h2', {}, tr.tourMine),
      mine.length === 0
        ? h('p', {}, tr.tourNone)
        : h(
            'ul.tour-list',
            {},
            mine.map(m => h('li', {}, h('a', { href: `/tournament/${m.id}`, 'data-nav': '' }, m.name))),
          ),
    ]),
  ]);
}
