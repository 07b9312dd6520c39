import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BackgroundTask } from './background-task.js';
import type { Company } from './company.js';
import { DATE_TIME_FIELDS, isDateTimeField, type DateTimeField } from './dates.js';
import type { Enquiry } from './enquiry.js';
import type { AttachedFile, FileFact } from './files.js';
import type { Offer } from './offer.js';
import type { User } from './user.js';

/** The keys of `T` (nested objects and arrays included) whose values are `Date`s. */
type DateFieldsOf<T> = T extends Date
  ? never
  : T extends readonly (infer Item)[]
    ? DateFieldsOf<Item>
    : T extends object
      ? {
          [K in keyof T]-?: (NonNullable<T[K]> extends Date ? K : never) | DateFieldsOf<NonNullable<T[K]>>;
        }[keyof T]
      : never;

/** Every record the API answers. */
type Records = User | Company | Enquiry | Offer | AttachedFile | FileFact | BackgroundTask;

describe('DATE_TIME_FIELDS', () => {
  it('names every Date field of the model (checked by the compiler)', () => {
    expectTypeOf<Exclude<DateFieldsOf<Records>, DateTimeField>>().toEqualTypeOf<never>();
    expectTypeOf<DateFieldsOf<Enquiry>>().toEqualTypeOf<
      'releaseDate' | 'firstReleaseDate' | 'createDate' | 'lastUpdate' | 'date' | 'uploadDate' | 'mappedAt'
    >();
  });

  it('holds no calendar day and no text field', () => {
    for (const field of ['desiredDeliveryDate', 'title', 'referenceNumber', 'name'])
      expect(isDateTimeField(field)).toBe(false);
    expect(DATE_TIME_FIELDS.every((f) => isDateTimeField(f))).toBe(true);
  });
});
