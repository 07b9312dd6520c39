import { describe, expect, it } from 'vitest';
import { __camel__CreatedMail } from './__kebab__-mails.js';

describe('__camel__CreatedMail', () => {
  it('greets the creator in German and links the record page, values escaped in the HTML', () => {
    const mail = __camel__CreatedMail({
      contact: { mail: 'erika@schrankwerk.de', name: 'Erika', lastname: 'Muster' },
      record: { id: 'r1', title: 'Schaltschrank <A>' },
      portalUrl: 'https://portal.example/',
    });
    expect(mail.to).toBe('erika@schrankwerk.de');
    expect(mail.message.subject).toBe('Neuer Eintrag: Schaltschrank <A>');
    expect(mail.message.text).toContain('Guten Tag Erika Muster,');
    expect(mail.message.text).toContain('Zum Eintrag: https://portal.example/__kebab__/r1');
    expect(mail.message.html).toContain('Schaltschrank &lt;A&gt;');
  });
});
