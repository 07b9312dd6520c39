import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requiredIndexes } from './indexes.js';

describe('firestore.indexes.json', () => {
  it('holds exactly the composite indexes of every paged list the API runs', () => {
    const file = JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8')) as {
      indexes: unknown[];
    };
    const required = requiredIndexes();
    const expected = JSON.stringify({ indexes: required, fieldOverrides: [] }, null, 2);
    const key = (i: unknown) => JSON.stringify(i);
    expect(new Set(file.indexes.map(key)), `firestore.indexes.json should be:\n${expected}`).toEqual(
      new Set(required.map(key)),
    );
    expect(file.indexes).toHaveLength(required.length);
  });
});
