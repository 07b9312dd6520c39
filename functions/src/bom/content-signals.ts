/**
 * Content signals that tell the kinds of numbers in a parts list apart where the header names do not:
 * distributor numbers (Digi-Key, Mouser, LCSC), a project's own running item numbers (SP-2000, POS-001),
 * shop links, and distributor names in a "Vendor" column. Panel builders' lists mix all of these with the
 * manufacturer's type numbers, and a name alone ("Part No", "Vendor", "Typ") does not say which is which.
 */
import { normaliseHeader, tokens } from './text-normalise.js';

/**
 * Distributors, wholesalers and shops whose names appear as cell values in vendor columns (compared lower
 * case without spaces and punctuation). None of them is a manufacturer the catalogue matches by name.
 */
const DISTRIBUTOR_NAMES = new Set([
  'digikey',
  'mouser',
  'farnell',
  'newark',
  'rs',
  'rscomponents',
  'rsonline',
  'conrad',
  'reichelt',
  'lcsc',
  'jlcpcb',
  'tme',
  'arrow',
  'avnet',
  'futureelectronics',
  'buerklin',
  'burklin',
  'distrelec',
  'rutronik',
  'schukat',
  'pollin',
  'segor',
  'voelkner',
  'amazon',
  'aliexpress',
  'ebay',
  'mcmaster',
  'mcmastercarr',
  'misumi',
  'automationdirect',
  'allied',
  'alliedelectronics',
  'sonepar',
  'rexel',
  'zajadacz',
  'hagemeyer',
  'obeta',
  'fega',
]);
/** Long enough to be recognised inside a header or a longer cell ("Mouser (Bestellnr.)", "Mouser Electronics"). */
const LONG_DISTRIBUTOR_NAMES = [...DISTRIBUTOR_NAMES].filter((n) => n.length >= 6);
/** First three letters of every name: most cells are rejected by one Set lookup (the profile runs per cell). */
const NAME_STARTS = new Set([...DISTRIBUTOR_NAMES].map((n) => n.slice(0, 3)));

/** A cell naming a distributor or shop ("Digi-Key", "Mouser Electronics", "RS Components"). */
export function isDistributorName(cell: string): boolean {
  // no listed name has a digit: part numbers, counts and prices (most cells) leave here
  if (cell.length > 40 || /\d/.test(cell)) return false;
  // cheap compaction: accents are only stripped when there are any ("Bürklin" → "burklin")
  const lower = cell.toLowerCase();
  const plain = /[^ -~]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower;
  const c = plain.replace(/[^a-z0-9]/g, '');
  if (!c || !NAME_STARTS.has(c.slice(0, Math.min(3, c.length)))) return false;
  return DISTRIBUTOR_NAMES.has(c) || LONG_DISTRIBUTOR_NAMES.some((n) => c.startsWith(n));
}

const URL_TEXT = /(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:de|com|eu|at|ch|net|org|fr|it|nl|pl|co\.uk)\b/i;
/** Header words that make a distributor-named column something other than its numbers. */
const NOT_NUMBERS = new Set([
  'link',
  'links',
  'url',
  'website',
  'webseite',
  'datasheet',
  'datenblatt',
  'qty',
  'stock',
  'avail',
]);

/**
 * A header naming a distributor or shop ("Digikey", "Mouser (Bestellnr.)", "https://www.reichelt.de"): in a
 * builder's list such a column holds that shop's order numbers, unless the header says link, stock or the like
 * (prices are ruled out by the money rule of the mapping).
 */
export function headerNamesDistributor(header: string): boolean {
  const norm = normaliseHeader(header);
  const t = tokens(norm);
  if (t.some((x) => NOT_NUMBERS.has(x))) return false;
  if (URL_TEXT.test(header.trim())) return true;
  const joined = t.join('');
  return t.some((x) => DISTRIBUTOR_NAMES.has(x)) || LONG_DISTRIBUTOR_NAMES.some((n) => joined.includes(n));
}

/** Header words of a column naming the vendor (its right neighbour then holds the vendor's numbers). */
const VENDOR_WORDS = new Set([
  'vendor',
  'supplier',
  'distributor',
  'lieferant',
  'bezugsquelle',
  'haendler',
  'grosshaendler',
  'fournisseur',
  'fornitore',
  'proveedor',
  'distributore',
  'distribuidor',
  'provider',
]);
export function headerNamesVendor(header: string): boolean {
  const t = tokens(normaliseHeader(header));
  return t.length <= 2 && t.some((x) => VENDOR_WORDS.has(x));
}

export function isUrl(cell: string): boolean {
  return /^(?:https?:\/\/|www\.)\S+$/i.test(cell);
}

/**
 * Distributor number shapes: Digi-Key "296-1395-5-ND", Mouser "595-SN74HC595N" (2–3 digit manufacturer
 * prefix, a letter somewhere after the dash, so WAGO "750-400" is not one), LCSC "C6186".
 */
export function looksLikeDistributorNumber(cell: string): boolean {
  // no shape has spaces or fewer than 4 characters: most cells leave here
  if (cell.length < 4 || cell.length > 40 || cell.includes(' ')) return false;
  if (/-ND$/i.test(cell)) return true;
  if (/^\d{2,3}-(?=[A-Z0-9.\-/]*[A-Z])[A-Z0-9][A-Z0-9.\-/]*$/i.test(cell)) return true;
  return /^C\d{3,8}$/.test(cell);
}

const RUNNING_CODE = /^([A-Z]{2,6})[-_ .]?(\d{2,6})$/i;

/**
 * A project's own item numbers: the same letter prefix and a number of fixed width that rises row by row
 * (SP-2000, SP-2001 …; POS-001, POS-002 …). Manufacturer and distributor numbers do not run like that down a
 * list; a sorted run of one maker's types (DILM7, DILM9, DILM12) changes width and is not taken.
 */
export function isRunningCode(values: readonly string[]): boolean {
  const filled = values.map((v) => v.trim()).filter((v) => v.length > 0);
  if (filled.length < 3) return false;
  const groups = new Map<string, number[]>();
  let misses = 0;
  for (const v of filled) {
    const m = RUNNING_CODE.exec(v);
    if (!m) {
      // more than a fifth of other shapes: no running code (most columns leave after a few cells)
      if (++misses > 0.2 * filled.length) return false;
      continue;
    }
    // prefix and width together: "SP-2000" and "SP-20000" are different numbering schemes
    const key = `${m[1]!.toUpperCase()}:${m[2]!.length}`;
    const list = groups.get(key) ?? [];
    list.push(Number(m[2]));
    groups.set(key, list);
  }
  let best: number[] = [];
  for (const list of groups.values()) if (list.length > best.length) best = list;
  if (best.length < 0.8 * filled.length) return false;
  let rising = 0;
  for (let i = 1; i < best.length; i++) if (best[i]! > best[i - 1]! && best[i]! - best[i - 1]! <= 100) rising++;
  return rising >= 0.8 * (best.length - 1);
}

const POSITION_CELL = /^0*(\d{1,6})\.?$/;
/** Steps of position numbers: 1, 2, 3 …; 5, 10, 15 …; 10, 20, 30 …; 100, 200 … */
const POSITION_STEPS = new Set([1, 2, 5, 10, 20, 50, 100]);

/**
 * A column of position numbers: whole numbers (`1`, `2.`, `0010`) running up by one step (1, 5, 10, 100 …) row by
 * row from at most that step (or 10), where a list in sections may start again at its first number. Positions are
 * never part numbers, whatever the header says ("Nr.", "No.", "N°"). Quantities and counts do not run like that.
 */
export function isPositionRun(values: readonly string[]): boolean {
  const filled = values.map((v) => v.trim()).filter((v) => v.length > 0);
  if (filled.length < 3) return false;
  const numbers: number[] = [];
  for (const v of filled) {
    const m = POSITION_CELL.exec(v);
    if (!m) return false;
    numbers.push(Number(m[1]));
  }
  const steps = new Map<number, number>();
  for (let i = 1; i < numbers.length; i++) {
    const d = numbers[i]! - numbers[i - 1]!;
    if (d > 0) steps.set(d, (steps.get(d) ?? 0) + 1);
  }
  let step = 0;
  for (const [d, n] of steps) if (n > (steps.get(step) ?? 0)) step = d;
  if (!POSITION_STEPS.has(step) || numbers[0]! > Math.max(step, 10)) return false;
  let running = 0;
  let restarts = 0;
  for (let i = 1; i < numbers.length; i++) {
    if (numbers[i]! - numbers[i - 1]! === step) running++;
    else if (numbers[i] === numbers[0]) restarts++;
  }
  const pairs = numbers.length - 1;
  return running >= 0.7 * pairs && running + restarts >= 0.85 * pairs;
}

/**
 * Manufacturers whose names builders write into their lists (compared like distributor names: lower case, without
 * spaces and punctuation; longer cells match by their start, "Phoenix Contact GmbH & Co. KG"). The BOM area adds
 * the catalogue's manufacturer names and variants (`MappingOptions.knownNames`).
 */
const MAKER_NAMES = [
  'siemens',
  'phoenixcontact',
  'phoenix',
  'pxc',
  'rittal',
  'wago',
  'abb',
  'schneider',
  'schneiderelectric',
  'telemecanique',
  'weidmuller',
  'weidmueller',
  'eaton',
  'moeller',
  'finder',
  'lapp',
  'lappkabel',
  'legrand',
  'hager',
  'murr',
  'murrelektronik',
  'pilz',
  'sick',
  'festo',
  'beckhoff',
  'omron',
  'mitsubishi',
  'mitsubishielectric',
  'harting',
  'turck',
  'ifm',
  'balluff',
  'pepperlfuchs',
  'puls',
  'meanwell',
  'wieland',
  'wohner',
  'jumo',
  'krausnaimer',
  'allenbradley',
  'rockwell',
  'teconnectivity',
  'molex',
  'wurth',
  'wuerth',
  'hellermanntyton',
  'obo',
  'obobettermann',
  'eldon',
  'fibox',
  'spelsberg',
  'stego',
  'pfannenberg',
  'schmersal',
  'euchner',
  'helukabel',
  'igus',
  'contaclip',
  'dehn',
  'vishay',
  'yageo',
  'kemet',
  'murata',
  'bourns',
  'littelfuse',
  'texasinstruments',
  'stmicroelectronics',
  'microchip',
  'infineon',
  'analogdevices',
  'onsemi',
  'panasonic',
  'nxp',
  'rohm',
  '3m',
];

/** A cell or name compacted for comparison: lower case, accents stripped, only letters and digits. */
function compactName(text: string): string {
  const lower = text.toLowerCase();
  const plain = /[^ -~]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower;
  return plain.replace(/[^a-z0-9]/g, '');
}

/** The maker names a column profile compares cells with: the built-in list plus the caller's (catalogue) names. */
export interface MakerNames {
  exact: ReadonlySet<string>;
  /** names of ≥ 6 letters: a longer cell starting with one names that maker ("Siemens AG") */
  long: readonly string[];
  /** first three letters of every name: most cells leave after one Set lookup */
  starts: ReadonlySet<string>;
}

export function makerNames(extra: readonly string[] = []): MakerNames {
  const exact = new Set([...MAKER_NAMES, ...extra.map(compactName)].filter((n) => n.length >= 2));
  return {
    exact,
    long: [...exact].filter((n) => n.length >= 6),
    starts: new Set([...exact].map((n) => n.slice(0, 3))),
  };
}

export const BUILT_IN_MAKER_NAMES = makerNames();

/** A cell naming a manufacturer ("Siemens", "Phoenix Contact GmbH & Co. KG", "PXC"). */
export function isMakerName(cell: string, names: MakerNames): boolean {
  if (cell.length > 60 || /\d{2}/.test(cell)) return false;
  const c = compactName(cell);
  if (!c || !names.starts.has(c.slice(0, 3))) return false;
  return names.exact.has(c) || names.long.some((n) => c.startsWith(n));
}
