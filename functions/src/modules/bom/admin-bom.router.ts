import { Router, type Request, type Response } from 'express';
import type { Authenticate } from '../../http/authenticate.js';
import { principalOf } from '../../http/authenticate.js';
import { guard, requireCompanyType } from '../../http/guards.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import { sendDownload } from '../../http/send-download.js';
import { validateBody, validateInput, validateQuery } from '../../http/validate.js';
import {
  adminBomDeleteQuerySchema,
  adminBomGeneratedQuerySchema,
  adminBomHistoryQuerySchema,
  adminBomIdQuerySchema,
  adminBomLinesQuerySchema,
  adminBomLineUpdateSchema,
  adminBomRematchSchema,
  adminBomTaskQuerySchema,
  type AdminBomHistoryQuery,
  type AdminBomLinesQuery,
} from '../../model/bom-import.js';
import { bomMapSchema } from '../../model/bom-job.js';
import { canWriteCatalogue } from '../../model/catalogue.js';
import { historyQuerySchema, type HistoryQuery } from '../../model/change-history.js';
import { ApiError } from '../../platform/api-error.js';
import type { AdminBomImportRequest, AdminBomService } from './admin-bom.service.js';
import { fieldMappingOf, headerRowIndexOf } from './header-row.js';

/** The admin import: every ADMIN-company user (spec 02 §1: with or without the admin flag). */
export const adminCompany = requireCompanyType('ADMIN');
/** The history of all imports: administrators (ADMIN company with the admin flag, spec 02 §6). */
const administrators = guard((p) => p.companyType === 'ADMIN' && p.admin);

/**
 * Changing a result's lines (manual match, line edits, re-match after an article edit): the catalogue's writers
 * (spec §4 "editing an article from a line needs the catalogue's write right"; model `canWriteCatalogue`).
 */
const catalogueWriters = guard(canWriteCatalogue);

const q = <T>(res: Response) => res.locals.query as T;

const mapFieldsSchema = bomMapSchema.pick(['mapping', 'suppliedPartString']);

/**
 * The multipart fields of the admin import (POST /enquiry/bom/map?admin=true; query parameters as the spec sends
 * them win over form fields).
 */
export async function importForm(req: Request, res: Response): Promise<AdminBomImportRequest> {
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
  const headerRowIndex = headerRowIndexOf(pick('headerRowIndex'), 'bomSave');
  const valid = await validateInput(mapFieldsSchema, {
    mapping,
    suppliedPartString: pick('suppliedPartString') || undefined,
  });
  return {
    file: files.find((f) => f.field === 'file'),
    headerRowIndex,
    mapping: fieldMappingOf(valid.mapping),
    ...(valid.suppliedPartString ? { suppliedPartString: valid.suppliedPartString } : {}),
  };
}

/**
 * /admin/bom/* — docs/api.md "Admin BOM import": the header read, the history, one result, its lines, a line's
 * manual match and edits, the re-match after an article edit, its generated file, a background import's state,
 * delete. The import itself is the spec's map call (enquiry-bom.router.ts).
 */
export function adminBomRouter(authenticate: Authenticate, service: AdminBomService): Router {
  const r = Router();
  const caller = () => [authenticate(), adminCompany] as const;
  r.post('/header', ...caller(), multipart(), async (_req, res) => {
    const { fields, files } = multipartOf(res);
    const given = fields.headerRowIndex !== undefined && fields.headerRowIndex !== '';
    const headerRowIndex = given ? headerRowIndexOf(fields.headerRowIndex, 'bomUpdateHeader') : undefined;
    const file = files.find((f) => f.field === 'file');
    res.json(await service.header(principalOf(res), file, headerRowIndex));
  });
  r.get('/all/simple', authenticate(), administrators, validateQuery(adminBomHistoryQuerySchema), async (_req, res) =>
    res.json(await service.history(q<AdminBomHistoryQuery>(res))),
  );
  r.get('/delete', authenticate(), administrators, validateQuery(adminBomDeleteQuerySchema), async (_req, res) =>
    res.json(await service.delete(q<{ adminBOMResultIds: string[] }>(res).adminBOMResultIds)),
  );
  r.get('/history', ...caller(), validateQuery(historyQuerySchema), async (_req, res) => {
    const query = q<HistoryQuery>(res);
    res.json(await service.changes(principalOf(res), query.id, query.page, query.paginationSize));
  });
  r.get('/lines', ...caller(), validateQuery(adminBomLinesQuerySchema), async (_req, res) =>
    res.json(await service.lines(principalOf(res), q<AdminBomLinesQuery>(res))),
  );
  r.post('/line', authenticate(), catalogueWriters, validateBody(adminBomLineUpdateSchema), async (req, res) =>
    res.json(await service.updateLine(principalOf(res), req.body)),
  );
  r.post('/rematch', authenticate(), catalogueWriters, validateBody(adminBomRematchSchema), async (req, res) =>
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
  return r;
}
