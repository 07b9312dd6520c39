import { describe, expect, it } from 'vitest';
import { companyFilterSchema } from './company.js';
import { pageRequestParams } from './paging.js';
import { userFilterSchema } from './user.js';

const parse = (schema: typeof userFilterSchema | typeof companyFilterSchema, query: Record<string, unknown>) =>
  schema.validate(query, { abortEarly: false, stripUnknown: true });

describe('paging contract', () => {
  it('defaults: first page of 15, no column, ascending', async () => {
    expect(await parse(userFilterSchema, {})).toEqual({ page: 0, paginationSize: 15, sortDescending: false });
  });

  it('reads query strings: numbers, booleans, comma-joined or repeated lists', async () => {
    expect(
      await parse(userFilterSchema, {
        page: '2',
        paginationSize: '30',
        column: 'companyName',
        sortDescending: 'true',
        search: ' Mül ',
        companyIds: 'a, b,,c',
      }),
    ).toEqual({
      page: 2,
      paginationSize: 30,
      column: 'companyName',
      sortDescending: true,
      search: 'Mül',
      companyIds: ['a', 'b', 'c'],
    });
    expect(await parse(companyFilterSchema, { types: ['CUSTOMER', 'SUPPLIER,ADMIN'] })).toMatchObject({
      types: ['CUSTOMER', 'SUPPLIER', 'ADMIN'],
    });
    expect(await parse(companyFilterSchema, { types: '' })).not.toHaveProperty('types');
  });

  it('refuses unknown columns, other page sizes, too many or malformed list entries', async () => {
    await expect(parse(userFilterSchema, { column: 'password' })).rejects.toMatchObject({
      errors: ['validation.oneOf'],
    });
    await expect(parse(userFilterSchema, { paginationSize: '12' })).rejects.toMatchObject({
      errors: ['validation.oneOf'],
    });
    await expect(parse(userFilterSchema, { page: '1001' })).rejects.toMatchObject({ errors: ['validation.max'] });
    await expect(
      parse(userFilterSchema, { companyIds: Array.from({ length: 31 }, (_, i) => `c${i}`).join(',') }),
    ).rejects.toMatchObject({ errors: ['validation.max'] });
    await expect(parse(userFilterSchema, { companyIds: 'ok,__bad__' })).rejects.toMatchObject({
      errors: ['validation.id'],
    });
    await expect(parse(companyFilterSchema, { types: 'CUSTOMER,PIRATE' })).rejects.toMatchObject({
      errors: ['validation.oneOf'],
    });
  });

  it('round-trips through the web helper pageRequestParams', async () => {
    const request = {
      page: 1,
      paginationSize: 10 as const,
      column: 'name' as const,
      sortDescending: true,
      types: ['CUSTOMER', 'ADMIN'],
    };
    expect(await parse(companyFilterSchema, pageRequestParams(request))).toEqual(request);
  });
});
