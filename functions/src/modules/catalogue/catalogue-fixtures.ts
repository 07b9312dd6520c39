import { randomUUID } from 'node:crypto';
import type { Article, FieldValue } from '../../model/catalogue.js';
import { get, post } from '../../testing/api-client.js';

/** A name or number no other test uses. */
export const uniq = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function ok<T>(p: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Creates a field value through the API (an admin-flag user's token). */
export const createManufacturer = (token: string, body: Partial<FieldValue> = {}) =>
  ok<FieldValue>(post('/manufacturer', { token, body: { displayName: uniq('Hersteller'), ...body } }), 'manufacturer');
export const createUnit = (token: string, body: Partial<FieldValue> = {}) =>
  ok<FieldValue>(post('/unit', { token, body: { displayName: uniq('Einheit'), ...body } }), 'unit');
export const createWholesaler = (token: string, body: Partial<FieldValue> = {}) =>
  ok<FieldValue>(post('/wholesaler', { token, body: { displayName: uniq('Großhandel'), ...body } }), 'wholesaler');
export const createDiscountGroup = async (token: string, body: Partial<FieldValue> = {}) =>
  ok<FieldValue>(
    post('/discountgroup', {
      token,
      body: {
        displayName: uniq('RG'),
        percent: 30,
        manufacturerId: body.manufacturerId ?? (await createManufacturer(token)).id,
        ...body,
      },
    }),
    'discount group',
  );

export const createArticle = (token: string, body: Partial<Article> = {}) =>
  ok<Article>(post('/article', { token, body: { orderNumber: uniq('ON'), ...body } }), 'article');

export const fieldValue = (path: string, token: string, id: string) =>
  ok<FieldValue>(get(path, { token, query: { id } }), 'field value');
