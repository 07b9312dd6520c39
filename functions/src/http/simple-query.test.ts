import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { simpleQuery } from './simple-query.js';

function run(url: string, query: unknown) {
  const req = { url, query } as unknown as Request;
  simpleQuery(req, {} as never, () => undefined);
  return req.query;
}

describe('simpleQuery', () => {
  it('replaces an extended-parsed query: strings and string arrays only', () => {
    expect(run('/user/?id=a&id=b', { id: ['a', 'b'] })).toEqual({ id: ['a', 'b'] });
    expect(run('/x?mail[]=a@b.de&m[k]=v', { mail: ['a@b.de'], m: { k: 'v' } })).toEqual({ 'mail[]': 'a@b.de', 'm[k]': 'v' });
    expect(run('/x?id=a%2Fb', {})).toEqual({ id: 'a/b' });
    expect(run('/x', { stale: '1' })).toEqual({});
  });
});
