import { describe, expect, it } from 'vitest';
import { articleSchema } from '../../model/catalogue-schemas.js';
import { checkImportedFields } from './imported-fields.js';

/** The import's article rules are the API's: what `articleSchema` (POST /article) refuses, an imported row may not set. */
describe('checkImportedFields', () => {
  it('answers the fields the row sets, trimmed as the API stores them, without the schema defaults', () => {
    const checked = checkImportedFields(
      { orderNumber: ' A-1 ', description: 'Klemme\nzweite Zeile', listPrice: 12.5, possibleOrderNumbers: ['B', ' '] },
      { wholesalerId: 'w1', orderNumber: ' GH-1 ' },
    );
    expect(checked).toEqual({
      ok: true,
      fields: { orderNumber: 'A-1', description: 'Klemme\nzweite Zeile', listPrice: 12.5, possibleOrderNumbers: ['B'] },
      wholesalerInfo: { wholesalerId: 'w1', orderNumber: 'GH-1' },
    });
  });

  it.each([
    [
      'a right-to-left override in an order number',
      { orderNumber: 'AB\u202E12' },
      'orderNumber',
      'validation.controlCharacters',
    ],
    [
      'a control character in a description',
      { description: 'Klemme\u0007' },
      'description',
      'validation.controlCharacters',
    ],
    ['a javascript: image link', { image: 'javascript:alert(1)' }, 'image', 'validation.type'],
    ['a 311-character order number', { orderNumber: 'X'.repeat(311) }, 'orderNumber', 'validation.maxLength?max=100'],
    [
      'a 50 000-character description',
      { description: 'x'.repeat(50_000) },
      'description',
      'validation.maxLength?max=2000',
    ],
    ['a price with three decimals', { listPrice: 1.234 }, 'listPrice', 'validation.type'],
    [
      'an alternative over 100 characters',
      { possibleOrderNumbers: ['ok', 'Y'.repeat(101)] },
      'possibleOrderNumbers',
      'validation.maxLength?max=100',
    ],
  ])('refuses %s as POST /article does', async (_what, fields, field, message) => {
    expect(checkImportedFields(fields)).toEqual({ ok: false, problems: [{ field, message }] });
    // the same rule, the same key: the API's schema refuses the same input
    const api = await articleSchema
      .validate(fields, { abortEarly: false })
      .catch((e: { errors: string[] }) => e.errors);
    expect(api).toEqual([message]);
  });

  it("names a wholesaler entry's field by its import field, and every refused field once", () => {
    expect(
      checkImportedFields(
        { orderNumber: 'A\u202E', description: '\u0000', erpNumber: 'ok' },
        { wholesalerId: 'w1', orderNumber: 'G'.repeat(101) },
      ),
    ).toEqual({
      ok: false,
      problems: expect.arrayContaining([
        { field: 'orderNumber', message: 'validation.controlCharacters' },
        { field: 'description', message: 'validation.controlCharacters' },
        { field: 'wholesalerOrderNumber', message: 'validation.maxLength?max=100' },
      ]),
    });
  });
});
