import { Router, type RequestHandler, type Response } from 'express';
import * as yup from 'yup';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { ApiError } from '../../platform/api-error.js';
import { guard, requireCompanyType } from '../../http/guards.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { validateHeaderRowIndex } from '../../bom/header.js';
import { ENQUIRY_ERRORS, enquiryFilterSchema, enquiryInputSchema, enquiryUpdateSchema } from '../../model/enquiry.js';
import { idSchema, isValidId, optionalBodyIdSchema } from '../../model/id.js';
import { usesEnquiries } from '../../model/permissions-enquiries.js';
import { sendListExport } from '../../http/csv-export.js';
import { sendDownload } from '../../http/send-download.js';
import { AreaEvent } from '../../platform/events.js';
import { ENQUIRIES_PORT, type EnquiryEvents } from './enquiries.port.js';
import { ENQUIRIES_PAGE_SHAPE, EnquiriesRepository } from './enquiries.repository.js';
import { EnquiriesService } from './enquiries.service.js';
import { EnquiryBomService } from './enquiry-bom.service.js';
import { ENQUIRY_EXPORT } from './enquiry-export.js';
import { enquiryFileOwners } from './enquiry-file-owners.js';
import { EnquiryRecords } from './enquiry-records.js';
import { enquirySupplementsOwner } from './enquiry-supplements.js';

const idQuery = yup.object({ id: idSchema });
/** `offerId` of the spec's BOM calls is accepted and ignored until the offers issue. */
const enquiryIdQuery = yup.object({ enquiryId: idSchema, offerId: optionalBodyIdSchema });
const bomQuery = enquiryIdQuery.shape({
  revision: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').optional(),
});

/** ADMIN and EXTERNAL callers: 403 on every /enquiry call (a fact about the caller). */
const requireEnquiryUser = guard((p) => usesEnquiries(p));

/** The multipart fields of the BOM calls: `enquiryId` (an id) and `headerRowIndex?` (whole number ≥ 1). */
function bomForm(res: Response) {
  const { fields, files } = multipartOf(res);
  const problems: Array<{ path: string; key: string }> = [];
  const enquiryId = fields.enquiryId ?? '';
  if (!isValidId(enquiryId))
    problems.push({ path: 'enquiryId', key: enquiryId ? 'validation.id' : 'validation.required' });
  let headerRowIndex: number | undefined;
  if (fields.headerRowIndex !== undefined && fields.headerRowIndex !== '') {
    const problem = validateHeaderRowIndex(fields.headerRowIndex, 'bomUpdateHeader');
    if (problem) problems.push({ path: 'headerRowIndex', key: problem });
    else headerRowIndex = Number(fields.headerRowIndex);
  }
  if (problems.length) throw ApiError.badRequest('validation', problems);
  return { enquiryId, headerRowIndex, file: files.find((f) => f.field === 'file') };
}

/**
 * /enquiry/* — docs/api.md "Enquiries". Each route: authenticate → guard (CUSTOMER or SUPPLIER) → validate →
 * service (record rules on the record it read). Offers its service and its events to the areas after it.
 */
function createEnquiriesModule(d: AreaDeps): AreaModule {
  const repo = new EnquiriesRepository(d.db);
  const records = new EnquiryRecords(repo, d.transaction);
  const events: EnquiryEvents = {
    bomReplaced: new AreaEvent('enquiry.bomReplaced', d.log),
    bomRevised: new AreaEvent('enquiry.bomRevised', d.log),
    circuitDiagramRevised: new AreaEvent('enquiry.circuitDiagramRevised', d.log),
    openChanged: new AreaEvent('enquiry.openChanged', d.log),
    supplementAdded: new AreaEvent('enquiry.supplementAdded', d.log),
  };
  const shared = { records, now: d.now, store: d.files, discard: d.discard, newId: () => repo.newId() };
  const enquiries = new EnquiriesService({ ...shared, events, transaction: d.transaction });
  const bom = new EnquiryBomService({ ...shared, events });
  d.ports.provide(ENQUIRIES_PORT, { service: enquiries, bom, events });

  const caller = () => [d.authenticate(), requireEnquiryUser] as const;
  const byQuery =
    (fn: (p: ReturnType<typeof principalOf>, id: string) => Promise<unknown>): RequestHandler =>
    async (_req, res) => {
      res.json(await fn(principalOf(res), res.locals.query.enquiryId));
    };
  const r = Router();
  r.get('/', ...caller(), validateQuery(idQuery), async (_req, res) =>
    res.json(await enquiries.get(principalOf(res), res.locals.query.id)),
  );
  r.get('/filter', ...caller(), validateQuery(enquiryFilterSchema), async (_req, res) =>
    res.json(await enquiries.filter(principalOf(res), res.locals.query)),
  );
  r.post('/export', ...caller(), validateBody(ENQUIRY_EXPORT.schema), async (req, res) =>
    sendListExport(res, req.body, enquiries.rows(principalOf(res), req.body.query), ENQUIRY_EXPORT.fields),
  );
  r.post('/', ...caller(), requireCompanyType('CUSTOMER'), validateBody(enquiryInputSchema), async (req, res) =>
    res.status(201).json(await enquiries.create(principalOf(res), req.body)),
  );
  r.post('/update', ...caller(), validateBody(enquiryUpdateSchema), async (req, res) =>
    res.json(await enquiries.update(principalOf(res), req.body)),
  );
  r.post(
    '/release',
    ...caller(),
    validateQuery(enquiryIdQuery),
    byQuery((p, id) => enquiries.release(p, id)),
  );
  for (const method of ['get', 'post'] as const)
    r[method](
      '/reopen',
      ...caller(),
      validateQuery(enquiryIdQuery),
      byQuery((p, id) => enquiries.reopen(p, id)),
    );
  r.post(
    '/archive',
    ...caller(),
    validateQuery(enquiryIdQuery),
    byQuery((p, id) => enquiries.archive(p, id)),
  );
  r.post('/copy', ...caller(), validateQuery(idQuery), async (_req, res) =>
    res.status(201).json(await enquiries.copy(principalOf(res), res.locals.query.id)),
  );
  r.post('/bom/upload', ...caller(), multipart(), async (_req, res) => {
    const form = bomForm(res);
    res.json(await bom.upload(principalOf(res), form.enquiryId, form.file, form.headerRowIndex));
  });
  r.post('/bom/header', ...caller(), multipart(), async (_req, res) => {
    const form = bomForm(res);
    res.json(await bom.header(principalOf(res), form.enquiryId, form.file, form.headerRowIndex));
  });
  r.get('/bom', ...caller(), validateQuery(bomQuery), async (_req, res) => {
    const q = res.locals.query as yup.InferType<typeof bomQuery>;
    await sendDownload(res, await bom.download(principalOf(res), q.enquiryId, q.revision));
  });
  r.post(
    '/bom/delete',
    ...caller(),
    validateQuery(enquiryIdQuery),
    byQuery((p, id) => bom.delete(p, id)),
  );
  const fileOwners = [...enquiryFileOwners(records, events, d.now), enquirySupplementsOwner(records, events, d.now)];
  return { path: '/enquiry', router: r, fileOwners };
}

/** Enquiries, their BOM and their three folders (docs/api.md "Enquiries"). */
export const enquiriesArea = defineArea({
  name: 'enquiries',
  pageShapes: [ENQUIRIES_PAGE_SHAPE],
  errors: ENQUIRY_ERRORS,
  create: createEnquiriesModule,
});
