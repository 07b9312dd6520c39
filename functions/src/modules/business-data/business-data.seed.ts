import { businessDataPath } from '../../model/business-data.js';
import type { Principal } from '../../model/user.js';
import { DEMO_PASSWORD, type AreaSeed } from '../../testing/area-seed.js';
import { demoBomCsv, demoDocumentPdf } from '../../testing/demo-documents.js';
import { FILES_PORT } from '../files/files.module.js';
import { DEMO_OFFER_NUMBERS } from '../offers/offers.seed.js';
import { BUSINESS_DATA_PORT } from './business-data.port.js';

/** The demo project folder: Weber's job for Müller (README "Demo logins"). */
export const DEMO_FOLDER = {
  offerNumber: DEMO_OFFER_NUMBERS.job,
  /** the password of its link `{host}/business-data/{offerId}` */
  password: 'Projekt-2026',
  /** the invited electrician: an EXTERNAL user with the demo password */
  invitee: 'extern@elektro-partner.de',
  files: ['Schaltplan FA-2.pdf', 'Beschriftungsliste FA-2.csv', 'Foto Schaltschrank.png'],
} as const;

/** A 1×1 PNG standing in for a photo of the cabinet. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A shared project folder on the demo job (CONFIRMED): three files (two from the supplier, one from the customer),
 * the password link open (password in the README) and an invited electrician of a partner firm with read access.
 */
const seed: AreaSeed = {
  logins: [
    {
      mail: DEMO_FOLDER.invitee,
      password: DEMO_PASSWORD,
      company: `${DEMO_FOLDER.invitee} (EXTERNAL)`,
      role: 'invited external user',
    },
  ],
  async run(ctx) {
    const folders = ctx.ports.get(BUSINESS_DATA_PORT);
    const files = ctx.ports.get(FILES_PORT);
    const weber = ctx.principal('weber');
    const customer = ctx.principal('customer');
    const offerId = ctx.recall(`offer:${DEMO_FOLDER.offerNumber}`);
    const upload = (by: Principal, filename: string, bytes: Buffer, declaredType: string) =>
      files.upload(by, businessDataPath(offerId), { field: 'file', filename, declaredType, bytes }, 'UNKNOWN');

    const [plan, labels, photo] = DEMO_FOLDER.files;
    await upload(
      weber,
      plan,
      await demoDocumentPdf(['Schaltplan FA-2', 'Förderanlage, Stand Übergabe']),
      'application/pdf',
    );
    await upload(weber, labels, demoBomCsv(), 'text/csv');
    await upload(customer, photo, PHOTO, 'image/png');

    const password = DEMO_FOLDER.password;
    await folders.setPassword(weber, { offerId, password, passwordRepeat: password });
    const view = await folders.view(weber, offerId);
    await folders.saveSettings(weber, {
      offerId,
      allowExternal: true,
      allowAnonymous: true,
      types: view.facts.settings.types,
    });
    await folders.share(weber, {
      offerId,
      visibilityEntries: [{ email: DEMO_FOLDER.invitee, read: true, write: false }],
    });
    // the demo login signs in with the demo password (a real invitee sets his own through the mailed link)
    const account = await ctx.auth.getUserByEmail(DEMO_FOLDER.invitee);
    await ctx.auth.updateUser(account.uid, { password: DEMO_PASSWORD });
  },
};
export default seed;
