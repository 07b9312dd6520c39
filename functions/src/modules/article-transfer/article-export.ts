import { csvLine, UTF8_BOM, type CsvCell } from '../../spreadsheet/csv-writer.js';
import { matchesEclassTypes, type ArticleExportFilter } from '../../model/article-transfer.js';
import type { Article } from '../../model/catalogue.js';

/** The export's columns: the article's field names (so an export maps back onto the import without changes). */
const COLUMNS: Array<[string, (a: Article) => CsvCell]> = [
  ['orderNumber', (a) => a.orderNumber],
  ['manufacturerNumber', (a) => a.manufacturerNumber],
  ['manufacturerName', (a) => a.manufacturerName],
  ['description', (a) => a.description],
  ['erpNumber', (a) => a.erpNumber],
  ['eanNumber', (a) => a.eanNumber],
  ['listPrice', (a) => a.listPrice],
  ['purchasePrice', (a) => a.purchasePrice],
  ['priceUnitSize', (a) => a.priceUnitSize],
  ['packagingUnitSize', (a) => a.packagingUnitSize],
  ['width', (a) => a.width],
  ['height', (a) => a.height],
  ['depth', (a) => a.depth],
  ['weight', (a) => a.weight],
  ['customsTarifNumber', (a) => a.customsTarifNumber],
  ['countryOfOriginAbbreviation', (a) => a.countryOfOriginAbbreviation],
  ['eclass9_1Id', (a) => a.eclass9_1Id],
  ['possibleOrderNumbers', (a) => a.possibleOrderNumbers.join('|')],
  ['possibleManufacturerNumbers', (a) => a.possibleManufacturerNumbers.join('|')],
  ['articleImportSource', (a) => a.articleImportSource],
];

export const EXPORT_HEADER = UTF8_BOM + csvLine(COLUMNS.map(([h]) => h)) + '\r\n';

/** The filter's source, type and price rules (the manufacturers are the query's). */
export function matchesExportFilter(a: Article, f: ArticleExportFilter): boolean {
  if (f.importSources.length && !f.importSources.includes(a.articleImportSource)) return false;
  if (!matchesEclassTypes(a.eclass9_1Id, f.types ?? [])) return false;
  const { from, to } = f.priceRange;
  if (from !== undefined || to !== undefined) {
    if (a.listPrice === undefined) return false;
    if (from !== undefined && a.listPrice < from) return false;
    if (to !== undefined && a.listPrice > to) return false;
  }
  return true;
}

/** CSV lines (CRLF-ended) of the articles that pass the filter: ';', every cell quoted, formulas neutralised. */
export function exportLines(articles: readonly Article[], f: ArticleExportFilter): string {
  return articles
    .filter((a) => matchesExportFilter(a, f))
    .map((a) => csvLine(COLUMNS.map(([, value]) => value(a))) + '\r\n')
    .join('');
}

/** `Artikelexport-2026-11-27-0130.csv` (UTC; an id suffix keeps task exports of one minute apart). */
export function exportFileName(now: Date, suffix?: string): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `Artikelexport-${stamp}${suffix ? `-${suffix}` : ''}.csv`;
}
