// firestore.indexes.json: its shape, its parsing and validation, and the copy re-read when the file changes.
import fs from 'node:fs';
import { failedPrecondition } from './errors.js';
import { formatFieldPath, parseFieldPath } from './field-paths.js';

export type Dir = 'ASCENDING' | 'DESCENDING';
export type Scope = 'COLLECTION' | 'COLLECTION_GROUP';

export interface IndexField {
  fieldPath: string;
  order?: Dir;
  arrayConfig?: 'CONTAINS';
  vectorConfig?: { dimension: number; flat?: object };
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope?: Scope;
  fields: IndexField[];
  [extra: string]: unknown;
}
export interface OverrideIndex {
  order?: Dir;
  arrayConfig?: 'CONTAINS';
  queryScope?: Scope;
}
export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes?: OverrideIndex[];
  [extra: string]: unknown;
}
export interface IndexFile {
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}

/** The document name: the implicit last field of every index. */
export const NAME = '__name__';
/** The canonical spelling of a field path, so `a.b` in a query and `` `a`.b `` in the file compare equal. */
export const canonicalPath = (p: string): string => formatFieldPath(parseFieldPath(p));

/** firestore.indexes.json, re-read when it changes on disk (checked on every query: one stat). */
export class IndexConfig {
  private stamp = '';
  private file: IndexFile = { indexes: [], fieldOverrides: [] };
  private error: string | null = null;
  constructor(readonly path: string) {}

  current(): IndexFile {
    let stamp: string;
    try {
      const s = fs.statSync(this.path);
      stamp = `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
    } catch {
      stamp = 'missing';
    }
    if (stamp !== this.stamp) {
      this.stamp = stamp;
      this.load(stamp === 'missing');
    }
    if (this.error) throw failedPrecondition(`Index file ${this.path} is invalid: ${this.error}`);
    return this.file;
  }

  private load(missing: boolean) {
    this.error = null;
    if (missing) {
      this.file = { indexes: [], fieldOverrides: [] };
      return;
    }
    try {
      this.file = parseIndexFile(JSON.parse(fs.readFileSync(this.path, 'utf8')));
    } catch (e) {
      this.error = (e as Error).message;
      console.error(`[firestore-emulator] ${this.path}: ${this.error}`);
    }
  }
}

function parseIndexFile(json: unknown): IndexFile {
  const o = (json ?? {}) as Partial<IndexFile>;
  const indexes = o.indexes ?? [];
  const fieldOverrides = o.fieldOverrides ?? [];
  if (!Array.isArray(indexes) || !Array.isArray(fieldOverrides))
    throw new Error('"indexes" and "fieldOverrides" must be arrays.');
  for (const ix of indexes) {
    if (!ix || typeof ix.collectionGroup !== 'string' || !Array.isArray(ix.fields) || ix.fields.length === 0)
      throw new Error(`Every index needs "collectionGroup" and "fields": ${JSON.stringify(ix)}`);
    for (const f of ix.fields) {
      if (typeof f?.fieldPath !== 'string') throw new Error(`Index field without "fieldPath": ${JSON.stringify(ix)}`);
      parseFieldPath(f.fieldPath);
      if ([f.order, f.arrayConfig, f.vectorConfig].filter((x) => x !== undefined).length !== 1)
        throw new Error(`Index field "${f.fieldPath}" needs exactly one of order, arrayConfig, vectorConfig.`);
    }
  }
  for (const ov of fieldOverrides) {
    if (!ov || typeof ov.collectionGroup !== 'string' || typeof ov.fieldPath !== 'string')
      throw new Error(`Every field override needs "collectionGroup" and "fieldPath": ${JSON.stringify(ov)}`);
    if (ov.fieldPath !== '*') parseFieldPath(ov.fieldPath);
  }
  return { indexes, fieldOverrides };
}

/** An index's fields with the implicit trailing `__name__` (direction of the last ordered field). */
export function normalizedFields(ix: CompositeIndex): IndexField[] {
  const fields = ix.fields.map((f) => ({ ...f, fieldPath: canonicalPath(f.fieldPath) }));
  const last = fields[fields.length - 1]!;
  if (last.vectorConfig || last.fieldPath === NAME) return fields;
  const lastDir = [...fields].reverse().find((f) => f.order)?.order;
  return [
    ...fields,
    { fieldPath: NAME, order: last.order ?? (last.arrayConfig ? 'ASCENDING' : (lastDir ?? 'ASCENDING')) },
  ];
}
