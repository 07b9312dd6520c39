import type { Principal } from '../../model/user.js';
import type { AreaSeed } from '../../testing/area-seed.js';
import { demoDocumentPdf } from '../../testing/demo-documents.js';
import { DEMO_ENQUIRY_TITLES } from '../enquiries/enquiries.seed.js';
import { DEMO_OFFER_NUMBERS } from '../offers/offers.seed.js';
import { USERS_PORT } from '../users/users.port.js';
import { CHAT_PORT } from './chat.port.js';

/**
 * Demo chat (README "Demo logins"): on the released enquiry "Schaltschrank Schweißroboterzelle SR-12" both demo
 * suppliers asked Müller a question (Weber's answered once, then asked again: unread for Müller; Schaltbau Nord's
 * unread), and on Weber's open offer WSA-2026-0412 Müller asked about the delivery date (unread for Weber).
 */
const seed: AreaSeed = {
  async run(ctx) {
    const chat = ctx.ports.get(CHAT_PORT);
    const customer = ctx.principal('customer');
    const weber = ctx.principal('weber');
    const nord = ctx.principal('nord');
    const members = ctx.ports.get(USERS_PORT).records;
    const enquiryId = ctx.recall(`enquiry:${DEMO_ENQUIRY_TITLES.released}`);
    const offerId = ctx.recall(`offer:${DEMO_OFFER_NUMBERS.open}`);
    const say = (by: Principal, conversationId: string, content: string) =>
      chat.send(by, { conversationId, content }, undefined);
    /** Every user of the company has read the conversation so far (the demo's older messages). */
    const readByCompany = async (p: Principal, conversationId: string) => {
      for (const user of await members.listByCompany(p.company.id))
        await chat.readAll(await ctx.addPrincipal(`chat-${user.id}`, user.id), conversationId);
    };

    const weberChat = (await chat.create(weber, { enquiryId })).conversation.id;
    await say(
      weber,
      weberChat,
      'Guten Tag, sollen die Klemmen im Schaltschrank als Reihenklemmen mit Brücken ausgeführt werden?',
    );
    await readByCompany(customer, weberChat);
    await say(customer, weberChat, 'Ja, bitte Reihenklemmen mit Steckbrücken. Beschriftung nach unserer Vorgabe.');
    await readByCompany(weber, weberChat);
    await say(
      weber,
      weberChat,
      'Danke. Liegt die Beschriftungsvorgabe als Datei vor? Dann nehmen wir sie in die Kalkulation auf.',
    );

    const nordChat = (await chat.create(nord, { enquiryId })).conversation.id;
    const sketch = await demoDocumentPdf(['Skizze Türausschnitt SR-12', 'Bedienfeld 300 x 200 mm']);
    await chat.send(
      nord,
      { conversationId: nordChat, content: 'Ist der Türausschnitt für das Bedienfeld wie in der Skizze vorgesehen?' },
      { field: 'file', filename: 'Skizze Türausschnitt.pdf', declaredType: 'application/pdf', bytes: sketch },
    );

    const offerChat = (await chat.create(customer, { offerId })).conversation.id;
    await say(customer, offerChat, 'Können Sie den Liefertermin um zwei Wochen vorziehen?');
  },
};
export default seed;
