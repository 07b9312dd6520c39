import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexFileContent, requiredIndexes } from './indexes.js';

describe('firestore.indexes.json', () => {
  it('holds exactly the composite indexes of every paged list the areas declare (npm run indexes writes it)', () => {
    const file = readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8');
    expect(file, 'firestore.indexes.json differs from the areas’ list shapes: run `npm run indexes`').toBe(
      indexFileContent(),
    );
    expect(requiredIndexes().length).toBeGreaterThan(0);
  });

  it('stays within the composite-index budget (docs/decisions-catalogue.md "Indexes": under 300 of the 1 000 allowed)', () => {
    const file = JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8')) as {
      indexes: unknown[];
    };
    expect(file.indexes.length).toBeLessThan(300);
  });
});
