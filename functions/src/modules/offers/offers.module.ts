import { Router, type RequestHandler } from 'express';
import * as yup from 'yup';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { guard, requireCompanyType } from '../../http/guards.js';
import { sendListExport } from '../../http/csv-export.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import type { Enquiry } from '../../model/enquiry.js';
import { idSchema } from '../../model/id.js';
import {
  enquiryStanding,
  isOfferOutdated,
  OFFER_ERRORS,
  offerCreateSchema,
  offerFilterSchema,
  offerUpdateSchema,
  stateChangeSchema,
} from '../../model/offer.js';
import { usesEnquiries } from '../../model/permissions-enquiries.js';
import { AreaEvent } from '../../platform/events.js';
import { ENQUIRIES_PORT } from '../enquiries/enquiries.port.js';
import { USERS_PORT } from '../users/users.port.js';
import { OFFER_EXPORT } from './offer-export.js';
import { offerDocumentsOwner } from './offer-file-owners.js';
import { OfferMailer } from './offer-mails.js';
import { isLiveOffer, type StateChangeInput } from './offer-record.js';
import { OFFERS_PAGE_SHAPE, OffersRepository } from './offers.repository.js';
import { OffersService } from './offers.service.js';
import { OrderDeadlines, orderLapseTask, orderReminderTask } from './order-deadlines.task.js';
import { OFFERS_PORT, type OfferEvents } from './offers.port.js';

const idQuery = yup.object({ id: idSchema });
const offerIdQuery = yup.object({ offerId: idSchema });
const enquiryIdQuery = yup.object({ enquiryId: idSchema });

/** ADMIN and EXTERNAL callers: 403 on every /offer call (a fact about the caller). */
const requireOfferUser = guard((p) => usesEnquiries(p));

/**
 * /offer/* — docs/api.md "Offers". Each route: authenticate → guard (CUSTOMER or SUPPLIER) → validate →
 * service (the transition table on the record it read, in one transaction). An accept schedules the order's reminder
 * and lapse (background tasks, order-deadlines.task.ts). Listens to the enquiries' events:
 * a new BOM or circuit diagram outdates the live offers. Accept and confirm write the enquiry's `order` fact
 * through its port (the enquiry's reopen and archive rules read it there).
 */
function createOffersModule(d: AreaDeps): AreaModule {
  const { service: enquiries, events } = d.ports.get(ENQUIRIES_PORT);
  const repo = new OffersRepository(d.db);
  const mails = new OfferMailer({ users: d.ports.get(USERS_PORT).records, portalUrl: d.config.portalUrl });
  const offerEvents: OfferEvents = { revised: new AreaEvent('offer.revised', d.log) };
  const orderTaskDeps = { offers: repo, enquiries, mails, mail: d.mail, now: d.now };
  const offers = new OffersService({
    offers: repo,
    enquiries,
    uniqueKeys: new UniqueKeysRepository(d.db),
    mails,
    mail: d.mail,
    transaction: d.transaction,
    now: d.now,
    store: d.files,
    discard: d.discard,
    events: offerEvents,
    orders: new OrderDeadlines(d.tasks),
  });

  d.ports.provide(OFFERS_PORT, {
    service: offers,
    events: offerEvents,
    record: (id) => repo.get(id),
    recordInTx: (tx, id) => repo.getInTx(tx, id),
    records: (ids) => repo.getMany(ids),
    heads: (ids) => repo.getHeads(ids),
    ofEnquiry: (enquiryId) => repo.byEnquiry(enquiryId),
  });

  // a new BOM or circuit-diagram revision: the creators of the live offers it outdates are told
  const outdated = async (enquiry: Enquiry) => {
    const now = d.now();
    for (const offer of await repo.byEnquiry(enquiry.id)) {
      if (!isLiveOffer(offer) || !isOfferOutdated(offer, enquiry)) continue;
      const mail = await mails.outdated(offer, enquiry.customerName);
      if (mail) await d.mail.send(mail, now);
    }
  };
  events.bomRevised.on(outdated);
  events.circuitDiagramRevised.on(outdated);
  // released, reopened or archived: the offers show where their enquiry stands (their actions read it anyway)
  events.openChanged.on((enquiry) => offers.syncStanding(enquiry.id, enquiryStanding(enquiry)));

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
  r.post('/export', ...caller(), validateBody(OFFER_EXPORT.schema), async (req, res) =>
    sendListExport(res, req.body, offers.rows(principalOf(res), req.body.query), OFFER_EXPORT.fields),
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
  // the spec names these GET; the web sends POST (a call with an effect)
  for (const method of ['get', 'post'] as const) {
    r[method]('/statechange', ...caller(), validateQuery(stateChangeSchema), async (_req, res) => {
      const q = res.locals.query as yup.InferType<typeof stateChangeSchema>;
      res.json(await offers.stateChange(principalOf(res), q.offerId, q.state, q as StateChangeInput));
    });
    r[method](
      '/revision',
      ...caller(),
      validateQuery(offerIdQuery),
      byOfferId((p, id) => offers.revise(p, id), 201),
    );
  }
  r.post(
    '/archive',
    ...caller(),
    validateQuery(offerIdQuery),
    byOfferId((p, id) => offers.archive(p, id)),
  );
  r.get('/compare', ...caller(), requireCompanyType('CUSTOMER'), validateQuery(enquiryIdQuery), async (_req, res) =>
    res.json(await offers.compare(principalOf(res), res.locals.query.enquiryId)),
  );
  return {
    path: '/offer',
    router: r,
    fileOwners: [offerDocumentsOwner({ offers: repo, transaction: d.transaction, now: d.now })],
    taskKinds: [orderReminderTask(orderTaskDeps), orderLapseTask(orderTaskDeps)],
  };
}

/** Offers, orders and jobs with their documents (docs/api.md "Offers"). */
export const offersArea = defineArea({
  name: 'offers',
  pageShapes: [OFFERS_PAGE_SHAPE],
  errors: OFFER_ERRORS,
  create: createOffersModule,
});
