import { Timestamp } from 'firebase-admin/firestore';
import type { ChangeEntry } from '../model/company.js';

/** Firestore Timestamps → Dates, recursively (JSON then carries ISO strings). */
export function revive<T>(value: unknown): T {
  if (value instanceof Timestamp) return value.toDate() as T;
  if (Array.isArray(value)) return value.map((v) => revive(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = revive(v);
    return out as T;
  }
  return value as T;
}

/** Removes the id and undefined values before a write (the id is the document id). */
export function toDocument<T extends { id?: string }>(entity: T): Record<string, unknown> {
  const { id: _id, ...rest } = entity;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}

/** Record metadata on create: createDate, lastUpdate and the first change entry. */
export function created(now: Date, userId: string, action = 'create') {
  return { createDate: now, lastUpdate: now, changeEntries: [{ date: now, userId, action }] as ChangeEntry[] };
}

/** Record metadata on update: lastUpdate and one more change entry (kept to the latest 50). */
export function updated(before: { changeEntries?: ChangeEntry[] }, now: Date, userId: string, action: string) {
  const changeEntries = [...(before.changeEntries ?? []), { date: now, userId, action }].slice(-50);
  return { lastUpdate: now, changeEntries };
}
