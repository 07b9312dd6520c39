import type { AccessCtx, AccessRow } from '../../testing/access-matrix.js';
import {
  createArticle,
  createDiscountGroup,
  createManufacturer,
  createUnit,
  createWholesaler,
  uniq,
} from './catalogue-fixtures.js';
import { postForm } from '../../testing/upload-client.js';

/**
 * /article, /manufacturer, /discountgroup, /unit, /wholesaler rows of the access matrix (docs/api.md "Catalogue",
 * docs/decisions-catalogue.md "Access"): articles for every ADMIN-company user, `/article/search` also for
 * customers and suppliers, field values readable by every ADMIN-company user and changed by admin-flag users only.
 */
const adminCompany = ['adminUser', 'platformAdmin'] as const;
const flagged = ['platformAdmin'] as const;
const searchers = [...adminCompany, 'customerUser', 'customerAdmin', 'supplierUser', 'supplierAdmin'] as const;
const token = (ctx: AccessCtx) => ctx.w.users.platformAdmin.token;

type Maker = (token: string) => Promise<{ id: string }>;
const LISTS: Array<{ path: string; make: Maker; idsParam: string; combine: boolean; name: boolean }> = [
  { path: '/manufacturer', make: (t) => createManufacturer(t), idsParam: 'manufacturerIds', combine: true, name: true },
  {
    path: '/discountgroup',
    make: (t) => createDiscountGroup(t),
    idsParam: 'discountGroupIds',
    combine: true,
    name: true,
  },
  { path: '/unit', make: (t) => createUnit(t), idsParam: 'unitIds', combine: true, name: true },
  { path: '/wholesaler', make: (t) => createWholesaler(t), idsParam: 'wholesalerIds', combine: false, name: false },
];

async function bodyFor(path: string, ctx: AccessCtx): Promise<Record<string, unknown>> {
  const base = { displayName: uniq('Neu') };
  if (path === '/discountgroup')
    return { ...base, percent: 10, manufacturerId: (await createManufacturer(token(ctx))).id };
  return base;
}

const fieldValueRows: AccessRow[] = LISTS.flatMap(({ path, make, idsParam, combine, name }) => [
  {
    call: `GET ${path}/`,
    allowed: adminCompany,
    request: async (ctx) => ({ query: { id: (await make(token(ctx))).id } }),
  },
  {
    call: `GET ${path}/history`,
    allowed: adminCompany,
    request: async (ctx) => ({ query: { id: (await make(token(ctx))).id } }),
  },
  { call: `GET ${path}/all`, allowed: adminCompany, request: () => ({ query: { withAmount: 'true' } }) },
  { call: `GET ${path}/filter`, allowed: adminCompany, request: () => ({ query: { search: 'Phoenix' } }) },
  ...(name
    ? [{ call: `GET ${path}/name`, allowed: adminCompany, request: () => ({ query: { name: 'Phoenix' } }) }]
    : []),
  { call: `POST ${path}/`, allowed: flagged, request: async (ctx) => ({ body: await bodyFor(path, ctx) }) },
  {
    call: `POST ${path}/update`,
    allowed: flagged,
    request: async (ctx) => {
      const item = (await make(token(ctx))) as { id: string } & Record<string, unknown>;
      return { body: { ...item, displayName: uniq('Geändert') } };
    },
  },
  {
    call: `GET ${path}/delete`,
    allowed: flagged,
    request: async (ctx) => ({ query: { [idsParam]: (await make(token(ctx))).id } }),
  },
  ...(combine
    ? [
        {
          call: `GET ${path}/combine`,
          allowed: flagged,
          request: async (ctx: AccessCtx) => {
            if (path === '/discountgroup') {
              const m = await createManufacturer(token(ctx));
              const [a, b] = await Promise.all([
                createDiscountGroup(token(ctx), { manufacturerId: m.id }),
                createDiscountGroup(token(ctx), { manufacturerId: m.id }),
              ]);
              return { query: { [idsParam]: `${a.id},${b.id}` } };
            }
            const [a, b] = await Promise.all([make(token(ctx)), make(token(ctx))]);
            return { query: { [idsParam]: `${a.id},${b.id}` } };
          },
        },
      ]
    : []),
]);

export const CATALOGUE_ACCESS: AccessRow[] = [
  {
    call: 'GET /article/',
    allowed: adminCompany,
    request: async (ctx) => ({ query: { id: (await createArticle(token(ctx))).id } }),
  },
  {
    call: 'GET /article/filter',
    allowed: adminCompany,
    request: () => ({ query: { page: '0', paginationSize: '15' } }),
  },
  {
    call: 'GET /article/history',
    allowed: adminCompany,
    request: async (ctx) => ({ query: { id: (await createArticle(token(ctx))).id } }),
  },
  { call: 'GET /article/search', allowed: searchers, request: () => ({ query: { searchTerm: '3211' } }) },
  { call: 'POST /article/', allowed: adminCompany, request: () => ({ body: { orderNumber: uniq('ON') } }) },
  {
    call: 'POST /article/update',
    allowed: adminCompany,
    request: async (ctx) => ({ body: { ...(await createArticle(token(ctx))), description: 'geändert' } }),
  },
  {
    call: 'POST /article/delete',
    allowed: adminCompany,
    request: async (ctx) => ({ query: { id: (await createArticle(token(ctx))).id } }),
  },
  { call: 'POST /article/replace', allowed: adminCompany, request: () => ({ body: { orderNumber: uniq('ON') } }) },
  ...fieldValueRows,
  { call: 'GET /discountgroup/export', allowed: flagged, request: () => ({}) },
  {
    call: 'POST /discountgroup/import',
    allowed: flagged,
    request: () => ({}),
    send: async (ctx, callerToken) => {
      const m = await createManufacturer(token(ctx));
      const csv = `"Name";"Bezeichnungen";"Hersteller";"Rabatt";"Großhändlerrabatte"\r\n"${uniq('RG')}";"";"${m.displayName}";"5";""\r\n`;
      return postForm(
        callerToken,
        '/discountgroup/import',
        {},
        { name: 'discountGroups.csv', bytes: Buffer.from(csv) },
      );
    },
  },
  {
    call: 'GET /manufacturer/delete/article',
    allowed: flagged,
    request: async (ctx) => ({ query: { manufacturerId: (await createManufacturer(token(ctx))).id } }),
  },
];
