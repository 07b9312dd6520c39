import type * as yup from 'yup';
import { idSchema } from './id.js';
import { pageRequestSchema } from './paging.js';
import type { Principal } from './user.js';

/**
 * Who changed what (docs/decisions-api.md "Change history"): every audited record keeps its own history, one small
 * document per change in `<record>/history/{autoId}`, written in the transaction of the change. The same shape for
 * articles, field values, import configurations and admin BOM results.
 */
type ChangeKind = 'create' | 'update' | 'import' | 'merge' | 'rework';

/** A value as the history shows it: a scalar, a joined set, cut to HISTORY_VALUE_MAX characters; null = empty. */
export type HistoryValue = string | number | boolean | null;

export interface FieldChange {
  field: string;
  from: HistoryValue;
  to: HistoryValue;
}

/** An import run's outcome (on the import configuration's history). */
export interface ImportCounts {
  created: number;
  updated: number;
  failed: number;
}

export interface HistoryEntry {
  id: string;
  at: Date;
  /** the user's id ('system' for a background change without a user) */
  by: string;
  /** the user's name at the time of the change */
  byName: string;
  kind: ChangeKind;
  changes: FieldChange[];
  /** an import run: its counts */
  counts?: ImportCounts;
  /** an import: the file it read */
  fileName?: string;
  /** an admin BOM result's rework: the line's number */
  line?: number;
}

/** What a writer records; the id and time are the history's. */
export type HistoryEntryInput = Omit<HistoryEntry, 'id' | 'at'>;

/** Who makes a change: the user's id and name (a background change without a user: `SYSTEM_EDITOR`). */
export interface Editor {
  uid: string;
  name: string;
}

export const SYSTEM_EDITOR: Editor = { uid: 'system', name: 'System' };

/** The caller as the history names him ("Vorname Nachname", else his mail address). */
export function editorOf(p: Pick<Principal, 'uid' | 'user'>): Editor {
  return { uid: p.uid, name: `${p.user.name ?? ''} ${p.user.lastname ?? ''}`.trim() || p.user.mail };
}

/** Values longer than this are cut (Firestore documents stay small; the table shows a value, not a text). */
export const HISTORY_VALUE_MAX = 200;

const cut = (s: string) => (s.length > HISTORY_VALUE_MAX ? `${s.slice(0, HISTORY_VALUE_MAX - 1)}…` : s);

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** One element of a list as text (objects as JSON, keys sorted, so equal content compares equal). */
function itemText(v: unknown): string {
  if (v && typeof v === 'object')
    return JSON.stringify(Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))));
  return String(v);
}

/** A value as the history stores it. */
export function historyValue(v: unknown): HistoryValue {
  if (isEmpty(v)) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return cut(v.map(itemText).join(', '));
  if (typeof v === 'object') return cut(itemText(v));
  return cut(String(v));
}

function same(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    // lists (alternatives, wholesalers) compare as sets: a new order is no change
    const sa = new Set((Array.isArray(a) ? a : []).map(itemText));
    const sb = new Set((Array.isArray(b) ? b : []).map(itemText));
    return sa.size === sb.size && [...sa].every((x) => sb.has(x));
  }
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a && b && typeof a === 'object' && typeof b === 'object') return itemText(a) === itemText(b);
  return a === b;
}

/** The fields of `fields` whose values differ between `before` (undefined: a new record) and `after`. */
export function diffFields<T extends object>(
  before: Partial<T> | undefined,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of fields) {
    const from = before?.[field];
    const to = after[field];
    if (!same(from, to)) out.push({ field, from: historyValue(from), to: historyValue(to) });
  }
  return out;
}

/** GET /<record>/history: the record's id and the paging fields (newest first; no other sort). */
export const historyQuerySchema = pageRequestSchema([] as const, { id: idSchema });
export type HistoryQuery = yup.InferType<typeof historyQuerySchema>;
