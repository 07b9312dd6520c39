import { kindOf, type Fields, type Value } from './values.js';

/** Document size per production's storage-size rules (used for the 1 MiB limit). */
const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

function valueSize(v: Value): number {
  switch (kindOf(v)) {
    case 'nullValue':
    case 'booleanValue':
      return 1;
    case 'integerValue':
    case 'doubleValue':
    case 'timestampValue':
      return 8;
    case 'geoPointValue':
      return 16;
    case 'stringValue':
      return utf8(v.stringValue!) + 1;
    case 'bytesValue':
      return v.bytesValue!.length;
    case 'referenceValue':
      return nameSize(v.referenceValue!);
    case 'arrayValue':
      return (v.arrayValue?.values ?? []).reduce((s, x) => s + valueSize(x), 0);
    case 'mapValue':
      return fieldsSize(v.mapValue?.fields ?? {});
  }
}

function fieldsSize(f: Fields): number {
  let s = 0;
  for (const k of Object.keys(f)) s += utf8(k) + 1 + valueSize(f[k]!);
  return s;
}

/** Document name size: each path segment after `documents/` + 1, plus 16. */
function nameSize(name: string): number {
  const i = name.indexOf('/documents/');
  const rel = i >= 0 ? name.slice(i + 11) : name;
  return rel.split('/').reduce((s, seg) => s + utf8(seg) + 1, 16);
}

export const MAX_DOC_SIZE = 1_048_576;
export const documentSize = (name: string, fields: Fields): number => nameSize(name) + fieldsSize(fields) + 32;
