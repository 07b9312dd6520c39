import { describe, expect, it } from 'vitest';
import { SHARED_DATE_TIME_FIELDS } from '@model/dates';
import { declareDateTimeFields, isDateTimeField } from './date-fields';

describe('date-time fields', () => {
  it('knows the shared fields, adds the declared ones, and nothing else', () => {
    expect(SHARED_DATE_TIME_FIELDS.every((f) => isDateTimeField(f))).toBe(true);
    expect(isDateTimeField('someAreaStamp')).toBe(false);
    declareDateTimeFields(['someAreaStamp']);
    expect(isDateTimeField('someAreaStamp')).toBe(true);
    for (const field of ['desiredDeliveryDate', 'title', 'referenceNumber', 'name'])
      expect(isDateTimeField(field)).toBe(false);
  });
});
