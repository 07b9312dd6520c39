import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AnyObject, ObjectSchema } from 'yup';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePlatformAdmin } from '../../http/guards.js';
import { multipart, type MultipartBody } from '../../http/multipart.js';
import { validateBody, validateInput, validateQuery } from '../../http/validate.js';
import {
  headerRowIndexSchema,
  IMPORT_CONFIG_ERRORS,
  importConfigDeleteSchema,
  importConfigInputSchema,
  importConfigQuerySchema,
  type ImportConfigInput,
} from '../../model/import-config-schemas.js';
import { editorOf, historyQuerySchema, type HistoryQuery } from '../../model/change-history.js';
import { DEFAULT_HEADER_ROW_INDEX } from '../../model/import-config.js';
import { optionalBodyIdSchema } from '../../model/id.js';
import { TxCheck } from '../../platform/events.js';
import { CATALOGUE_PORT } from '../catalogue/catalogue.port.js';
import { IMPORT_CONFIGS_ADMIN_PORT } from './import-configs.admin-port.js';
import { IMPORT_CONFIGS_PORT, type ImportConfigEvents } from './import-configs.port.js';
import { ImportConfigsRepository, publicConfig } from './import-configs.repository.js';
import { ImportConfigsService } from './import-configs.service.js';
import { field, invalid } from './sample-reader.js';
import * as yup from 'yup';

const formOf = (res: Response) => res.locals.multipart as MultipartBody;

/** Validates a JSON text field of a multipart form against the model's schema (400 validation like a JSON body). */
async function parseJsonField<T extends AnyObject>(schema: ObjectSchema<T>, name: string, raw: string | undefined) {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    throw invalid([field(name, 'validation.type')]);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid([field(name, 'validation.type')]);
  return validateInput(schema, value);
}

/**
 * The configuration of a save: multipart (`config` JSON + optional `file`) or, for an update without a new file, a
 * JSON body. Leaves `res.locals.config` (validated) and `res.locals.file`.
 */
function configForm(schema: ObjectSchema<AnyObject>): RequestHandler[] {
  const parts = multipart();
  const json = validateBody(schema);
  return [
    (req, res, next) => (req.is('multipart/form-data') ? parts(req, res, next) : json(req, res, next)),
    async (req: Request, res: Response, next) => {
      if (!req.is('multipart/form-data')) {
        res.locals.config = req.body;
        return next();
      }
      const form = formOf(res);
      res.locals.config = await parseJsonField(schema, 'config', form.fields.config);
      res.locals.file = form.files.find((f) => f.field === 'file');
      next();
    },
  ];
}

const headersFormSchema = yup.object({
  headerRowIndex: headerRowIndexSchema().default(DEFAULT_HEADER_ROW_INDEX),
  configId: optionalBodyIdSchema,
});

const updateSchema = importConfigInputSchema.shape({ id: importConfigQuerySchema.fields.id });

function router(d: AreaDeps, service: ImportConfigsService) {
  const r = Router();
  const admin = () => [d.authenticate(), requirePlatformAdmin] as const;
  r.get('/', ...admin(), validateQuery(importConfigQuerySchema), async (_req, res) =>
    res.json(await service.get((res.locals.query as { id: string }).id)),
  );
  r.get('/history', ...admin(), validateQuery(historyQuerySchema), async (_req, res) => {
    const query = res.locals.query as HistoryQuery;
    res.json(await service.history(query.id, query.page, query.paginationSize));
  });
  r.get('/all', ...admin(), async (_req, res) => res.json(await service.all()));
  r.post('/', ...admin(), ...configForm(importConfigInputSchema), async (_req, res) =>
    res
      .status(201)
      .json(await service.create(editorOf(principalOf(res)), res.locals.config as ImportConfigInput, res.locals.file)),
  );
  r.post('/update', ...admin(), ...configForm(updateSchema), async (_req, res) =>
    res.json(
      await service.update(
        editorOf(principalOf(res)),
        res.locals.config as ImportConfigInput & { id: string },
        res.locals.file,
      ),
    ),
  );
  r.post('/delete', ...admin(), validateBody(importConfigDeleteSchema), async (req, res) => {
    await service.delete((req.body as { configId: string }).configId);
    res.json({ ok: true });
  });
  r.post('/headers', ...admin(), multipart(), async (_req, res) => {
    const form = formOf(res);
    const { headerRowIndex, configId } = await validateInput(headersFormSchema, form.fields);
    const file = form.files.find((f) => f.field === 'file');
    res.json(await service.headers(file, headerRowIndex, configId || undefined));
  });
  return r;
}

/**
 * /import/config (docs/api.md "Import configurations", docs/decisions-imports.md): admin-flag users of the ADMIN
 * company only. Provides IMPORT_CONFIGS_PORT to the article import, whose listener may refuse a delete.
 */
function createImportConfigsModule(d: AreaDeps): AreaModule {
  const repo = new ImportConfigsRepository(d.db);
  const events: ImportConfigEvents = { deleteRequested: new TxCheck('importConfigs.deleteRequested') };
  const service = new ImportConfigsService({
    repo,
    transaction: d.transaction,
    now: d.now,
    store: d.files,
    discard: d.discard,
    fieldValues: d.ports.get(CATALOGUE_PORT).fieldValues,
    events,
  });
  d.ports.provide(IMPORT_CONFIGS_PORT, {
    get: async (id) => {
      const config = await repo.get(id);
      return config && publicConfig(config);
    },
    events,
    recordImportInTx: (tx, configId, run) => service.recordImportInTx(tx, configId, run),
  });
  d.ports.provide(IMPORT_CONFIGS_ADMIN_PORT, service);
  return { path: '/import/config', router: router(d, service) };
}

export const importConfigsArea = defineArea({
  name: 'import-configs',
  errors: IMPORT_CONFIG_ERRORS,
  create: createImportConfigsModule,
});
