import { SHARED_DATE_TIME_FIELDS } from '@model/dates';

/**
 * The date-time fields the api client revives into `Date`s (`reviveDates` of lib/api-client): the fields every
 * area's records share (`@model/dates`) plus those the features declare (`Feature.dateFields`, the model's
 * `<AREA>_DATE_FIELDS`). A module of its own so the entry declares the public features' without loading the client.
 */
const fields = new Set<string>(SHARED_DATE_TIME_FIELDS);

/**
 * Adds the date-time fields of the features' records: `main.tsx` declares the public features', the signed-in chunk
 * every feature's (app/features.ts `DATE_TIME_FIELDS`), before their first call; the test setup every feature's.
 */
export function declareDateTimeFields(declared: Iterable<string>): void {
  for (const field of declared) fields.add(field);
}

/** Is `key` a declared date-time field? */
export function isDateTimeField(key: string): boolean {
  return fields.has(key);
}
