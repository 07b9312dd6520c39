import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BackgroundTask } from './background-task.js';
import { dateTimeFields, SHARED_DATE_TIME_FIELDS, type DateFieldsOf, type SharedDateTimeField } from './dates.js';
import type { Enquiry } from './enquiry.js';
import type { AttachedFile, FileFact } from './files.js';

describe('SHARED_DATE_TIME_FIELDS', () => {
  it('names every Date field of the records every area shares (files, tasks; checked by the compiler)', () => {
    type Shared = AttachedFile | FileFact | BackgroundTask;
    expectTypeOf<Exclude<DateFieldsOf<Shared>, SharedDateTimeField>>().toEqualTypeOf<never>();
    expect(SHARED_DATE_TIME_FIELDS).toContain('createDate');
  });
});

describe('dateTimeFields', () => {
  it('finds nested Date fields', () => {
    expectTypeOf<DateFieldsOf<Enquiry>>().toEqualTypeOf<
      'releaseDate' | 'firstReleaseDate' | 'createDate' | 'lastUpdate' | 'date' | 'uploadDate' | 'mappedAt'
    >();
  });

  it("accepts an area's complete list and refuses an incomplete one or a field that is no Date", () => {
    interface Rec {
      at: Date;
      nested: { when?: Date }[];
      createDate: Date;
      title: string;
    }
    expect(dateTimeFields<Rec>()(['at', 'when'])).toEqual(['at', 'when']);
    // @ts-expect-error -- 'when' (nested) is missing
    dateTimeFields<Rec>()(['at']);
    // @ts-expect-error -- 'title' is no Date field
    dateTimeFields<Rec>()(['at', 'when', 'title']);
  });
});
