import { compareCodePoints, comparePathCodePoints } from '../shared/code-point-order.js';
import { invalid } from './errors.js';

/** Firestore Value in the protobuf object form produced by proto-loader (camelCase, longs as strings). */
export interface Value {
  nullValue?: unknown;
  booleanValue?: boolean;
  integerValue?: string | number;
  doubleValue?: number;
  timestampValue?: { seconds?: string | number; nanos?: number };
  stringValue?: string;
  bytesValue?: Uint8Array;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: Value[] };
  mapValue?: { fields?: Fields };
  valueType?: string;
}
export type Fields = Record<string, Value>;

export type Kind =
  | 'nullValue'
  | 'booleanValue'
  | 'integerValue'
  | 'doubleValue'
  | 'timestampValue'
  | 'stringValue'
  | 'bytesValue'
  | 'referenceValue'
  | 'geoPointValue'
  | 'arrayValue'
  | 'mapValue';

const KINDS: Kind[] = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
];

export function kindOf(v: Value): Kind {
  if (v.valueType) return v.valueType as Kind;
  for (const k of KINDS) if (v[k] !== undefined) return k;
  throw invalid('Value has no type set');
}

/** Firestore's cross-type order: null < bool < number < timestamp < string < bytes < ref < geo < array < map. */
const TYPE_ORDER: Record<Kind, number> = {
  nullValue: 0,
  booleanValue: 1,
  integerValue: 2,
  doubleValue: 2,
  timestampValue: 3,
  stringValue: 4,
  bytesValue: 5,
  referenceValue: 6,
  geoPointValue: 7,
  arrayValue: 8,
  mapValue: 9,
};
/** Vectors (`{__type__: "__vector__", value: [...]}`) sort between arrays and maps, like production. */
const VECTOR_ORDER = 8.5;
const isVectorMap = (v: Value): boolean => v.mapValue?.fields?.__type__?.stringValue === '__vector__';
const typeOrderOf = (v: Value, k: Kind): number => (k === 'mapValue' && isVectorMap(v) ? VECTOR_ORDER : TYPE_ORDER[k]);
export const typeOrder = (v: Value): number => typeOrderOf(v, kindOf(v));

export const isNumber = (v: Value): boolean => {
  const k = kindOf(v);
  return k === 'integerValue' || k === 'doubleValue';
};
export const isNaNValue = (v: Value): boolean => kindOf(v) === 'doubleValue' && Number.isNaN(v.doubleValue);
export const isNull = (v: Value): boolean => kindOf(v) === 'nullValue';

/** Strings compare by code point (UTF-8 byte order), production's order. */
export const compareStrings = compareCodePoints;

function compareNumbers(a: Value, b: Value): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka === 'integerValue' && kb === 'integerValue') {
    const sa = String(a.integerValue);
    const sb = String(b.integerValue);
    if (sa.length > 15 || sb.length > 15) {
      const x = BigInt(sa);
      const y = BigInt(sb);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
  const x = numberOf(a);
  const y = numberOf(b);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0; // -0 == 0
}

export const numberOf = (v: Value): number =>
  v.doubleValue !== undefined ? v.doubleValue : Number(v.integerValue ?? 0);

export function timestampMicros(t: { seconds?: string | number; nanos?: number } | undefined): number {
  if (!t) return 0;
  return Number(t.seconds ?? 0) * 1e6 + Math.floor((t.nanos ?? 0) / 1000);
}

function compareTimestamps(a: Value, b: Value): number {
  const sa = Number(a.timestampValue?.seconds ?? 0);
  const sb = Number(b.timestampValue?.seconds ?? 0);
  if (sa !== sb) return sa < sb ? -1 : 1;
  // production works in microseconds: stored values are truncated, filter/cursor values compare the same way
  const na = Math.floor((a.timestampValue?.nanos ?? 0) / 1000);
  const nb = Math.floor((b.timestampValue?.nanos ?? 0) / 1000);
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/**
 * References compare segment by segment (so `a/b` < `a/b/c/d` < `a0/x`). Equivalent to a code point
 * comparison in which '/' sorts below every other character; done in place, without splitting.
 */
export function compareReferences(a: string, b: string): number {
  if (a === b) return 0;
  if (a.includes('__id') || b.includes('__id')) return compareReferenceSegments(a, b);
  return comparePathCodePoints(a, b);
}

const NUMERIC_ID = /^__id(-?\d{1,19})__$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** `__id<n>__` (n a signed 64-bit integer) is a numeric document id: production orders it numerically, before every string id. */
function numericId(seg: string): bigint | null {
  const m = NUMERIC_ID.exec(seg);
  if (!m) return null;
  const n = BigInt(m[1]!);
  return n < INT64_MIN || n > INT64_MAX ? null : n;
}

function compareSegment(a: string, b: string): number {
  if (a === b) return 0;
  const na = numericId(a);
  const nb = numericId(b);
  if (na !== null && nb !== null) return na < nb ? -1 : na > nb ? 1 : 0;
  if (na !== null) return -1;
  if (nb !== null) return 1;
  return compareStrings(a, b);
}

function compareReferenceSegments(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  const n = Math.min(sa.length, sb.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegment(sa[i]!, sb[i]!);
    if (c !== 0) return c;
  }
  return sa.length < sb.length ? -1 : sa.length > sb.length ? 1 : 0;
}

/** Vectors compare by length (dimension) first, then element by element. */
function compareVectors(a: Value, b: Value): number {
  const va = a.mapValue?.fields?.value?.arrayValue?.values ?? [];
  const vb = b.mapValue?.fields?.value?.arrayValue?.values ?? [];
  if (va.length !== vb.length) return va.length < vb.length ? -1 : 1;
  for (let i = 0; i < va.length; i++) {
    const c = compareValues(va[i]!, vb[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b); // accepts any Uint8Array: no Buffer views per comparison
}

const sortedKeys = (f: Fields | undefined): string[] => Object.keys(f ?? {}).sort(compareStrings);

/** Total order over all Firestore values (production semantics). */
export function compareValues(a: Value, b: Value): number {
  const kind = kindOf(a);
  const ta = typeOrderOf(a, kind);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  if (ta === VECTOR_ORDER) return compareVectors(a, b);
  switch (kind) {
    case 'nullValue':
      return 0;
    case 'booleanValue':
      return a.booleanValue === b.booleanValue ? 0 : a.booleanValue ? 1 : -1;
    case 'integerValue':
    case 'doubleValue':
      return compareNumbers(a, b);
    case 'timestampValue':
      return compareTimestamps(a, b);
    case 'stringValue':
      return compareStrings(a.stringValue!, b.stringValue!);
    case 'bytesValue':
      return compareBytes(a.bytesValue!, b.bytesValue!);
    case 'referenceValue':
      return compareReferences(a.referenceValue!, b.referenceValue!);
    case 'geoPointValue': {
      const la = a.geoPointValue?.latitude ?? 0;
      const lb = b.geoPointValue?.latitude ?? 0;
      if (la !== lb) return la < lb ? -1 : 1;
      const oa = a.geoPointValue?.longitude ?? 0;
      const ob = b.geoPointValue?.longitude ?? 0;
      return oa < ob ? -1 : oa > ob ? 1 : 0;
    }
    case 'arrayValue': {
      const va = a.arrayValue?.values ?? [];
      const vb = b.arrayValue?.values ?? [];
      const n = Math.min(va.length, vb.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(va[i]!, vb[i]!);
        if (c !== 0) return c;
      }
      return va.length < vb.length ? -1 : va.length > vb.length ? 1 : 0;
    }
    case 'mapValue': {
      const fa = a.mapValue?.fields ?? {};
      const fb = b.mapValue?.fields ?? {};
      const ka = sortedKeys(fa);
      const kb = sortedKeys(fb);
      const n = Math.min(ka.length, kb.length);
      for (let i = 0; i < n; i++) {
        const c = compareStrings(ka[i]!, kb[i]!);
        if (c !== 0) return c;
        const d = compareValues(fa[ka[i]!]!, fb[kb[i]!]!);
        if (d !== 0) return d;
      }
      return ka.length < kb.length ? -1 : ka.length > kb.length ? 1 : 0;
    }
  }
}

/** Equality as used by `==`, `in`, array-contains: numeric across int/double, NaN never equal. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (isNaNValue(a) || isNaNValue(b)) return false;
  return compareValues(a, b) === 0;
}

/** Copies a decoded value into a clean object (drops proto-loader's `valueType`, normalises longs). */
export function normalizeValue(v: Value): Value {
  const k = kindOf(v);
  switch (k) {
    case 'nullValue':
      return { nullValue: 'NULL_VALUE' };
    case 'integerValue':
      return { integerValue: String(v.integerValue) };
    case 'doubleValue':
      return { doubleValue: Number(v.doubleValue) };
    case 'timestampValue':
      // stored with microsecond precision like production (nanos rounded down to a multiple of 1000)
      return {
        timestampValue: {
          seconds: String(v.timestampValue?.seconds ?? '0'),
          nanos: Math.floor((v.timestampValue?.nanos ?? 0) / 1000) * 1000,
        },
      };
    case 'bytesValue':
      return { bytesValue: Buffer.from(v.bytesValue ?? []) };
    case 'geoPointValue':
      return {
        geoPointValue: { latitude: v.geoPointValue?.latitude ?? 0, longitude: v.geoPointValue?.longitude ?? 0 },
      };
    case 'arrayValue':
      return { arrayValue: { values: (v.arrayValue?.values ?? []).map(normalizeValue) } };
    case 'mapValue':
      return { mapValue: { fields: normalizeFields(v.mapValue?.fields ?? {}) } };
    default:
      return { [k]: v[k] } as Value;
  }
}

export function normalizeFields(f: Fields): Fields {
  const out: Fields = {};
  for (const key of Object.keys(f)) out[key] = normalizeValue(f[key]!);
  return out;
}

/** Production's limit on a field path (names included), in UTF-8 bytes. */
export const MAX_FIELD_PATH_BYTES = 1500;

/** Rejects field names production rejects: empty names and reserved `__x__` names (vectors' `__type__` allowed). */
export function validateFieldNames(f: Fields, prefix = ''): void {
  for (const key of Object.keys(f)) {
    if (key === '') throw invalid(`Field name at ${prefix || 'document root'} must not be empty.`);
    if (Buffer.byteLength(prefix) + Buffer.byteLength(key) > MAX_FIELD_PATH_BYTES)
      throw invalid(`Field path "${(prefix + key).slice(0, 40)}…" is longer than ${MAX_FIELD_PATH_BYTES} bytes.`);
    if (/^__.*__$/.test(key) && key !== '__type__')
      throw invalid(`Field name "${prefix}${key}" is reserved: names matching __.*__ are not allowed.`);
    const v = f[key]!;
    validateValue(v, `${prefix}${key}`);
  }
}

/** Checks a stored value's shape: names of nested maps (also inside arrays), no array directly in an array. */
function validateValue(v: Value, at: string, inArray = false): void {
  if (v.mapValue) validateFieldNames(v.mapValue.fields ?? {}, `${at}.`);
  else if (v.arrayValue) {
    if (inArray) throw invalid(`Cannot convert an array value in an array value. (field "${at}")`);
    for (const x of v.arrayValue.values ?? []) validateValue(x, at, true);
  }
}

/** Validates the elements of arrayUnion / arrayRemove transforms (arrays in arrays are rejected). */
export function validateArrayElements(values: Value[], at: string): void {
  for (const x of values) validateValue(x, at, true);
}

/**
 * Strict structural equality used for no-op detection: same kinds (int 1 and double 1.0 differ, a
 * write changing one into the other is a real change), map keys in any order, NaN equals NaN.
 */
export function fieldsEqual(a: Fields, b: Fields): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const y = b[k];
    if (y === undefined || !Object.prototype.hasOwnProperty.call(b, k) || !sameValue(a[k]!, y)) return false;
  }
  return true;
}

function sameValue(a: Value, b: Value): boolean {
  const k = kindOf(a);
  if (k !== kindOf(b)) return false;
  switch (k) {
    case 'nullValue':
      return true;
    case 'booleanValue':
      return a.booleanValue === b.booleanValue;
    case 'integerValue':
      return String(a.integerValue) === String(b.integerValue);
    case 'doubleValue':
      return Object.is(Number(a.doubleValue), Number(b.doubleValue));
    case 'timestampValue':
      return (
        String(a.timestampValue?.seconds ?? 0) === String(b.timestampValue?.seconds ?? 0) &&
        (a.timestampValue?.nanos ?? 0) === (b.timestampValue?.nanos ?? 0)
      );
    case 'stringValue':
      return a.stringValue === b.stringValue;
    case 'bytesValue':
      return compareBytes(a.bytesValue!, b.bytesValue!) === 0;
    case 'referenceValue':
      return a.referenceValue === b.referenceValue;
    case 'geoPointValue':
      return (
        Object.is(a.geoPointValue?.latitude ?? 0, b.geoPointValue?.latitude ?? 0) &&
        Object.is(a.geoPointValue?.longitude ?? 0, b.geoPointValue?.longitude ?? 0)
      );
    case 'arrayValue': {
      const va = a.arrayValue?.values ?? [];
      const vb = b.arrayValue?.values ?? [];
      return va.length === vb.length && va.every((x, i) => sameValue(x, vb[i]!));
    }
    case 'mapValue':
      return fieldsEqual(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
  }
}
