import type { DocumentData, FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { revive, toDocument } from './firestore-values.js';

export interface ConverterSpec<T extends { id: string }> {
  /** Present on every stored document; a document without one of them is reported, not silently cast. */
  required: ReadonlyArray<keyof T & string>;
  /** Written as null when absent, so ordering by them keeps every document (orderBy skips missing fields). */
  nullable?: ReadonlyArray<keyof T & string>;
  /** Entity fields that are never stored (e.g. a joined `company`). */
  transient?: ReadonlyArray<keyof T & string>;
  /** Query-only fields written next to the entity (search tokens, denormalised sort values). */
  derived?: (entity: T) => DocumentData;
  /** The names `derived` writes: dropped again on read. */
  derivedFields?: readonly string[];
  /** Values of fields added after documents were written (e.g. `documents: []`), filled in on read. */
  defaults?: () => Partial<T>;
}

/** A document could not be read as its entity (a field is missing): a data problem, answered 500 and logged. */
class CorruptDocumentError extends Error {
  constructor(path: string, field: string) {
    super(`${path}: required field '${field}' is missing`);
    this.name = 'CorruptDocumentError';
  }
}

/**
 * The one typed mapping between an entity and its document (`collection.withConverter(...)`): the id is the
 * document id, Timestamps become Dates, undefined values are not written, derived fields are maintained on
 * every write and dropped on read.
 */
export function entityConverter<T extends { id: string }>(
  spec: ConverterSpec<T>,
): FirestoreDataConverter<T, DocumentData> {
  const dropOnRead = new Set<string>(spec.derivedFields ?? []);
  return {
    toFirestore(entity: T): DocumentData {
      const doc = toDocument(entity as T & { id?: string });
      for (const field of spec.transient ?? []) delete doc[field];
      for (const field of spec.nullable ?? []) doc[field] ??= null;
      return { ...doc, ...spec.derived?.(entity) };
    },
    fromFirestore(snapshot: QueryDocumentSnapshot): T {
      return readEntity(spec, snapshot, dropOnRead);
    },
  };
}

function readEntity<T extends { id: string }>(
  spec: ConverterSpec<T>,
  snapshot: QueryDocumentSnapshot,
  dropOnRead: Set<string>,
): T {
  const data = revive<Record<string, unknown>>(snapshot.data());
  for (const field of spec.required) {
    if (field !== 'id' && (data[field] === undefined || data[field] === null))
      throw new CorruptDocumentError(snapshot.ref.path, field);
  }
  for (const field of dropOnRead) delete data[field];
  for (const field of spec.nullable ?? []) if (data[field] === null) delete data[field];
  return { ...spec.defaults?.(), ...data, id: snapshot.id } as T;
}

/** A read-only converter for list views built from stored fields (e.g. a user with its denormalised company). */
export function viewConverter<T>(
  read: (data: Record<string, unknown>, id: string) => T,
): FirestoreDataConverter<T, DocumentData> {
  return {
    toFirestore(): DocumentData {
      throw new Error('view converters are read-only');
    },
    fromFirestore(snapshot: QueryDocumentSnapshot): T {
      return read(revive<Record<string, unknown>>(snapshot.data()), snapshot.id);
    },
  };
}

/**
 * The read-only converter of a list page read with `select(...fields)`: the id plus the selected fields that
 * are set (stored nulls, e.g. a draft's releaseDate, are left out like absent ones).
 */
export function listViewConverter<T>(fields: readonly string[]): FirestoreDataConverter<T, DocumentData> {
  return viewConverter<T>((data, id) => {
    const item: Record<string, unknown> = { id };
    for (const field of fields) if (data[field] !== undefined && data[field] !== null) item[field] = data[field];
    return item as T;
  });
}
