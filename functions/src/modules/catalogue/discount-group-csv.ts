import type { Response } from 'express';
import { ValidationError } from 'yup';
import { UTF8_BOM, csvLine, germanNumber } from '../../spreadsheet/csv-writer.js';
import { parseDecimal } from '../../bom/parse-number.js';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import { validationDetails } from '../../http/error-handler.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { CATALOGUE_ERRORS, type FieldValue } from '../../model/catalogue.js';
import { discountGroupSchema } from '../../model/catalogue-schemas.js';
import { isSpreadsheetError, readCsv, sniffContent } from '../../spreadsheet/index.js';
import { nameClaims } from './catalogue-names.js';
import type { FieldValueInput, FieldValuesService } from './field-values.service.js';

const E = errorsOf(CATALOGUE_ERRORS);

/**
 * discountGroups.csv (docs/decisions-catalogue.md "Discount-group CSV"): `;`, UTF-8 with byte-order mark, CRLF, every
 * cell quoted, German decimal comma. Variants joined by `|`; wholesaler discounts as `Name=Prozent` joined by `|`.
 */
const DISCOUNT_GROUP_CSV_HEADER = ['Name', 'Bezeichnungen', 'Hersteller', 'Rabatt', 'Großhändlerrabatte'];
const DISCOUNT_GROUP_CSV_FILE = 'discountGroups.csv';
/** Rows per import (more: 413); every row is validated before the first is written. */
const DISCOUNT_GROUP_IMPORT_MAX_ROWS = 2000;
const LIST_SEPARATOR = '|';
/** Rows written in parallel once all are valid (their names are distinct, checked before). */
const WRITE_CHUNK = 10;

const byName = (items: readonly FieldValue[]) => new Map(items.map((i) => [i.id, i.displayName]));

/** GET /discountgroup/export: every discount group, sorted by manufacturer and name. */
export async function exportDiscountGroups(res: Response, service: FieldValuesService): Promise<void> {
  const [groups, manufacturers, wholesalers] = await Promise.all([
    service.all('discountGroup', false),
    service.all('manufacturer', false),
    service.all('wholesaler', false),
  ]);
  const mName = byName(manufacturers);
  const wName = byName(wholesalers);
  const rows = groups
    .map((g) => [
      g.displayName,
      (g.nameVariants ?? []).join(LIST_SEPARATOR),
      mName.get(g.manufacturerId ?? '') ?? '',
      germanNumber(g.percent ?? 0),
      (g.wholesalerDiscounts ?? [])
        .map((d) => `${wName.get(d.wholesalerId) ?? ''}=${germanNumber(d.percent)}`)
        .join(LIST_SEPARATOR),
    ])
    .sort((a, b) => a[2]!.localeCompare(b[2]!, 'de') || a[0]!.localeCompare(b[0]!, 'de'));
  const text = UTF8_BOM + [DISCOUNT_GROUP_CSV_HEADER, ...rows].map(csvLine).join('\r\n') + '\r\n';
  res
    .status(200)
    .set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(DISCOUNT_GROUP_CSV_FILE),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    })
    .send(Buffer.from(text, 'utf8'));
}

/** What csv-writer's formula guard put in front of a cell (`'-K1`) comes off again. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell).trim();
const list = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);

async function readRows(bytes: Buffer): Promise<string[][]> {
  if (sniffContent(bytes) !== 'text') throw E.discountGroupImportFormat();
  const read = await readCsv(bytes, { delimiter: ';', maxRows: DISCOUNT_GROUP_IMPORT_MAX_ROWS + 2 }).catch(
    (error: unknown) => {
      if (isSpreadsheetError(error) && error.code === 'tooLarge') throw ApiError.payloadTooLarge();
      throw E.discountGroupImportFormat();
    },
  );
  const [header, ...rows] = read.rows.filter((r) => r.some((c) => c.trim() !== ''));
  const names = (header ?? []).map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
  if (names.join(';') !== DISCOUNT_GROUP_CSV_HEADER.join(';')) throw E.discountGroupImportFormat();
  if (rows.some((r) => r.length !== DISCOUNT_GROUP_CSV_HEADER.length)) throw E.discountGroupImportFormat();
  if (rows.length > DISCOUNT_GROUP_IMPORT_MAX_ROWS) throw ApiError.payloadTooLarge();
  return rows.map((r) => r.map(unguard));
}

type Row = FieldValueInput & { id?: string };

/**
 * POST /discountgroup/import: all or nothing for validation — every row is checked (the form's rules, manufacturer
 * and wholesalers known by name, no name twice in the file or taken by another group) and any bad row answers 400
 * with `rows[i].field` keys before anything is written; then each row is created or updated (by name per
 * manufacturer) in its own transaction through the form's save.
 */
export async function importDiscountGroups(bytes: Buffer | undefined, service: FieldValuesService) {
  if (!bytes) throw E.discountGroupImportFormat();
  const rows = await readRows(bytes);
  const [manufacturers, wholesalers] = await Promise.all([
    service.all('manufacturer', false),
    service.all('wholesaler', false),
  ]);
  const mId = new Map(manufacturers.map((m) => [m.displayName, m.id]));
  const wId = new Map(wholesalers.map((w) => [w.displayName, w.id]));
  const bad: Array<{ path: string; key: string }> = [];
  const parsed: Row[] = [];
  for (const [i, [name, variants, manufacturer, percent, discounts]] of rows.entries()) {
    const at = (path: string, key: string) => bad.push({ path: `rows[${i}].${path}`, key });
    const wholesalerDiscounts = list(discounts!).map((entry) => {
      const cut = entry.lastIndexOf('=');
      const id = wId.get(entry.slice(0, Math.max(cut, 0)).trim());
      if (cut < 0 || !id) at('wholesalerDiscounts', 'validation.id');
      return { wholesalerId: id ?? '', percent: parseDecimal(entry.slice(cut + 1)) ?? Number.NaN };
    });
    const manufacturerId = mId.get(manufacturer!);
    if (!manufacturerId) at('manufacturerId', 'validation.id');
    const input = {
      displayName: name,
      nameVariants: list(variants!),
      manufacturerId: manufacturerId ?? 'unbekannt',
      percent: percent === '' ? undefined : (parseDecimal(percent) ?? Number.NaN),
      wholesalerDiscounts,
    };
    try {
      parsed.push((await discountGroupSchema.validate(input, { abortEarly: false, stripUnknown: true })) as Row);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const d of validationDetails(error)) at(d.path, d.key);
      parsed.push(input as Row);
    }
  }
  if (!bad.length) await checkNames(parsed, service, bad);
  if (bad.length) throw ApiError.badRequest('validation', bad);
  let created = 0;
  for (let i = 0; i < parsed.length; i += WRITE_CHUNK)
    await Promise.all(
      parsed.slice(i, i + WRITE_CHUNK).map(async (row) => {
        await service.save('discountGroup', row, row.id ? 'update' : 'create');
        if (!row.id) created++;
      }),
    );
  return { created, updated: parsed.length - created };
}

/** Finds each row's group by name per manufacturer; refuses a name twice in the file or taken by another group. */
async function checkNames(rows: Row[], service: FieldValuesService, bad: Array<{ path: string; key: string }>) {
  const owners = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    const existing = await service.byName('discountGroup', row.displayName, row.manufacturerId);
    if (existing) row.id = existing.id;
    for (const claim of nameClaims('discountGroup', row)) {
      if (owners.has(claim)) bad.push({ path: `rows[${i}].displayName`, key: 'validation.oneOf' });
      owners.set(claim, i);
    }
  }
  for (const [i, row] of rows.entries())
    for (const name of row.nameVariants ?? []) {
      const owner = await service.byName('discountGroup', name, row.manufacturerId);
      if (owner && owner.id !== row.id && !rows.some((r) => r.id === owner.id))
        bad.push({ path: `rows[${i}].nameVariants`, key: 'validation.oneOf' });
    }
}
