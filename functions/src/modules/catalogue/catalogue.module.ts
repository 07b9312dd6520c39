import { Router } from 'express';
import type { InferType } from 'yup';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { requireCompanyType, requirePlatformAdmin } from '../../http/guards.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import { editorOf, historyQuerySchema, type HistoryQuery } from '../../model/change-history.js';
import { CATALOGUE_ERRORS, FIELD_VALUE_KINDS, publicArticle, type FieldValueKind } from '../../model/catalogue.js';
import {
  articleDeleteSchema,
  articleFilterSchema,
  articleQuerySchema,
  articleReplaceSchema,
  articleSchema,
  articleSearchSchema,
  articleUpdateSchema,
  discountGroupSchema,
  fieldValueAllSchema,
  fieldValueFilterSchema,
  fieldValueNameSchema,
  fieldValueQuerySchema,
  idListSchema,
  manufacturerArticlesSchema,
  manufacturerSchema,
  unitSchema,
  wholesalerSchema,
} from '../../model/catalogue-schemas.js';
import { ArticlesService, type FieldValueRepos } from './articles.service.js';
import {
  ArticlesRepository,
  ARTICLES_PAGE_SHAPES,
  FIELD_VALUES_PAGE_SHAPES,
  FieldValuesRepository,
} from './catalogue.repository.js';
import { CATALOGUE_PORT } from './catalogue.port.js';
import { matchableArticle, matchContext } from './catalogue-lookup.js';
import { combineTask, deleteManufacturerArticlesTask, renameManufacturerTask } from './catalogue-tasks.js';
import { exportDiscountGroups, importDiscountGroups } from './discount-group-csv.js';
import { FieldValuesService, type FieldValueInput } from './field-values.service.js';

/** Where each list lives and how its id lists are named (spec 02 §7). */
const FIELD_VALUE_ROUTES: Record<FieldValueKind, { path: string; idsParam: string; combine: boolean }> = {
  manufacturer: { path: '/manufacturer', idsParam: 'manufacturerIds', combine: true },
  discountGroup: { path: '/discountgroup', idsParam: 'discountGroupIds', combine: true },
  unit: { path: '/unit', idsParam: 'unitIds', combine: true },
  wholesaler: { path: '/wholesaler', idsParam: 'wholesalerIds', combine: false },
};

const BODY_SCHEMA = {
  manufacturer: manufacturerSchema,
  discountGroup: discountGroupSchema,
  unit: unitSchema,
  wholesaler: wholesalerSchema,
} as const;

/** Every ADMIN-company user reads and writes articles (docs/decisions-catalogue.md "Access"). */
const adminCompany = requireCompanyType('ADMIN');
/** `/article/search` also serves the manual BOM match of customers and suppliers (public fields only). */
const searchers = requireCompanyType('ADMIN', 'CUSTOMER', 'SUPPLIER');
/** Field-value changes: admin-flag users of the ADMIN company only. */
const fieldValueEditor = requirePlatformAdmin;

const q = <T>(res: { locals: Record<string, unknown> }) => res.locals.query as T;

function articleRouter(d: AreaDeps, articles: ArticlesRepository, service: ArticlesService): Router {
  const r = Router();
  const auth = () => [d.authenticate(), adminCompany] as const;
  r.get('/', ...auth(), validateQuery(articleQuerySchema), async (_req, res) =>
    res.json(await service.get(q<{ id: string }>(res).id)),
  );
  r.get('/filter', ...auth(), validateQuery(articleFilterSchema), async (_req, res) => {
    const query = q<InferType<typeof articleFilterSchema>>(res);
    res.json(
      await articles.page({
        orderNumber: query.orderNumber,
        manufacturer: query.manufacturer || undefined,
        column: query.column,
        sortDescending: query.sortDescending,
        page: query.page,
        size: query.paginationSize,
      }),
    );
  });
  r.get('/search', d.authenticate(), searchers, validateQuery(articleSearchSchema), async (_req, res) => {
    const { searchTerm, amount } = q<{ searchTerm: string; amount: number }>(res);
    const found = await articles.search(searchTerm, amount);
    res.json(principalOf(res).companyType === 'ADMIN' ? found : found.map(publicArticle));
  });
  r.get('/history', ...auth(), validateQuery(historyQuerySchema), async (_req, res) => {
    const query = q<HistoryQuery>(res);
    res.json(await service.history(query.id, query.page, query.paginationSize));
  });
  r.post('/', ...auth(), validateBody(articleSchema), async (req, res) =>
    res.status(201).json(await service.create(req.body, editorOf(principalOf(res)))),
  );
  r.post('/update', ...auth(), validateBody(articleUpdateSchema), async (req, res) =>
    res.json(await service.update(req.body, editorOf(principalOf(res)))),
  );
  r.post('/delete', ...auth(), validateQuery(articleDeleteSchema), async (_req, res) => {
    await service.delete(q<{ id: string }>(res).id);
    res.json({ ok: true });
  });
  r.post('/replace', ...auth(), validateBody(articleReplaceSchema), async (req, res) =>
    res.json({ article: await service.replaceCheck(req.body) }),
  );
  return r;
}

function fieldValueRouter(d: AreaDeps, kind: FieldValueKind, service: FieldValuesService): Router {
  const { idsParam, combine } = FIELD_VALUE_ROUTES[kind];
  const r = Router();
  const read = () => [d.authenticate(), adminCompany] as const;
  const write = () => [d.authenticate(), fieldValueEditor] as const;
  const idsOf = (res: { locals: Record<string, unknown> }) => q<Record<string, string[]>>(res)[idsParam]!;
  r.get('/', ...read(), validateQuery(fieldValueQuerySchema), async (_req, res) =>
    res.json(await service.get(kind, q<{ id: string }>(res).id)),
  );
  r.get('/history', ...read(), validateQuery(historyQuerySchema), async (_req, res) => {
    const query = q<HistoryQuery>(res);
    res.json(await service.history(kind, query.id, query.page, query.paginationSize));
  });
  r.get('/all', ...read(), validateQuery(fieldValueAllSchema), async (_req, res) =>
    res.json(await service.all(kind, q<{ withAmount: boolean }>(res).withAmount)),
  );
  r.get('/filter', ...read(), validateQuery(fieldValueFilterSchema), async (_req, res) => {
    const query = q<InferType<typeof fieldValueFilterSchema>>(res);
    res.json(
      await service.page(kind, {
        search: query.search,
        manufacturerId: query.manufacturerId || undefined,
        sortDescending: query.sortDescending,
        page: query.page,
        size: query.paginationSize,
      }),
    );
  });
  if (kind !== 'wholesaler')
    r.get('/name', ...read(), validateQuery(fieldValueNameSchema), async (_req, res) => {
      const { name, manufacturerId } = q<{ name: string; manufacturerId?: string }>(res);
      res.json(await service.byName(kind, name, manufacturerId || undefined));
    });
  const body = validateBody(BODY_SCHEMA[kind] as typeof manufacturerSchema);
  r.post('/', ...write(), body, async (req, res) =>
    res.status(201).json(await service.save(kind, req.body as FieldValueInput, 'create', editorOf(principalOf(res)))),
  );
  r.post(
    '/update',
    ...write(),
    validateBody((BODY_SCHEMA[kind] as typeof manufacturerSchema).shape({ id: fieldValueQuerySchema.fields.id })),
    async (req, res) =>
      res.json(await service.save(kind, req.body as FieldValueInput, 'update', editorOf(principalOf(res)))),
  );
  r.get('/delete', ...write(), validateQuery(idListSchema(idsParam)), async (_req, res) =>
    res.json(await service.delete(kind, idsOf(res))),
  );
  if (combine)
    r.get('/combine', ...write(), validateQuery(idListSchema(idsParam)), async (_req, res) =>
      res.json(await service.combine(kind, idsOf(res), editorOf(principalOf(res)))),
    );
  if (kind === 'discountGroup') {
    r.get('/export', ...write(), async (_req, res) => exportDiscountGroups(res, service));
    r.post('/import', ...write(), multipart(), async (_req, res) =>
      res.json(await importDiscountGroups(multipartOf(res).files.find((f) => f.field === 'file')?.bytes, service)),
    );
  }
  if (kind === 'manufacturer')
    r.get('/delete/article', ...write(), validateQuery(manufacturerArticlesSchema), async (_req, res) =>
      res.json(
        await service.deleteManufacturerArticles(
          q<{ manufacturerId: string }>(res).manufacturerId,
          principalOf(res).uid,
        ),
      ),
    );
  return r;
}

/**
 * The article catalogue and its four field-value lists (docs/api.md "Catalogue", docs/decisions-catalogue.md):
 * /article, /manufacturer, /discountgroup, /unit, /wholesaler. Article writes keep the number claims and the
 * field values' counts in their transactions; combine and the manufacturer's article deletion run as tasks.
 */
function createCatalogueModule(d: AreaDeps): AreaModule {
  const articles = new ArticlesRepository(d.db);
  const uniqueKeys = new UniqueKeysRepository(d.db);
  const repos = Object.fromEntries(
    FIELD_VALUE_KINDS.map((k) => [k, new FieldValuesRepository(d.db, k)]),
  ) as FieldValueRepos;
  const articleWrites = new ArticlesService({
    articles,
    fieldValues: repos,
    uniqueKeys,
    transaction: d.transaction,
    now: d.now,
  });
  const fieldValues = new FieldValuesService({
    repos,
    uniqueKeys,
    transaction: d.transaction,
    tasks: d.tasks,
    now: d.now,
  });
  d.ports.provide(CATALOGUE_PORT, {
    articles: articleWrites,
    fieldValues,
    matchContext: () => matchContext(articles, fieldValues),
    matchableArticle: (id) => matchableArticle(articles, fieldValues, id),
    manufacturerNames: async () =>
      (await fieldValues.all('manufacturer', false)).flatMap((m) => [
        m.displayName,
        ...(m.abbreviation ? [m.abbreviation] : []),
        ...m.nameVariants,
      ]),
  });
  const taskDeps = { articles, articleWrites, repos, uniqueKeys, now: d.now, log: d.log };
  return {
    mounts: [
      { path: '/article', router: articleRouter(d, articles, articleWrites) },
      ...FIELD_VALUE_KINDS.map((kind) => ({
        path: FIELD_VALUE_ROUTES[kind].path,
        router: fieldValueRouter(d, kind, fieldValues),
      })),
    ],
    taskKinds: [combineTask(taskDeps), deleteManufacturerArticlesTask(taskDeps), renameManufacturerTask(taskDeps)],
  };
}

export const catalogueArea = defineArea({
  name: 'catalogue',
  pageShapes: [...ARTICLES_PAGE_SHAPES, ...FIELD_VALUES_PAGE_SHAPES],
  errors: CATALOGUE_ERRORS,
  create: createCatalogueModule,
});
