/**
 * The fields of the model that hold a point in time (`Date` on the server, an ISO-8601 date-time string in JSON).
 * The web turns exactly these back into `Date`s when it reads an answer (web `lib/api-client.ts` `reviveDates`);
 * every other string stays a string, so a title like `2026-01-01T00:00:00.000Z` is text. Calendar days
 * (`desiredDeliveryDate`, `YYYY-MM-DD`) are strings in the model and are not listed.
 *
 * `dates.test.ts` checks at compile time that every `Date` field of the model's records is listed here.
 */
export const DATE_TIME_FIELDS = [
  // records: users, companies, enquiries, offers
  'createDate',
  'lastUpdate',
  'lastLoginAt',
  'releaseDate',
  'firstReleaseDate',
  'enquiryReleaseDate',
  // chat: conversations, messages
  'lastMessageDate',
  'readDate',
  // change entries (companies, enquiries)
  'date',
  // file facts, BOM revisions
  'uploadDate',
  // BOM jobs (the enquiry's bomSummary)
  'mappedAt',
  // background tasks
  'startedAt',
  'finishedAt',
  'resumeAt',
  'expiresAt',
  // article import progress (model/article-transfer.ts)
  'startDate',
  'finishDate',
] as const;

export type DateTimeField = (typeof DATE_TIME_FIELDS)[number];

const FIELDS: ReadonlySet<string> = new Set(DATE_TIME_FIELDS);

/** Is `key` a field the model declares as a date-time? */
export function isDateTimeField(key: string): key is DateTimeField {
  return FIELDS.has(key);
}
