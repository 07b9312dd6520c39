import type { ArticleMappableField } from '../../../model/bom/fields.js';
import { normalisePartNumberKey } from '../../../model/bom/part-number.js';
import { TaskFailure } from '../../../platform/tasks/task-kind.js';
import {
  catalogPrices,
  compare,
  divide,
  formatDec,
  isNegative,
  isZero,
  mul,
  normalise,
  ONE,
  parseDecimal,
  pow10,
  type Dec,
} from './decimals.js';
import type { SourceReader, SourceRecord, SourceRecordProblem } from './source-records.js';
import { XmlEncodingError, XmlScanner, XmlSyntaxError, type XmlAttrs, type XmlToken } from './xml-stream.js';

/**
 * BMEcat reader (2005, and 1.2 with its ARTICLE names) for the article import: one article record per
 * PRODUCT/ARTICLE of the transactions T_NEW_CATALOG, T_UPDATE_PRODUCTS, T_UPDATE_PRICES and T_NEW_PRODUCTDATA, in
 * file order. Streams: the tokenizer decodes the bytes slice by slice and only the current product's elements
 * are held as a tree (the HEADER's too); everything else is passed by depth counting. What is read and how it
 * maps: docs/decisions-imports.md, "BMEcat 2005".
 */

/** TaskFailure codes (the web's texts: `import.taskErrors.<code>`, falling back to "import failed"). */
export const BMECAT_FAILURES = {
  /** not XML, or XML whose root is not BMECAT */
  notBmecat: 'spreadsheet.error.formatMismatch',
  /** broken XML outside a product, a truncated file, an unsupported encoding */
  corrupt: 'spreadsheet.error.corrupt',
  /** a BMECAT without any transaction */
  empty: 'spreadsheet.error.empty',
} as const;

const TRANSACTIONS = new Set(['T_NEW_CATALOG', 'T_UPDATE_PRODUCTS', 'T_UPDATE_PRICES', 'T_NEW_PRODUCTDATA']);
const PRODUCT_NAMES = new Set(['PRODUCT', 'ARTICLE']);

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

// ---------------------------------------------------------------------------------------------------------
// The element tree of one product.

interface XNode {
  name: string;
  attrs: XmlAttrs | undefined;
  kids: (XNode | string)[];
}

const elements = (n: XNode | undefined, name: string): XNode[] =>
  n ? (n.kids.filter((k) => typeof k !== 'string' && k.name === name) as XNode[]) : [];
const element = (n: XNode | undefined, ...path: string[]): XNode | undefined => {
  let cur = n;
  for (const name of path) cur = elements(cur, name)[0];
  return cur;
};
const attr = (n: XNode, name: string): string | undefined => {
  if (!n.attrs) return undefined;
  if (n.attrs[name] !== undefined) return n.attrs[name];
  for (const [k, v] of Object.entries(n.attrs)) if (k.endsWith(`:${name}`)) return v;
  return undefined;
};

/** Block elements that end a line when HTML sits in a description as elements rather than as escaped text. */
const BLOCK = /^(?:br|p|div|li|ul|ol|tr|h[1-6])$/i;

function rawText(n: XNode): string {
  let s = '';
  for (const k of n.kids) {
    if (typeof k === 'string') s += k;
    else {
      const local = k.name.replace(/^\{[^}]*\}/, '');
      const inner = rawText(k);
      s += BLOCK.test(local) ? `\n${inner}\n` : inner;
    }
  }
  return s;
}

/** The element's text on one line: whitespace runs collapsed, trimmed; undefined when empty. */
const line = (n: XNode | undefined): string | undefined => {
  if (!n) return undefined;
  const s = rawText(n).replace(/\s+/g, ' ').trim();
  return s || undefined;
};

const HTML_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  euro: '€',
  deg: '°',
  sup2: '²',
  sup3: '³',
  micro: 'µ',
  plusmn: '±',
  times: '×',
  middot: '·',
  ndash: '–',
  mdash: '—',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
  sbquo: '‚',
  lsquo: '‘',
  rsquo: '’',
  hellip: '…',
  bull: '•',
  Oslash: 'Ø',
  oslash: 'ø',
  Omega: 'Ω',
  reg: '®',
  copy: '©',
  trade: '™',
  shy: '',
};

/** DESCRIPTION_LONG as plain text: HTML tags removed (block tags become single line breaks), HTML entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*(?:br|\/p|p|\/div|div|\/li|li|\/tr|\/h[1-6]|\/ul|\/ol)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,8});/g, (whole, ref: string) => {
      if (ref[0] !== '#') return HTML_ENTITIES[ref] ?? whole;
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t\r\f\v\u00A0]+/g, ' ')
    .replace(/ ?\n[\n ]*/g, '\n')
    .trim();
}

/** The article's description field holds at most this many characters (catalogue schema). */
export const DESCRIPTION_MAX = 2000;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------------------
// Namespaces: elements of the BMEcat namespace (the root's, any bmecat.org one, or none) are known by their local
// name; elements of other namespaces get `{uri}local`, so they never match a BMEcat name.

class Namespaces {
  private readonly scopes: Record<string, string>[] = [{ xml: 'http://www.w3.org/XML/1998/namespace' }];
  rootUri = '';

  push(attrs: XmlAttrs | undefined): void {
    const top = this.scopes[this.scopes.length - 1]!;
    let scope = top;
    if (attrs)
      for (const [k, v] of Object.entries(attrs)) {
        if (k === 'xmlns' || k.startsWith('xmlns:')) {
          if (scope === top) scope = { ...top };
          scope[k === 'xmlns' ? '' : k.slice(6)] = v;
        }
      }
    this.scopes.push(scope);
  }

  pop(): void {
    if (this.scopes.length > 1) this.scopes.pop();
  }

  get depth(): number {
    return this.scopes.length;
  }

  truncate(depth: number): void {
    this.scopes.length = Math.max(1, depth);
  }

  /** The name an element is known by (call after push, so its own declarations count). */
  key(qname: string): string {
    const colon = qname.indexOf(':');
    const prefix = colon < 0 ? '' : qname.slice(0, colon);
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    const uri = this.scopes[this.scopes.length - 1]![prefix];
    if (uri === undefined || uri === '' || uri === this.rootUri || /bmecat/i.test(uri)) return local;
    return `{${uri}}${local}`;
  }

  uri(qname: string): string {
    const colon = qname.indexOf(':');
    return this.scopes[this.scopes.length - 1]![colon < 0 ? '' : qname.slice(0, colon)] ?? '';
  }
}

// ---------------------------------------------------------------------------------------------------------
// Header

interface Header {
  currency?: string;
  mimeRoot?: string;
  /** the catalogue's languages, the default first */
  languages: string[];
}

function readHeader(node: XNode): Header {
  const catalog = element(node, 'CATALOG');
  const languages = elements(catalog, 'LANGUAGE')
    .sort((a, b) => Number(attr(b, 'default') === 'true') - Number(attr(a, 'default') === 'true'))
    .map((l) => line(l)?.toLowerCase())
    .filter((l): l is string => !!l);
  return {
    currency: line(element(catalog, 'CURRENCY'))?.toUpperCase(),
    mimeRoot: line(element(catalog, 'MIME_ROOT')),
    languages,
  };
}

const GERMAN = new Set(['deu', 'ger', 'de', 'de-de', 'de_de']);

/** The German variant of a repeated language element, else one without `lang`, else the catalogue default, else the first. */
function pick(nodes: XNode[], header: Header): XNode | undefined {
  if (nodes.length <= 1) return nodes[0];
  const lang = (n: XNode) => attr(n, 'lang')?.toLowerCase();
  return (
    nodes.find((n) => GERMAN.has(lang(n) ?? '')) ??
    nodes.find((n) => lang(n) === undefined) ??
    nodes.find((n) => lang(n) === header.languages[0]) ??
    nodes[0]
  );
}

// ---------------------------------------------------------------------------------------------------------
// Product mapping

type Values = Partial<Record<ArticleMappableField, string>>;

class ProductProblem extends Error {
  constructor(
    readonly column: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const LIST_TYPES = ['net_list', 'gros_list', 'nrp'] as const;
const PURCHASE_TYPES = ['net_customer', 'net_customer_exp'] as const;
type PriceType = (typeof LIST_TYPES)[number] | (typeof PURCHASE_TYPES)[number];
const MAPPED_PRICE_TYPES = new Set<string>([...LIST_TYPES, ...PURCHASE_TYPES]);

interface Price {
  type: PriceType;
  /** per PRICE_QUANTITY order units, net of tax, PRICE_FACTOR applied */
  amount: Dec;
  lowerBound: Dec;
  territoryOk: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

function validNow(details: XNode, now: string): boolean {
  let start: string | undefined;
  let end: string | undefined;
  for (const dt of elements(details, 'DATETIME')) {
    const date = line(element(dt, 'DATE'))?.slice(0, 10);
    if (attr(dt, 'type') === 'valid_start_date') start = date;
    if (attr(dt, 'type') === 'valid_end_date') end = date;
  }
  start ??= line(element(details, 'VALID_START_DATE'))?.slice(0, 10);
  end ??= line(element(details, 'VALID_END_DATE'))?.slice(0, 10);
  return (!start || start <= now) && (!end || end >= now);
}

function readPrices(product: XNode, header: Header, n: Names): Price[] {
  const all = elements(product, n.priceDetails);
  const current = all.filter((d) => validNow(d, today()));
  const details = current.length ? current : all;
  const prices: Price[] = [];
  let foreign: string | undefined;
  for (const d of details)
    for (const p of elements(d, n.price)) {
      const type = attr(p, 'price_type')?.trim().toLowerCase();
      if (!type || !MAPPED_PRICE_TYPES.has(type)) continue;
      const text = line(element(p, 'PRICE_AMOUNT'));
      const amount = parseDecimal(text);
      if (!amount || isNegative(amount))
        throw new ProductProblem(
          n.price,
          text ? `Preis „${text}“ (${type}) ist keine gültige Zahl.` : `Preis (${type}) ohne Betrag (PRICE_AMOUNT).`,
        );
      const currency = (line(element(p, 'PRICE_CURRENCY')) ?? header.currency ?? 'EUR').toUpperCase();
      if (currency !== 'EUR') {
        foreign = currency;
        continue;
      }
      let value = amount;
      const factorText = line(element(p, 'PRICE_FACTOR'));
      if (factorText !== undefined) {
        const factor = parseDecimal(factorText);
        if (!factor || isNegative(factor))
          throw new ProductProblem(n.price, `Preisfaktor „${factorText}“ (${type}) ist keine gültige Zahl.`);
        value = mul(value, factor);
      }
      if (type === 'gros_list') {
        // a gross list price counts only with its tax rate (a factor like 0.19; 19 is read as percent)
        let tax = parseDecimal(line(element(p, 'TAX')));
        if (!tax || isNegative(tax)) continue;
        if (compare(tax, ONE) > 0) tax = divide(tax, { int: 100n, scale: 0 }, 6);
        value = divide(value, normalise({ int: tax.int + pow10(tax.scale), scale: tax.scale }), 4);
      }
      const territories = elements(p, 'TERRITORY').map((t) => line(t)?.toUpperCase());
      prices.push({
        type: type as PriceType,
        amount: value,
        lowerBound: parseDecimal(line(element(p, 'LOWER_BOUND'))) ?? ONE,
        territoryOk: territories.length === 0 || territories.includes('DE'),
      });
    }
  if (!prices.length && foreign)
    throw new ProductProblem(n.price, `Kein Preis in EUR (nur ${foreign}); der Artikel wurde nicht übernommen.`);
  return prices;
}

/** The best price of the given types: type order, then a German (or no) territory, then lower bound 1 or the lowest. */
function best(prices: Price[], types: readonly PriceType[]): Price | undefined {
  let found: Price | undefined;
  const rank = (p: Price) => [types.indexOf(p.type), p.territoryOk ? 0 : 1, compare(p.lowerBound, ONE) === 0 ? 0 : 1];
  for (const p of prices) {
    if (!types.includes(p.type)) continue;
    if (!found) {
      found = p;
      continue;
    }
    const [a, b] = [rank(p), rank(found)];
    const c = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]! || compare(p.lowerBound, found.lowerBound);
    if (c < 0) found = p;
  }
  return found;
}

interface Names {
  details: string;
  features: string;
  orderDetails: string;
  priceDetails: string;
  price: string;
  supplierId: string;
  supplierAltId: string;
  manufacturerId: string;
}

const NAMES_2005: Names = {
  details: 'PRODUCT_DETAILS',
  features: 'PRODUCT_FEATURES',
  orderDetails: 'PRODUCT_ORDER_DETAILS',
  priceDetails: 'PRODUCT_PRICE_DETAILS',
  price: 'PRODUCT_PRICE',
  supplierId: 'SUPPLIER_PID',
  supplierAltId: 'SUPPLIER_ALT_PID',
  manufacturerId: 'MANUFACTURER_PID',
};
const NAMES_12: Names = {
  details: 'ARTICLE_DETAILS',
  features: 'ARTICLE_FEATURES',
  orderDetails: 'ARTICLE_ORDER_DETAILS',
  priceDetails: 'ARTICLE_PRICE_DETAILS',
  price: 'ARTICLE_PRICE',
  supplierId: 'SUPPLIER_AID',
  supplierAltId: 'SUPPLIER_ALT_AID',
  manufacturerId: 'MANUFACTURER_AID',
};

/** ECLASS 9.1 or 9.0 (their class codes are the same); 1 for 9.1, 2 for 9.0, 0 for anything else. */
function eclassRank(system: string | undefined): number {
  const m = /^e-?cl(?:a|@)ss[\s_-]*0?9[.,_]([01])\b/i.exec(system ?? '');
  return m ? (m[1] === '1' ? 1 : 2) : 0;
}

/** Maps one PRODUCT/ARTICLE to article values; throws ProductProblem for a product the import must skip. */
function mapProduct(product: XNode, header: Header, transaction: string): Values {
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

/**
 * The catalogue's price rule (decimals.ts `catalogPrices`): prices as the file states them, per PRICE_QUANTITY, which
 * becomes priceUnitSize. In T_UPDATE_PRICES without PRICE_QUANTITY the prices are per the article's stored price unit,
 * which must not move.
 */
function applyPrices(
  v: Values,
  list: Dec | undefined,
  purchase: Dec | undefined,
  quantity: Dec | undefined,
  transaction: string,
  column: string,
): void {
  const prices = catalogPrices({ list, purchase }, quantity, !quantity && transaction === 'T_UPDATE_PRICES');
  if (!prices)
    throw new ProductProblem(
      column,
      'Preis mit mehr als zwei Nachkommastellen ohne Preismenge (PRICE_QUANTITY); in T_UPDATE_PRICES ist die Preiseinheit des Artikels unbekannt.',
    );
  Object.assign(v, prices);
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

// ---------------------------------------------------------------------------------------------------------
// The reader

const fail = (code: string, message: string) => new TaskFailure(code, message);

type Collected = { node: XNode } | { problem: string; next?: Extract<XmlToken, { t: 'start' }> };

/**
 * Collects the subtree of `start` (already pushed on `ns`). Inside a product a syntax error skips to the
 * product's end tag and answers a problem; elsewhere (`recover` false) it throws.
 */
function collect(
  scanner: XmlScanner,
  ns: Namespaces,
  start: Extract<XmlToken, { t: 'start' }>,
  recover: boolean,
): Collected {
  const baseDepth = ns.depth - 1;
  const root: XNode = { name: ns.key(start.name), attrs: start.attrs, kids: [] };
  if (start.selfClosing) {
    ns.pop();
    return { node: root };
  }
  const path: XNode[] = [root];
  const qnames: string[] = [start.name];
  const broken = (reason: string): Collected => {
    if (!recover) throw fail(BMECAT_FAILURES.corrupt, `BMEcat: ${reason}`);
    ns.truncate(baseDepth);
    if (!scanner.skipToEndTag(start.name))
      throw fail(BMECAT_FAILURES.corrupt, `BMEcat: ${reason}; the file ends inside <${start.name}>`);
    return { problem: reason };
  };
  for (;;) {
    let tok: XmlToken | undefined;
    try {
      tok = scanner.next();
    } catch (error) {
      if (error instanceof XmlSyntaxError) return broken(error.message);
      throw error;
    }
    if (!tok) throw fail(BMECAT_FAILURES.corrupt, `BMEcat: the file ends inside <${start.name}>`);
    const top = path[path.length - 1]!;
    if (tok.t === 'text') {
      if (tok.text) top.kids.push(tok.text);
      continue;
    }
    if (tok.t === 'start') {
      ns.push(tok.attrs);
      const key = ns.key(tok.name);
      if (recover && PRODUCT_NAMES.has(key)) {
        // the previous product lacks its end tag: report it and go on with this one
        ns.pop();
        ns.truncate(baseDepth);
        return { problem: `End-Tag </${start.name}> fehlt`, next: tok };
      }
      const node: XNode = { name: key, attrs: tok.attrs, kids: [] };
      top.kids.push(node);
      if (tok.selfClosing) ns.pop();
      else {
        path.push(node);
        qnames.push(tok.name);
      }
      continue;
    }
    if (tok.name === qnames[qnames.length - 1]) {
      path.pop();
      qnames.pop();
      ns.pop();
      if (!path.length) return { node: root };
      continue;
    }
    if (recover && tok.name === start.name) {
      ns.truncate(baseDepth);
      return { problem: `End-Tag </${qnames[qnames.length - 1]}> fehlt` };
    }
    return broken(`End-Tag </${tok.name}> passt nicht zu <${qnames[qnames.length - 1]}>`);
  }
}

async function* read(bytes: Buffer, fileName: string): AsyncGenerator<SourceRecord | SourceRecordProblem> {
  let scanner: XmlScanner;
  try {
    scanner = new XmlScanner(bytes);
  } catch (error) {
    if (error instanceof XmlEncodingError)
      throw fail(BMECAT_FAILURES.corrupt, `${fileName}: encoding ${error.label} is not supported`);
    throw error;
  }
  const ns = new Namespaces();
  /** raw names of the open elements outside products */
  const open: string[] = [];
  let header: Header = { languages: [] };
  let transaction: string | undefined;
  let sawTransaction = false;
  let ordinal = 0;
  let pending: Extract<XmlToken, { t: 'start' }> | undefined;
  let rootSeen = false;

  for (;;) {
    let tok: XmlToken | undefined = pending;
    pending = undefined;
    if (!tok) {
      try {
        tok = scanner.next();
      } catch (error) {
        if (!(error instanceof XmlSyntaxError)) throw error;
        throw open.length
          ? fail(BMECAT_FAILURES.corrupt, `${fileName}: ${error.message}`)
          : fail(BMECAT_FAILURES.notBmecat, `${fileName} is not a BMEcat file (${error.message})`);
      }
    }
    if (!tok) break;
    if (tok.t === 'text') {
      if (!rootSeen && tok.text.trim())
        throw fail(BMECAT_FAILURES.notBmecat, `${fileName} is not a BMEcat file (text before the root element)`);
      continue;
    }
    if (tok.t === 'end') {
      if (!rootSeen)
        throw fail(BMECAT_FAILURES.notBmecat, `${fileName} is not a BMEcat file (end tag before the root)`);
      if (tok.name !== open[open.length - 1])
        throw fail(BMECAT_FAILURES.corrupt, `${fileName}: end tag </${tok.name}> does not match <${open.at(-1)}>`);
      open.pop();
      ns.pop();
      if (open.length === 1) transaction = undefined;
      if (!open.length) break;
      continue;
    }
    ns.push(tok.attrs);
    if (!open.length) {
      // the root's namespace (whatever it is) is the BMEcat namespace of this file
      if (tok.name.slice(tok.name.indexOf(':') + 1) !== 'BMECAT')
        throw fail(BMECAT_FAILURES.notBmecat, `${fileName} is not a BMEcat file (root <${tok.name}>)`);
      ns.rootUri = ns.uri(tok.name);
      rootSeen = true;
    }
    const key = ns.key(tok.name);
    if (open.length === 1 && key === 'HEADER') {
      const h = collect(scanner, ns, tok, false);
      if ('node' in h) header = readHeader(h.node);
      continue;
    }
    if (open.length === 2 && transaction && PRODUCT_NAMES.has(key)) {
      ordinal++;
      const c = collect(scanner, ns, tok, true);
      if ('problem' in c) {
        pending = c.next;
        yield {
          kind: 'problem',
          rowNumber: ordinal,
          column: key,
          reason: `Der Artikel ist kein gültiges XML (${c.problem}) und wurde übersprungen.`,
        };
        continue;
      }
      try {
        const values = mapProduct(c.node, header, transaction);
        yield {
          kind: 'article',
          rowNumber: ordinal,
          values,
          // a price update names no description: it must not create an article
          ...(transaction === 'T_UPDATE_PRICES' ? { updateOnly: true } : {}),
        };
      } catch (error) {
        if (!(error instanceof ProductProblem)) throw error;
        yield { kind: 'problem', rowNumber: ordinal, column: error.column, reason: error.reason };
      }
      continue;
    }
    if (open.length === 1 && TRANSACTIONS.has(key)) {
      transaction = key;
      sawTransaction = true;
    }
    if (tok.selfClosing) ns.pop();
    else open.push(tok.name);
  }
  if (!rootSeen) throw fail(BMECAT_FAILURES.notBmecat, `${fileName} is not a BMEcat file (no root element)`);
  if (open.length) throw fail(BMECAT_FAILURES.corrupt, `${fileName}: the file ends inside <${open.at(-1)}>`);
  if (!sawTransaction) throw fail(BMECAT_FAILURES.empty, `${fileName}: the BMEcat file holds no transaction`);
}

/**
 * A cheap content check for an upload (before a task reads the file): true when the first element is BMECAT.
 * Reads only up to that element.
 */
export function looksLikeBmecat(bytes: Buffer): boolean {
  try {
    const scanner = new XmlScanner(bytes);
    for (let tok = scanner.next(); tok; tok = scanner.next()) {
      if (tok.t === 'text' && !tok.text.trim()) continue;
      return tok.t === 'start' && tok.name.slice(tok.name.indexOf(':') + 1) === 'BMECAT';
    }
  } catch (error) {
    if (error instanceof XmlSyntaxError || error instanceof XmlEncodingError) return false;
    throw error;
  }
  return false;
}

/** BMEcat 2005 (and 1.2) catalogue files: see the module comment. */
export const readBmecat: SourceReader = (bytes, fileName) => read(bytes, fileName);
