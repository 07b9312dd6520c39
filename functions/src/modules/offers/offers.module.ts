import { Router, type RequestHandler } from 'express';
import * as yup from 'yup';
import type { AreaDeps, AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { guard, requireCompanyType } from '../../http/guards.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import { idSchema } from '../../model/id.js';
import { declineSchema, offerCreateSchema, offerFilterSchema, offerUpdateSchema } from '../../model/offer.js';
import { usesEnquiries } from '../../model/permissions-enquiries.js';
import { VALIDATION_KEYS as V } from '../../model/validation.js';
import type { EnquiriesService } from '../enquiries/enquiries.service.js';
import { StorageFileStore, type FileStore } from '../files/file-store.js';
import { UsersRepository } from '../users/users.repository.js';
import { OffersRepository } from './offers.repository.js';
import { OffersService } from './offers.service.js';

const idQuery = yup.object({ id: idSchema });
const offerIdQuery = yup.object({ offerId: idSchema });
const enquiryIdQuery = yup.object({ enquiryId: idSchema });
/** GET|POST /offer/statechange: the target state names the action; DECLINED carries the reason. */
const stateChangeQuery = offerIdQuery.shape({
  state: yup.string().typeError(V.type).oneOf(['ACCEPTED', 'DECLINED', 'CONFIRMED'], V.oneOf).required(V.required),
  // checked by declineSchema for a decline (accept and confirm ignore them)
  rejectionReason: yup.string().typeError(V.type).optional(),
  rejectionReasonIndividual: yup.string().typeError(V.type).optional(),
});

/** ADMIN and EXTERNAL callers: 403 on every /offer call (a fact about the caller). */
const requireOfferUser = guard((p) => usesEnquiries(p));

export interface OffersModule extends AreaModule {
  service: OffersService;
}

export interface OffersModuleDeps extends AreaDeps {
  enquiries: EnquiriesService;
  /** defaults to the bucket */
  store?: FileStore;
}

/**
 * /offer/* — docs/api.md "Offers". Each route: authenticate → guard (CUSTOMER or SUPPLIER) → validate →
 * service (the transition table on the record it read, in one transaction). Registers the offers' hooks
 * with the enquiries area (reopen refusal, outdated notices).
 */
export function createOffersModule(d: OffersModuleDeps): OffersModule {
  const offers = new OffersService({
    offers: new OffersRepository(d.db),
    enquiries: d.enquiries,
    uniqueKeys: new UniqueKeysRepository(d.db),
    users: new UsersRepository(d.db),
    mail: d.mail,
    portalUrl: d.config.portalUrl,
    transaction: d.transaction,
    now: d.now,
    store: d.store ?? new StorageFileStore(d.bucket),
  });
  d.enquiries.useOfferHooks(offers);
  const caller = () => [d.authenticate(), requireOfferUser] as const;
  const byOfferId =
    (fn: (p: ReturnType<typeof principalOf>, id: string) => Promise<unknown>, status = 200): RequestHandler =>
    async (_req, res) => {
      res.status(status).json(await fn(principalOf(res), res.locals.query.offerId));
    };
  const r = Router();
  r.get('/', ...caller(), validateQuery(idQuery), async (_req, res) =>
    res.json(await offers.get(principalOf(res), res.locals.query.id)),
  );
  r.get('/filter', ...caller(), validateQuery(offerFilterSchema), async (_req, res) =>
    res.json(await offers.filter(principalOf(res), res.locals.query)),
  );
  r.post('/', ...caller(), requireCompanyType('SUPPLIER'), validateBody(offerCreateSchema), async (req, res) =>
    res.status(201).json(await offers.create(principalOf(res), req.body)),
  );
  r.post('/update', ...caller(), validateBody(offerUpdateSchema), async (req, res) =>
    res.json(await offers.update(principalOf(res), req.body)),
  );
  r.post(
    '/release',
    ...caller(),
    validateQuery(offerIdQuery),
    byOfferId((p, id) => offers.release(p, id)),
  );
  for (const method of ['get', 'post'] as const)
    r[method]('/statechange', ...caller(), validateQuery(stateChangeQuery), async (_req, res) => {
      const q = res.locals.query as yup.InferType<typeof stateChangeQuery>;
      const decline =
        q.state === 'DECLINED'
          ? await declineSchema.validate(
              { rejectionReason: q.rejectionReason, rejectionReasonIndividual: q.rejectionReasonIndividual },
              { abortEarly: false, stripUnknown: true },
            )
          : {};
      res.json(await offers.stateChange(principalOf(res), q.offerId, q.state, decline));
    });
  r.get(
    '/revision',
    ...caller(),
    validateQuery(offerIdQuery),
    byOfferId((p, id) => offers.revise(p, id), 201),
  );
  r.post(
    '/archive',
    ...caller(),
    validateQuery(offerIdQuery),
    byOfferId((p, id) => offers.archive(p, id)),
  );
  r.get('/compare', ...caller(), requireCompanyType('CUSTOMER'), validateQuery(enquiryIdQuery), async (_req, res) =>
    res.json(await offers.compare(principalOf(res), res.locals.query.enquiryId)),
  );
  return { path: '/offer', router: r, service: offers };
}
