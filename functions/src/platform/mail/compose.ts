import type { OutgoingMail } from './outbox.js';

/**
 * The one shape of a portal mail (German, plain text and a minimal HTML twin, every inserted value escaped);
 * each area writes its own texts with it (modules/<area>/<area>-mails.ts).
 */

const SIGNATURE = 'Ihr Schrankwerk-Team\nSchrankwerk GmbH · Industriestraße 12 · 70565 Stuttgart';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A link of a mail (a portal route or a mail action), shown with its label. */
export interface MailLink {
  href: string;
  label: string;
}

export function compose(
  to: string | string[],
  subject: string,
  paragraphs: string[],
  link?: MailLink | readonly MailLink[],
): OutgoingMail {
  const links: readonly MailLink[] = !link ? [] : 'href' in link ? [link] : link;
  const text = [...paragraphs, ...links.map((l) => `${l.label}: ${l.href}`), SIGNATURE].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...links.map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`),
    `<p>${escapeHtml(SIGNATURE).replace(/\n/g, '<br>')}</p>`,
  ].join('\n');
  return { to, message: { subject, text, html } };
}

export function greeting(name?: string, lastname?: string): string {
  const full = [name, lastname].filter(Boolean).join(' ');
  return full ? `Guten Tag ${full},` : 'Guten Tag,';
}

/** A portal route (`path` starts with '/'); trailing slashes of the base are dropped. */
export function portalLink(portalUrl: string, path: string): string {
  return `${portalUrl.replace(/\/+$/, '')}${path}`;
}
