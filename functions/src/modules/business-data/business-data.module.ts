import { Router, type RequestHandler } from 'express';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { clientAddress } from '../../http/client-address.js';
import { guard } from '../../http/guards.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import { sendDownload } from '../../http/send-download.js';
import { validateBody, validateInput, validateQuery } from '../../http/validate.js';
import {
  BUSINESS_DATA_ERRORS,
  FOLDER_TOKEN_HEADER,
  folderCheckSchema,
  folderFileQuerySchema,
  folderItemSchema,
  folderPasswordSchema,
  folderQuerySchema,
  folderSettingsSchema,
  folderShareSchema,
  folderUnshareSchema,
  folderZipSchema,
} from '../../model/business-data.js';
import type { Principal } from '../../model/user.js';
import { contentTypeOf } from '../../model/files.js';
import { ApiError } from '../../platform/api-error.js';
import { FILES_PORT } from '../files/files.module.js';
import { OFFERS_PORT } from '../offers/offers.port.js';
import { USERS_PORT } from '../users/users.port.js';
import { AnonymousAccess, publicView } from './anonymous-access.js';
import { BusinessDataRepository, itemsOf } from './business-data.repository.js';
import { BusinessDataService } from './business-data.service.js';
import { BUSINESS_DATA_PORT } from './business-data.port.js';
import { DownloadRecorder, sendZip, zipSelection, zipThrottle, type Downloader } from './downloads.js';
import { businessDataOwner } from './folder-files.js';
import { FolderResolver, type ResolvedFolder } from './folder-resolver.js';

/** ADMIN-company callers: 403 on every signed-in folder call (a fact about the caller, like the offers). */
const requireFolderUser = guard((p) => p.companyType !== 'ADMIN');

/** The archive's name: the offer's reference number, made safe for any file system. */
function zipName(resolved: ResolvedFolder): string {
  const ref = resolved.shown.referenceNumber.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || resolved.folderId;
  return `Projektordner_${ref}.zip`;
}

/**
 * /offer/businessdata* — docs/api.md "Project folder". Signed-in routes: authenticate → guard (not ADMIN) →
 * validate → service (THE rule on the folder it read). Anonymous routes (the password link) take no ID token:
 * `check` issues a folder token, `public`, `file` and `zip` accept only that token (header X-Folder-Token) and
 * only for its folder. Listens to the offers' `revised` event (the new version takes the folder over).
 */
function createBusinessDataModule(d: AreaDeps): AreaModule {
  const offers = d.ports.get(OFFERS_PORT);
  const files = d.ports.get(FILES_PORT);
  const { users } = d.ports.get(USERS_PORT);
  const folders = new BusinessDataRepository(d.db);
  const resolver = new FolderResolver({ folders, offers, log: d.log });
  const downloads = new DownloadRecorder({ folders, now: d.now });
  const service = new BusinessDataService({
    folders,
    resolver,
    offers,
    files,
    users,
    mail: d.mail,
    transaction: d.transaction,
    now: d.now,
    portalUrl: d.config.portalUrl,
  });
  const anonymous = new AnonymousAccess({ folders, resolver, throttles: d.throttles, now: d.now });
  offers.events.revised.on((revision) => service.onRevised(revision));
  d.ports.provide(BUSINESS_DATA_PORT, service);

  const caller = () => [d.authenticate(), requireFolderUser] as const;
  const signedIn = d.authenticate();
  /** A signed-in caller (ID token), or — without one — a visitor with a folder token (checked by the handler). */
  const userOrToken: RequestHandler = (req, res, next) =>
    req.headers.authorization || !req.get(FOLDER_TOKEN_HEADER) ? signedIn(req, res, next) : next();
  const tokenOf = (req: { get(name: string): string | undefined }) => req.get(FOLDER_TOKEN_HEADER);
  const offerId = (res: { locals: Record<string, unknown> }) => (res.locals.query as { offerId: string }).offerId;

  const r = Router();
  r.get('/', ...caller(), validateQuery(folderQuerySchema), async (_req, res) =>
    res.json(await service.view(principalOf(res), offerId(res))),
  );
  r.post('/', ...caller(), multipart(), async (_req, res) => {
    const { fields, files: parts } = multipartOf(res);
    const { offerId: id } = await validateInput(
      folderQuerySchema,
      { offerId: fields.offerId },
      { stripUnknown: false },
    );
    const file = parts.find((f) => f.field === 'file');
    res.status(201).json(await service.upload(principalOf(res), id, file));
  });
  r.post('/delete', ...caller(), validateBody(folderItemSchema), async (req, res) => {
    const outcome = await service.deleteItem(principalOf(res), req.body.offerId, req.body.itemId);
    res.status(outcome === 'deleted' ? 200 : 208).json({ ok: true, deleted: outcome === 'deleted' });
  });
  r.post('/settings', ...caller(), validateBody(folderSettingsSchema), async (req, res) =>
    res.json(await service.saveSettings(principalOf(res), req.body)),
  );
  r.post('/create', ...caller(), validateBody(folderPasswordSchema), async (req, res) =>
    res.json(await service.setPassword(principalOf(res), req.body)),
  );
  r.post('/share', ...caller(), validateBody(folderShareSchema), async (req, res) =>
    res.status(201).json(await service.share(principalOf(res), req.body)),
  );
  r.post('/share/delete', ...caller(), validateBody(folderUnshareSchema), async (req, res) =>
    res.json(await service.unshare(principalOf(res), req.body.offerId, req.body.email)),
  );
  r.get('/shared', ...caller(), async (_req, res) => res.json(await service.shared(principalOf(res))));
  r.get('/log', ...caller(), validateQuery(folderQuerySchema), async (_req, res) =>
    res.json(await service.log(principalOf(res), offerId(res))),
  );

  // the password link: no ID token, the folder token only
  r.post('/check', validateBody(folderCheckSchema), async (req, res) =>
    res.json(await anonymous.check(req.body.offerId, req.body.password, clientAddress(req), req.body.deviceToken)),
  );
  r.get('/public', validateQuery(folderQuerySchema), async (req, res) =>
    res.json(publicView(await anonymous.folderFor(tokenOf(req), offerId(res)))),
  );
  r.get('/file', validateQuery(folderFileQuerySchema), async (req, res) => {
    const { itemId } = res.locals.query as { itemId: string };
    const folder = await anonymous.folderFor(tokenOf(req), offerId(res));
    const item = itemsOf(folder.record).find((i) => i.id === itemId);
    const stored = item && (await d.files.stat(item.path));
    if (!item || !stored) throw ApiError.notFound();
    await sendDownload(res, {
      filename: item.filename,
      contentType: contentTypeOf(item.filename),
      size: stored.size,
      stream: d.files.read(item.path),
      delivered: () => downloads.record(folder.folderId, [item], { anonymous: true }),
    });
  });
  r.post('/zip', userOrToken, validateBody(folderZipSchema), async (req, res) => {
    const principal = res.locals.principal as Principal | undefined;
    if (principal && principal.companyType === 'ADMIN') throw ApiError.forbidden();
    const folder = principal
      ? await service.readable(principal, req.body.offerId)
      : await anonymous.folderFor(tokenOf(req), req.body.offerId);
    const who = principal ? { uid: principal.uid } : { token: tokenOf(req)!, address: clientAddress(req) };
    await zipThrottle(d.throttles, d.now(), folder.folderId, who);
    const items = await zipSelection(itemsOf(folder.record), req.body.itemIds, d.files);
    const by: Downloader = principal ? { principal } : { anonymous: true };
    await sendZip(res, zipName(folder), items, d.files, d.log, () => downloads.record(folder.folderId, items, by));
  });

  return {
    path: '/offer/businessdata',
    router: r,
    fileOwners: [businessDataOwner({ folders, resolver, downloads, transaction: d.transaction, now: d.now })],
  };
}

/** The project folder of an offer: files, settings, invitations, the password link (docs/api.md "Project folder"). */
export const businessDataArea = defineArea({
  name: 'business-data',
  errors: BUSINESS_DATA_ERRORS,
  create: createBusinessDataModule,
});
