import { describe, expect, it } from 'vitest';
import { supplementMail, supplementNoticeText } from './chat-mails.js';

describe('the supplement notice and mail', () => {
  it('names the file, its origin and that offers stay current; the mail links to the enquiry', () => {
    expect(supplementNoticeText('Plan.pdf', true)).toContain('Plan.pdf (aus dem Chat)');
    expect(supplementNoticeText('Plan.pdf', false)).not.toContain('aus dem Chat');
    const mail = supplementMail({
      contact: { mail: 'petra@weber.example', name: 'Petra', lastname: 'Weber' },
      enquiry: { id: 'e1', title: 'Schaltschrank <Halle 9>', customerName: 'Müller GmbH' },
      fileName: 'Plan.pdf',
      fromChat: true,
      portalUrl: 'https://portal.example/',
    });
    expect(mail.to).toBe('petra@weber.example');
    expect(mail.message.subject).toBe('Ergänzendes Dokument zur Anfrage „Schaltschrank <Halle 9>“');
    expect(mail.message.text).toContain('Guten Tag Petra Weber,');
    expect(mail.message.text).toContain('Müller GmbH hat der Anfrage');
    expect(mail.message.text).toContain('Ihr Angebot bleibt aktuell.');
    expect(mail.message.text).toContain('Zur Anfrage: https://portal.example/enquiry/e1');
    expect(mail.message.html).toContain('Schaltschrank &lt;Halle 9&gt;');
  });
});
