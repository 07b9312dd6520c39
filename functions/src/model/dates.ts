/**
 * The fields of the model that hold a point in time (`Date` on the server, an ISO-8601 date-time string in JSON).
 * The web turns exactly the declared fields back into `Date`s when it reads an answer (web `lib/api-client.ts`
 * `reviveDates`); every other string stays a string, so a title like `2026-01-01T00:00:00.000Z` is text. Calendar
 * days (`desiredDeliveryDate`, `YYYY-MM-DD`) are strings in the model and are never listed.
 *
 * No central list of the areas' fields: each area declares its own beside its records with `dateTimeFields`
 * (`ENQUIRY_DATE_FIELDS` in model/enquiry-dates.ts, beside model/enquiry.ts: a file of its own, so the web's
 * entry chunk, which declares every feature's fields, does not load the area's yup schemas), checked by the compiler against its records; its web feature names
 * them (`Feature.dateFields`) and `app/` hands every feature's to the api client at start. Only the fields of the
 * records every area shares are listed here.
 */

/**
 * The date-time fields of the records every area shares: every stored record (`createDate`, `lastUpdate`), a file's
 * facts (`uploadDate`, model/files.ts) and a background task (model/background-task.ts; `dates.test.ts` checks
 * both records against this list).
 */
export const SHARED_DATE_TIME_FIELDS = [
  'createDate',
  'lastUpdate',
  'uploadDate',
  'startedAt',
  'finishedAt',
  'resumeAt',
  'expiresAt',
] as const;

export type SharedDateTimeField = (typeof SHARED_DATE_TIME_FIELDS)[number];

/** The keys of `T` (nested objects and arrays included) whose values are `Date`s. */
export type DateFieldsOf<T> = T extends Date
  ? never
  : T extends readonly (infer Item)[]
    ? DateFieldsOf<Item>
    : T extends object
      ? {
          [K in keyof T]-?: (NonNullable<T[K]> extends Date ? K : never) | DateFieldsOf<NonNullable<T[K]>>;
        }[keyof T]
      : never;

/** The `Date` fields of `Records` that are neither in `Listed` nor shared. */
type Unlisted<Records, Listed> = Exclude<DateFieldsOf<Records>, Listed | SharedDateTimeField>;

/**
 * An area's date-time fields, checked against the records its API answers:
 * `export const ENQUIRY_DATE_FIELDS = dateTimeFields<Enquiry>()(['releaseDate', …])`. It fails to compile when a
 * field is not a `Date` field of the records, or when a `Date` field of the records is neither listed nor shared
 * (the error names the missing fields: "Expected 2 arguments").
 */
export function dateTimeFields<Records>() {
  return <const Listed extends readonly DateFieldsOf<Records>[]>(
    fields: Listed,
    ..._unlisted: [Unlisted<Records, Listed[number]>] extends [never]
      ? []
      : [missing: Unlisted<Records, Listed[number]>]
  ): Listed => fields;
}
