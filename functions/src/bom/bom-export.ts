import type { BomLine } from '../model/bom/bom-line.js';
import { BOM_I18N_KEYS } from '../model/bom/i18n-keys.js';
import { roundTo2 } from '../model/bom/price.js';
import { writeCsv, type CsvCell } from '../spreadsheet/csv-writer.js';

/** Column keys of the generated files (spec section 9), in file order. */
const SUPPLIER_COLUMNS = [
  BOM_I18N_KEYS.exportErpNumber,
  BOM_I18N_KEYS.exportQuantity,
  BOM_I18N_KEYS.exportDescription,
  BOM_I18N_KEYS.exportUnit,
  BOM_I18N_KEYS.exportPurchasePricePerPiece,
  BOM_I18N_KEYS.exportManufacturerNumber,
  BOM_I18N_KEYS.exportManufacturer,
  BOM_I18N_KEYS.exportDiscountGroup,
  BOM_I18N_KEYS.exportListPricePerPiece,
] as const;

const CUSTOMER_COLUMNS = [
  BOM_I18N_KEYS.exportManufacturerNumber,
  BOM_I18N_KEYS.exportOrderNumber,
  BOM_I18N_KEYS.exportQuantity,
  BOM_I18N_KEYS.exportUnit,
] as const;

/**
 * German column titles written into the files. Files leave the web app, so the server renders them;
 * the keys above let the web show the same titles translated.
 */
const BOM_EXPORT_HEADERS_DE: Record<string, string> = {
  [BOM_I18N_KEYS.exportErpNumber]: 'ERP-Nummer',
  [BOM_I18N_KEYS.exportQuantity]: 'Menge',
  [BOM_I18N_KEYS.exportDescription]: 'Beschreibung',
  [BOM_I18N_KEYS.exportUnit]: 'Einheit',
  [BOM_I18N_KEYS.exportPurchasePricePerPiece]: 'Einkaufspreis pro Stück',
  [BOM_I18N_KEYS.exportManufacturerNumber]: 'Herstellernummer',
  [BOM_I18N_KEYS.exportManufacturer]: 'Hersteller',
  [BOM_I18N_KEYS.exportDiscountGroup]: 'Rabattgruppe',
  [BOM_I18N_KEYS.exportListPricePerPiece]: 'Listenpreis pro Stück',
  [BOM_I18N_KEYS.exportOrderNumber]: 'Bestellnummer',
};

export type HeaderTranslator = (key: string) => string;
const german: HeaderTranslator = (k) => BOM_EXPORT_HEADERS_DE[k] ?? k;

const perPiece = (price: number | undefined, unitSize: number | undefined): CsvCell =>
  price == null ? undefined : { number: roundTo2(price / (unitSize && unitSize > 0 ? unitSize : 1)), decimals: 2 };

/** "order number - description - manufacturer", skipping missing parts. */
function supplierDescription(l: BomLine): string {
  const a = l.matchedArticle;
  return [a?.orderNumber ?? l.orderNumber, a?.description ?? l.description, a?.manufacturerName ?? l.manufacturerName]
    .filter((p) => p && p.trim())
    .join(' - ');
}

function discountGroup(l: BomLine): string | undefined {
  const a = l.matchedArticle;
  if (!a?.discountGroupName) return undefined;
  return a.discountPercent == null
    ? a.discountGroupName
    : `${a.discountGroupName} (${String(a.discountPercent).replace('.', ',')} %)`;
}

function supplierRow(l: BomLine): CsvCell[] {
  const a = l.matchedArticle;
  return [
    a?.erpNumber,
    l.quantity,
    supplierDescription(l),
    l.quantityUnitName ?? a?.unitName,
    perPiece(a?.purchasePrice, a?.priceUnitSize),
    a?.manufacturerNumber ?? l.manufacturerNumber,
    a?.manufacturerName ?? l.manufacturerName,
    discountGroup(l),
    perPiece(a?.listPrice, a?.priceUnitSize),
  ];
}

export interface SupplierBomFiles {
  /** lines to be procured */
  main: Uint8Array;
  /** supplied parts (provided by the customer), as a separate file */
  suppliedParts: Uint8Array;
}

/** Supplier format: two files, supplied parts separated from the rest. */
export function generateSupplierBom(lines: readonly BomLine[], t: HeaderTranslator = german): SupplierBomFiles {
  const header = SUPPLIER_COLUMNS.map(t);
  return {
    main: writeCsv(header, lines.filter((l) => !l.isSuppliedPart).map(supplierRow)),
    suppliedParts: writeCsv(header, lines.filter((l) => l.isSuppliedPart).map(supplierRow)),
  };
}

/** Customer format: manufacturer number, order number, quantity, unit. */
export function generateCustomerBom(lines: readonly BomLine[], t: HeaderTranslator = german): Uint8Array {
  return writeCsv(
    CUSTOMER_COLUMNS.map(t),
    lines.map((l) => [
      l.matchedArticle?.manufacturerNumber ?? l.manufacturerNumber,
      l.matchedArticle?.orderNumber ?? l.orderNumber,
      l.quantity,
      l.quantityUnitName ?? l.matchedArticle?.unitName,
    ]),
  );
}
