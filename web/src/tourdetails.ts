// A tournament's place, dates and arbiters, as Vega and Swiss-Manager ask
// for them: the line every reader sees under the name, and the organiser's
// fields (on the new tournament's form and, with each round's date and
// start, on the tournament's page). The server carries them into the TRF's
// header lines and each game's PGN.

import { h, labelled } from './dom';
import { lang, t } from './i18n';
import type { DetailsView, RoundStartView } from './types';

/** A date (`2026-03-14`) in the UI's language ("2026. március 14.", "14 March 2026"). */
export function dateText(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat(lang() === 'hu' ? 'hu-HU' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** When a round begins, in words; empty when not set. */
export function roundStartText(r: RoundStartView | null | undefined): string {
  if (!r) return '';
  return r.time ? `${dateText(r.date)}, ${r.time}` : dateText(r.date);
}

/** The line under the tournament's name: place, dates and arbiters (none
 * when nothing is set). */
export function detailsLine(d: DetailsView): HTMLElement | null {
  const tr = t();
  const parts: string[] = [];
  if (d.city) parts.push(d.federation ? `${d.city} (${d.federation})` : d.city);
  else if (d.federation) parts.push(d.federation);
  if (d.start) parts.push(d.end && d.end !== d.start ? `${dateText(d.start)} – ${dateText(d.end)}` : dateText(d.start));
  if (d.chief_arbiter) parts.push(`${tr.tourArbiter}: ${d.chief_arbiter}`);
  if (d.deputy_arbiters.length) parts.push(`${tr.tourDeputiesShort}: ${d.deputy_arbiters.join('; ')}`);
  return parts.length ? h('p.tour-details', {}, parts.join(' · ')) : null;
}

/** The details' fields, filled from `d`, and how to read them back. With
 * `rounds`, a date and a start time for each of that many rounds too. */
export function detailFields(d: DetailsView | null, rounds = 0): { fields: HTMLElement[]; read: () => DetailsView } {
  const tr = t();
  const text = (id: string, value: string, extra: Record<string, unknown> = {}) =>
    h(`input#${id}`, { type: 'text', value, autocomplete: 'off', ...extra }) as HTMLInputElement;
  const city = text('tour-city', d?.city ?? '', { maxlength: 100 });
  const fed = text('tour-federation', d?.federation ?? '', { maxlength: 3, size: 4, placeholder: 'HUN', autocapitalize: 'characters' });
  const start = h('input#tour-start', { type: 'date', value: d?.start ?? '' }) as HTMLInputElement;
  const end = h('input#tour-end', { type: 'date', value: d?.end ?? '' }) as HTMLInputElement;
  const arbiter = text('tour-arbiter', d?.chief_arbiter ?? '', { maxlength: 100 });
  const deputies = h('textarea#tour-deputies', { rows: 2 }, (d?.deputy_arbiters ?? []).join('\n')) as HTMLTextAreaElement;
  const fields: HTMLElement[] = [
    labelled(tr.tourCity, city),
    labelled(tr.tourFederationField, fed),
    labelled(tr.tourStart, start),
    labelled(tr.tourEnd, end),
    labelled(tr.tourArbiter, arbiter),
    labelled(tr.tourDeputies, deputies),
  ];
  const roundInputs: [HTMLInputElement, HTMLInputElement][] = [];
  if (rounds > 0) {
    const rows = Array.from({ length: rounds }, (_, i) => {
      const r = d?.rounds[i] ?? null;
      const date = h(`input#tour-round-date-${i + 1}`, { type: 'date', value: r?.date ?? '', 'aria-label': `${i + 1}. ${tr.tourRoundDate}` }) as HTMLInputElement;
      const time = h(`input#tour-round-time-${i + 1}`, { type: 'time', value: r?.time ?? '', 'aria-label': `${i + 1}. ${tr.tourRoundTime}` }) as HTMLInputElement;
      roundInputs.push([date, time]);
      return h('tr', {}, [h('th', { scope: 'row' }, String(i + 1)), h('td', {}, date), h('td', {}, time)]);
    });
    fields.push(
      h('fieldset.schedule', {}, [
        h('legend', {}, tr.tourSchedule),
        h('table.schedule', {}, [
          h('thead', {}, h('tr', {}, [tr.tourRound, tr.tourRoundDate, tr.tourRoundTime].map(x => h('th', { scope: 'col' }, x)))),
          h('tbody', {}, rows),
        ]),
      ]),
    );
  }
  const read = (): DetailsView => ({
    city: city.value.trim(),
    federation: fed.value.trim().toUpperCase(),
    start: start.value || null,
    end: end.value || null,
    chief_arbiter: arbiter.value.trim(),
    deputy_arbiters: deputies.value
      .split('\n')
      .map(x => x.trim())
      .filter(Boolean),
    rounds: roundInputs.map(([date, time]) => (date.value ? { date: date.value, time: time.value || null } : null)),
  });
  return { fields, read };
}

/** Whether nothing is set. */
export function noDetails(d: DetailsView): boolean {
  return !d.city && !d.federation && !d.start && !d.end && !d.chief_arbiter && d.deputy_arbiters.length === 0 && d.rounds.every(r => r === null);
}
