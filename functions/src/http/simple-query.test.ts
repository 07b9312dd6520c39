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
    expect(run('/x?mail[]=a@b.de&m[k]=v', { mail: ['a@b.de'], m: { k: 'v' } })).toEqual({
      'mail[]': 'a@b.de',
      'm[k]': 'v',
    });
    expect(run('/x?id=a%2Fb', {})).toEqual({ id: 'a/b' });
    expect(run('/x', { stale: '1' })).toEqual({});
  });
});

describe('simpleQuery on an Express 5 request', () => {
  it('shadows the prototype getter instead of assigning to it', () => {
    const proto = Object.defineProperty({}, 'query', {
      get: () => ({ extended: { nested: '1' } }),
      configurable: true,
    });
    const req = Object.assign(Object.create(proto), { url: '/x?a[b]=1' }) as Request;
    simpleQuery(req, {} as never, () => undefined);
    expect(req.query).toEqual({ 'a[b]': '1' });
  });
});
