const dateTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
const eur = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

function toDate(value: Date | string | number | undefined | null): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** dd.MM.yyyy HH:mm (German); empty string for no date. */
export function formatDateTime(value: Date | string | number | undefined | null): string {
  const d = toDate(value);
  return d ? dateTime.format(d).replace(',', '') : '';
}

/** dd.MM.yyyy (German); empty string for no date. */
export function formatDate(value: Date | string | number | undefined | null): string {
  const d = toDate(value);
  return d ? dateOnly.format(d) : '';
}

/** EUR in German number format, e.g. "1.234,50 €". */
export function formatEur(value: number | undefined | null): string {
  return value === undefined || value === null || Number.isNaN(value) ? '' : eur.format(value);
}

const decimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/** A number in German format (e.g. "1.234,5"); empty for none. */
export function formatNumber(value: number | undefined | null): string {
  return value === undefined || value === null || Number.isNaN(value) ? '' : decimal.format(value);
}

/** A calendar day of the model (`YYYY-MM-DD`, e.g. `desiredDeliveryDate`) as TT.MM.JJJJ; empty for none. */
export function formatDay(value: string | undefined | null): string {
  return value ? formatDate(new Date(`${value}T00:00:00`)) : '';
}
