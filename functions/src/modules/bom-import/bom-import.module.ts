import { Router, type Request, type Response } from 'express';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { ApiError } from '../../platform/api-error.js';
import { principalOf } from '../../http/authenticate.js';
import { guard, requireCompanyType } from '../../http/guards.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import { sendDownload } from '../../http/send-download.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { validateHeaderRowIndex } from '../../bom/header.js';
import { FirestoreMappingMemoryStore } from '../../bom/mapping-memory.repository.js';
import type { FieldMapping } from '../../model/bom/fields.js';
import {
  adminBomDeleteQuerySchema,
  adminBomGeneratedQuerySchema,
  adminBomHistoryQuerySchema,
  adminBomIdQuerySchema,
  adminBomLinesQuerySchema,
  adminBomLineUpdateSchema,
  adminBomRematchSchema,
  adminBomTaskQuerySchema,
  BOM_IMPORT_ERRORS,
  type AdminBomHistoryQuery,
  type AdminBomLinesQuery,
} from '../../model/bom-import.js';
import { bomMapSchema } from '../../model/bom-job.js';
import { canWriteCatalogue } from '../../model/catalogue.js';
import { CATALOGUE_PORT } from '../catalogue/catalogue.port.js';
import { BomJobsRepository } from '../bom-jobs/bom-jobs.repository.js';
import { lineSetTask } from '../bom-jobs/line-set.task.js';
import { BomReader } from '../enquiries/bom-reader.js';
import { ADMIN_BOM_HISTORY_SHAPE, AdminBomRepository } from './bom-import.repository.js';
import { BOM_IMPORT_PORT } from './bom-import.port.js';
import { BomImportService } from './bom-import.service.js';

/** The admin BOM import: every ADMIN-company user (spec 02 §1: with or without the admin flag). */
const adminCompany = requireCompanyType('ADMIN');
/** The history of all imports: administrators (ADMIN company with the admin flag, spec 02 §6). */
const administrators = guard((p) => p.companyType === 'ADMIN' && p.admin);

/**
 * Changing a result's lines (manual match, line edits, re-match after an article edit): the catalogue's writers
 * (spec §4 "editing an article from a line needs the catalogue's write right"; model `canWriteCatalogue`).
 */
const catalogueWriters = guard(canWriteCatalogue);

const q = <T>(res: Response) => res.locals.query as T;

/** `?admin=true` (also `1`) marks the spec's map call as the admin import. */
const wantsAdminImport = (req: Request) => req.query.admin === 'true' || req.query.admin === '1';

const mapFieldsSchema = bomMapSchema.pick(['mapping', 'suppliedPartString']);

/** The multipart fields of the import (query parameters as the spec sends them win over form fields). */
async function importForm(req: Request, res: Response) {
  const { fields, files } = multipartOf(res);
  const pick = (name: string) => {
    const v = req.query[name];
    return typeof v === 'string' ? v : fields[name];
  };
  let mapping: unknown;
  try {
    mapping = JSON.parse(fields.mapping ?? '');
  } catch {
    throw ApiError.badRequest('validation', [
      { path: 'mapping', key: fields.mapping ? 'validation.type' : 'validation.required' },
    ]);
  }
  const headerRowIndex = pick('headerRowIndex');
  const problem = validateHeaderRowIndex(headerRowIndex, 'bomSave');
  if (problem) throw ApiError.badRequest('validation', [{ path: 'headerRowIndex', key: problem }]);
  const valid = await mapFieldsSchema.validate(
    { mapping, suppliedPartString: pick('suppliedPartString') || undefined },
    { abortEarly: false, stripUnknown: true },
  );
  return {
    file: files.find((f) => f.field === 'file'),
    headerRowIndex: Number(headerRowIndex),
    mapping: valid.mapping.map((m) => ({
      ...(m.columnIndex !== undefined ? { columnIndex: m.columnIndex } : {}),
      importHeader: m.importHeader ?? '',
      articleField: m.articleField as FieldMapping[number]['articleField'],
    })),
    ...(valid.suppliedPartString ? { suppliedPartString: valid.suppliedPartString } : {}),
  };
}

/**
 * The administrators' BOM import (docs/api.md "Admin BOM import", docs/decisions-bom.md "Admin BOM import"):
 * `POST /enquiry/bom/map?admin=true` (the spec's call; listed before the BOM jobs' area so that it sees the admin
 * call first and passes every other map call on) and `/admin/bom/*` (header read, history, one result, its lines,
 * a line's manual match and edits, the re-match after an article edit, its generated file, delete).
 */
function createBomImportModule(d: AreaDeps): AreaModule {
  const lines = new BomJobsRepository(d.db);
  const catalogue = d.ports.get(CATALOGUE_PORT);
  const service = new BomImportService({
    jobs: new AdminBomRepository(d.db),
    lines,
    reader: new BomReader(),
    catalogue,
    memory: new FirestoreMappingMemoryStore(d.db),
    files: d.files,
    tasks: d.tasks,
    transaction: d.transaction,
    now: d.now,
    log: d.log,
  });
  d.ports.provide(BOM_IMPORT_PORT, service);

  const map = Router();
  map.post(
    '/map',
    (req, _res, next) => (wantsAdminImport(req) ? next() : next('route')),
    d.authenticate(),
    // `admin` from anybody but an ADMIN-company caller: 403
    adminCompany,
    multipart(),
    async (req, res) => {
      const answer = await service.import(principalOf(res), await importForm(req, res));
      // above the synchronous ceiling: 202 with the background task the page follows (GET /admin/bom/task)
      res.status('taskId' in answer ? 202 : 200).json(answer);
    },
  );

  const r = Router();
  const caller = () => [d.authenticate(), adminCompany] as const;
  r.post('/header', ...caller(), multipart(), async (_req, res) => {
    const { fields, files } = multipartOf(res);
    let headerRowIndex: number | undefined;
    if (fields.headerRowIndex !== undefined && fields.headerRowIndex !== '') {
      const problem = validateHeaderRowIndex(fields.headerRowIndex, 'bomUpdateHeader');
      if (problem) throw ApiError.badRequest('validation', [{ path: 'headerRowIndex', key: problem }]);
      headerRowIndex = Number(fields.headerRowIndex);
    }
    res.json(
      await service.header(
        principalOf(res),
        files.find((f) => f.field === 'file'),
        headerRowIndex,
      ),
    );
  });
  r.get('/all/simple', d.authenticate(), administrators, validateQuery(adminBomHistoryQuerySchema), async (_req, res) =>
    res.json(await service.history(q<AdminBomHistoryQuery>(res))),
  );
  r.get('/delete', d.authenticate(), administrators, validateQuery(adminBomDeleteQuerySchema), async (_req, res) =>
    res.json(await service.delete(q<{ adminBOMResultIds: string[] }>(res).adminBOMResultIds)),
  );
  r.get('/lines', ...caller(), validateQuery(adminBomLinesQuerySchema), async (_req, res) =>
    res.json(await service.lines(principalOf(res), q<AdminBomLinesQuery>(res))),
  );
  r.post('/line', d.authenticate(), catalogueWriters, validateBody(adminBomLineUpdateSchema), async (req, res) =>
    res.json(await service.updateLine(principalOf(res), req.body)),
  );
  r.post('/rematch', d.authenticate(), catalogueWriters, validateBody(adminBomRematchSchema), async (req, res) =>
    res.json(await service.rematch(principalOf(res), req.body)),
  );
  r.get('/generated', ...caller(), validateQuery(adminBomGeneratedQuerySchema), async (_req, res) => {
    const query = q<{ id: string; part: 'main' | 'suppliedParts' }>(res);
    await sendDownload(res, await service.generated(principalOf(res), query.id, query.part));
  });
  r.get('/task', ...caller(), validateQuery(adminBomTaskQuerySchema), async (_req, res) =>
    res.json(await service.taskState(principalOf(res), q<{ taskId: string }>(res).taskId)),
  );
  r.get('/', ...caller(), validateQuery(adminBomIdQuerySchema), async (_req, res) =>
    res.json(await service.result(principalOf(res), q<{ id: string }>(res).id)),
  );
  return {
    mounts: [
      { path: '/enquiry/bom', router: map },
      { path: '/admin/bom', router: r },
    ],
    taskKinds: [
      lineSetTask(service.importTaskOwner(), { db: d.db, repo: lines, files: d.files, catalogue, now: d.now }),
    ],
  };
}

/** The administrators' BOM import and its history (spec 02 §2 /import/stueckliste, §7 Admin BOM results). */
export const bomImportArea = defineArea({
  name: 'bom-import',
  pageShapes: [ADMIN_BOM_HISTORY_SHAPE],
  errors: BOM_IMPORT_ERRORS,
  create: createBomImportModule,
});
