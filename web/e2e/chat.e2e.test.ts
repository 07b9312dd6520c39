import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatEnquiry, openConversation, withMessage } from '../../functions/src/modules/chat/chat-fixtures.js';
import { get } from '../../functions/src/testing/api-client.js';
import {
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { pdfBytes } from '../../functions/src/testing/upload-client.js';
import { launchBrowser, login, openPage, PORTAL } from './browser.js';

// Issue 21 in the browser: a supplier asks a question on a released enquiry, the customer sees the bell's count,
// opens /messages, answers in the enquiry's chat panel, and the supplier's unread marker clears once he has read it.
// Headless Chromium against the Hosting emulator; the enquiry is written with firebase-admin.
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let customer: TestUser;
let supplier: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  const [customerCompany, supplierCompany] = await Promise.all([
    createCompany('CUSTOMER', { name: 'Müller Maschinenbau GmbH' }),
    createCompany('SUPPLIER', { name: 'Elektro Schaltanlagen Weber GmbH' }),
  ]);
  [customer, supplier] = await Promise.all([
    createUser(customerCompany, { admin: true }),
    createUser(supplierCompany, { admin: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

describe('issue 21: chat in the browser', () => {
  it('question, bell, /messages, answer in the panel, the supplier reads it', async () => {
    const enquiry = await chatEnquiry(customer, { title: 'Schaltschrank Halle 7' });
    const supplierContext = await browser.newContext();
    const customerContext = await browser.newContext();
    const s = await openPage(supplierContext);
    const c = await openPage(customerContext);
    try {
      // the supplier opens the conversation and asks
      await login(s.page, supplier.mail, PASSWORD);
      await s.page.getByRole('link', { name: 'Keine ungelesenen Nachrichten' }).waitFor();
      await s.page.goto(`${PORTAL}/enquiry/${enquiry.id}`);
      const supplierChat = s.page.getByRole('region', { name: 'Chat' });
      await supplierChat.getByRole('button', { name: 'Unterhaltung beginnen' }).click();
      await supplierChat.getByRole('textbox', { name: 'Nachricht' }).fill('Welche Schutzart braucht der Schrank?');
      await supplierChat.getByRole('button', { name: 'Senden' }).click();
      await supplierChat.getByTestId('message').filter({ hasText: 'Welche Schutzart braucht der Schrank?' }).waitFor();
      // he leaves the conversation: an open one polls and marks an arriving answer read (so it would race the check
      // of his unread marker below)
      await s.page.goto(`${PORTAL}/messages`);
      await s.page.getByRole('link', { name: 'Keine ungelesenen Nachrichten' }).waitFor();

      // the customer: the bell counts it, /messages lists it, its heading opens the enquiry with the chat
      await login(c.page, customer.mail, PASSWORD);
      await c.page.getByRole('link', { name: 'Ungelesene Nachrichten: 1' }).click();
      await c.page.waitForURL(/\/messages$/);
      const group = c.page.getByRole('region', { name: 'Schaltschrank Halle 7' });
      await group.getByTestId('unread-message').filter({ hasText: 'Welche Schutzart braucht der Schrank?' }).waitFor();
      await group.getByRole('link', { name: 'Schaltschrank Halle 7 öffnen' }).click();
      await c.page.waitForURL(new RegExp(`/enquiry/${enquiry.id}\\?chat=`));
      const customerChat = c.page.getByRole('region', { name: 'Chat' });
      await customerChat.getByTestId('message').filter({ hasText: 'Welche Schutzart braucht der Schrank?' }).waitFor();
      // reading it clears the bell at once
      await c.page.getByRole('link', { name: 'Keine ungelesenen Nachrichten' }).waitFor();
      await customerChat.getByRole('textbox', { name: 'Nachricht' }).fill('IP54, Aufstellung in der Halle.');
      await customerChat.getByRole('button', { name: 'Senden' }).click();
      await customerChat.getByTestId('message').filter({ hasText: 'IP54, Aufstellung in der Halle.' }).waitFor();

      // the supplier: the answer is unread for him ('!' on the conversation), reading it clears the marker
      const unreadFor = async (token: string) =>
        (await get('/conversation/', { token, query: { enquiryId: enquiry.id } })).body[0].unread as boolean;
      expect(await unreadFor(supplier.token)).toBe(true);
      await s.page.goto(`${PORTAL}/messages`);
      await s.page.getByRole('link', { name: 'Ungelesene Nachrichten: 1' }).waitFor();
      await s.page
        .getByRole('region', { name: 'Schaltschrank Halle 7' })
        .getByRole('link', { name: 'Schaltschrank Halle 7 öffnen' })
        .click();
      const answer = s.page.getByRole('region', { name: 'Chat' });
      await answer.getByTestId('message').filter({ hasText: 'IP54, Aufstellung in der Halle.' }).waitFor();
      await s.page.getByRole('link', { name: 'Keine ungelesenen Nachrichten' }).waitFor();
      await answer.getByTestId('open-conversation').waitFor();
      await answer.getByRole('img', { name: 'Ungelesene Nachrichten' }).waitFor({ state: 'detached' });
      expect(await unreadFor(supplier.token)).toBe(false);
      expect(s.errors).toEqual([]);
      expect(c.errors).toEqual([]);
    } finally {
      await supplierContext.close();
      await customerContext.close();
    }
  });

  it('issue 32 point 5: the customer adds a chat file to the released enquiry, the supplier is told and downloads it', async () => {
    const enquiry = await chatEnquiry(customer, { title: 'Schaltschrank Halle 9' });
    const conversationId = await openConversation(supplier.token, { enquiryId: enquiry.id });
    const bytes = pdfBytes(300);
    await withMessage(supplier.token, conversationId, 'Hier der geänderte Klemmenplan', {
      name: 'Klemmenplan.pdf',
      bytes,
    });
    const customerContext = await browser.newContext();
    const supplierContext = await browser.newContext();
    const c = await openPage(customerContext);
    const s = await openPage(supplierContext);
    try {
      // the customer copies the attachment from the chat into the released enquiry, without reopening it
      await login(c.page, customer.mail, PASSWORD);
      await c.page.getByRole('link', { name: 'Ungelesene Nachrichten: 1' }).waitFor();
      await c.page.goto(`${PORTAL}/enquiry/${enquiry.id}`);
      const chat = c.page.getByRole('region', { name: 'Chat' });
      const message = chat.getByTestId('message').filter({ hasText: 'Hier der geänderte Klemmenplan' });
      await message.getByRole('button', { name: 'In die Dokumente übernehmen' }).click();
      await c.page.getByText(/als ergänzendes Dokument hinzugefügt/).waitFor();
      const added = c.page.getByRole('region', { name: 'Ergänzende Dokumente' });
      await added.getByTestId('file-row').filter({ hasText: 'Klemmenplan.pdf' }).waitFor();

      // the supplier: the bell counts the notice, the enquiry lists the file with its origin, he downloads it
      await login(s.page, supplier.mail, PASSWORD);
      await s.page.getByRole('link', { name: 'Ungelesene Nachrichten: 1' }).waitFor();
      await s.page.goto(`${PORTAL}/enquiry/${enquiry.id}`);
      const row = s.page
        .getByRole('region', { name: 'Ergänzende Dokumente' })
        .getByTestId('file-row')
        .filter({ hasText: 'Klemmenplan.pdf' });
      await row.getByText('Aus dem Chat').waitFor();
      const [download] = await Promise.all([
        s.page.waitForEvent('download'),
        row.getByRole('button', { name: 'Klemmenplan.pdf herunterladen' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Klemmenplan.pdf');
      expect(readFileSync(await download.path()).equals(bytes)).toBe(true);
      expect(c.errors).toEqual([]);
      expect(s.errors).toEqual([]);
    } finally {
      await customerContext.close();
      await supplierContext.close();
    }
  });
});
