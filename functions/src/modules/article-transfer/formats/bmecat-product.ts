import type { ArticleMappableField } from '../../../model/bom/fields.js';
import { normalisePartNumberKey } from '../../../model/bom/part-number.js';
import { formatDec, isNegative, isZero, parseDecimal } from './decimals.js';
import { NAMES_12, NAMES_2005, pick, ProductProblem, type Header, type Values } from './bmecat-catalog.js';
import { applyPrices, best, LIST_TYPES, PURCHASE_TYPES, readPrices } from './bmecat-prices.js';
import { clip, DESCRIPTION_MAX, htmlToText } from './bmecat-text.js';
import { attr, element, elements, line, rawText, type XNode } from './bmecat-xml.js';

/** One PRODUCT/ARTICLE element tree as article values: docs/decisions-imports.md, "BMEcat 2005". */

/**
 * UN/ECE Recommendation 20 codes (and the BMEcat 1.2 / DATANORM-style abbreviations seen in practice) as the German
 * unit names the catalogue's unit list uses; the import resolves names and variants, unknown codes pass unchanged.
 */
export const BMECAT_UNIT_NAMES: Record<string, string> = {
  C62: 'Stück',
  H87: 'Stück',
  PCE: 'Stück',
  PCS: 'Stück',
  EA: 'Stück',
  ST: 'Stück',
  STK: 'Stück',
  MTR: 'Meter',
  MMT: 'Millimeter',
  CMT: 'Zentimeter',
  KMT: 'Kilometer',
  MTK: 'Quadratmeter',
  MTQ: 'Kubikmeter',
  KGM: 'Kilogramm',
  GRM: 'Gramm',
  TNE: 'Tonne',
  LTR: 'Liter',
  PK: 'Packung',
  PA: 'Packung',
  PAK: 'Packung',
  SET: 'Satz',
  PR: 'Paar',
  RO: 'Rolle',
  RL: 'Rolle',
  CT: 'Karton',
  BX: 'Kiste',
  BG: 'Beutel',
  DR: 'Trommel',
  PF: 'Palette',
  HUR: 'Stunde',
  DAY: 'Tag',
};

/** ECLASS 9.1 or 9.0 (their class codes are the same); 1 for 9.1, 2 for 9.0, 0 for anything else. */
function eclassRank(system: string | undefined): number {
  const m = /^e-?cl(?:a|@)ss[\s_-]*0?9[.,_]([01])\b/i.exec(system ?? '');
  return m ? (m[1] === '1' ? 1 : 2) : 0;
}

/** Maps one PRODUCT/ARTICLE to article values; throws ProductProblem for a product the import must skip. */
export function mapProduct(product: XNode, header: Header, transaction: string): Values {
  const n = product.name === 'ARTICLE' ? NAMES_12 : NAMES_2005;
  const mode = attr(product, 'mode')?.trim().toLowerCase();
  if (mode === 'delete')
    throw new ProductProblem(
      product.name,
      'Der Artikel ist in der Datei zum Löschen markiert (mode="delete"); der Import löscht keine Artikel.',
    );
  const v: Values = {};
  const orderNumber = line(element(product, n.supplierId)) ?? line(element(product, NAMES_2005.supplierId));
  if (!orderNumber) throw new ProductProblem(n.supplierId, `Die Lieferantenartikelnummer (${n.supplierId}) fehlt.`);
  v.orderNumber = orderNumber;

  const details = element(product, n.details);
  const set = (field: ArticleMappableField, value: string | undefined) => {
    if (value) v[field] = value;
  };
  set('manufacturerNumber', line(element(details, n.manufacturerId)) ?? line(element(details, 'MANUFACTURER_PID')));
  set('manufacturerName', line(element(details, 'MANUFACTURER_NAME')));
  set('description', description(details, header));
  set('eanNumber', ean(details));
  set('erpNumber', line(element(details, n.details === 'ARTICLE_DETAILS' ? 'BUYER_AID' : 'BUYER_PID')));
  const alt = line(element(details, n.supplierAltId));
  if (alt && normalisePartNumberKey(alt) !== normalisePartNumberKey(orderNumber)) v.possibleOrderNumbers = alt;
  set('deliveryTime', numberText(line(element(details, 'DELIVERY_TIME'))));

  // classification: ECLASS 9.1 (or 9.0) of the feature blocks; other systems (ETIM, older ECLASS) are not kept
  let eclass: { rank: number; id: string } | undefined;
  for (const f of elements(product, n.features)) {
    const rank = eclassRank(line(element(f, 'REFERENCE_FEATURE_SYSTEM_NAME')));
    const id = line(element(f, 'REFERENCE_FEATURE_GROUP_ID'))?.replace(/^(\d{2})-(\d{2})-(\d{2})-(\d{2})$/, '$1$2$3$4');
    if (rank && id && (!eclass || rank < eclass.rank)) eclass = { rank, id };
  }
  if (eclass) v.eclass9_1Id = eclass.id;

  const order = element(product, n.orderDetails);
  const unit = line(element(order, 'ORDER_UNIT'));
  if (unit) v.unitId = BMECAT_UNIT_NAMES[unit.toUpperCase()] ?? unit;
  set('packagingUnitSize', numberText(line(element(order, 'NO_CU_PER_OU'))));
  set('minimumOrderQuantityUnitSize', numberText(line(element(order, 'QUANTITY_MIN'))));
  set('orderQuantityUnitSize', numberText(line(element(order, 'QUANTITY_INTERVAL'))));
  const quantityText = line(element(order, 'PRICE_QUANTITY'));
  const priceQuantity = parseDecimal(quantityText);
  if (quantityText !== undefined && (!priceQuantity || isNegative(priceQuantity) || isZero(priceQuantity)))
    throw new ProductProblem('PRICE_QUANTITY', `Preismenge „${quantityText}“ ist keine gültige Zahl.`);

  const prices = readPrices(product, header, n);
  const list = best(prices, LIST_TYPES);
  const purchase = best(prices, PURCHASE_TYPES);
  applyPrices(v, list?.amount, purchase?.amount, priceQuantity, transaction, n.price);

  const logistic = element(product, 'PRODUCT_LOGISTIC_DETAILS');
  set('customsTarifNumber', line(element(logistic, 'CUSTOMS_TARIFF_NUMBER', 'CUSTOMS_NUMBER')));
  set('countryOfOriginAbbreviation', line(element(logistic, 'COUNTRY_OF_ORIGIN'))?.toUpperCase());
  set('image', image(product, header));
  set(
    'discountGroupId',
    line(
      element(product, 'USER_DEFINED_EXTENSIONS', 'UDX.EDXF.DISCOUNT_GROUP', 'UDX.EDXF.DISCOUNT_GROUP_MANUFACTURER'),
    ),
  );
  return v;
}

/** A count or a number of days as a canonical decimal string; text that is no number passes for the import to report. */
function numberText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const d = parseDecimal(text);
  return d ? formatDec(d) : text;
}

function description(details: XNode | undefined, header: Header): string | undefined {
  const short = line(pick(elements(details, 'DESCRIPTION_SHORT'), header));
  const longNode = pick(elements(details, 'DESCRIPTION_LONG'), header);
  const long = longNode ? htmlToText(rawText(longNode)) || undefined : undefined;
  if (!short && !long) return undefined;
  let text: string;
  if (!long || (short && long.replace(/\s+/g, ' ') === short)) text = short!;
  else if (!short || long.startsWith(short)) text = long;
  else text = `${short}\n\n${long}`;
  return clip(text, DESCRIPTION_MAX);
}

const GTIN = /^\d{8}$|^\d{12,14}$/;

function ean(details: XNode | undefined): string | undefined {
  const ids = elements(details, 'INTERNATIONAL_PID').map((p) => ({
    type: attr(p, 'type')?.trim().toLowerCase(),
    value: line(p)?.replace(/\s/g, ''),
  }));
  const typed = ids.find((i) => (i.type === 'gtin' || i.type === 'ean') && i.value && GTIN.test(i.value));
  const untyped = ids.find((i) => i.type === undefined && i.value && GTIN.test(i.value));
  const plain = line(element(details, 'EAN'))?.replace(/\s/g, '');
  return typed?.value ?? untyped?.value ?? (plain && GTIN.test(plain) ? plain : undefined);
}

const PURPOSE_ORDER = ['normal', 'detail', 'others', 'thumbnail', 'logo'];
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|svg|tiff?|bmp)(?:[?#].*)?$/i;
const HTTP = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The product's first picture as an http(s) address (MIME_SOURCE, or MIME_ROOT + MIME_SOURCE); local file names are not kept. */
function image(product: XNode, header: Header): string | undefined {
  const candidates = elements(element(product, 'MIME_INFO'), 'MIME')
    .map((m, i) => {
      const type = line(element(m, 'MIME_TYPE'))?.toLowerCase();
      const source = line(element(m, 'MIME_SOURCE'));
      const purpose = line(element(m, 'MIME_PURPOSE'))?.toLowerCase() ?? 'normal';
      const order = Number(line(element(m, 'MIME_ORDER')) ?? Number.MAX_SAFE_INTEGER);
      return { type, source, purpose, order, i };
    })
    .filter((c) => c.source && (c.type ? c.type.startsWith('image/') : IMAGE_FILE.test(c.source)))
    .sort(
      (a, b) =>
        rankOf(a.purpose) - rankOf(b.purpose) ||
        (Number.isFinite(a.order) ? a.order : 0) - (Number.isFinite(b.order) ? b.order : 0) ||
        a.i - b.i,
    );
  for (const c of candidates) {
    let url = c.source!;
    if (!HTTP.test(url) && header.mimeRoot && HTTP.test(header.mimeRoot))
      url = `${header.mimeRoot.replace(/\/+$/, '')}/${url.replace(/^\.?\/+/, '')}`;
    if (HTTP.test(url) && url.length <= 500) return url;
  }
  return undefined;
}
const rankOf = (purpose: string) => {
  const i = PURPOSE_ORDER.indexOf(purpose);
  return i < 0 ? PURPOSE_ORDER.length : i;
};
