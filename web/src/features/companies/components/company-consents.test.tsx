import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@/lib/format';
import { mockFetch } from '@/testing/fetch-mock';
import { makeCompany, makeUser, renderPage } from '@/testing/render';
import { CompanyConsents } from './company-consents';

const company = makeCompany({ id: 'c1' });
const platformAdmin = makeUser({ admin: true }, { id: 'admin-co', type: 'ADMIN' });
const consent = (n: number, document: 'avb' | 'privacy', version: string) => ({
  id: `k${n}`,
  userId: `u${n}`,
  companyId: 'c1',
  userName: `Petra Müller ${n}`,
  mail: `petra${n}@mueller.de`,
  document,
  version,
  acceptedAt: `2026-11-0${n}T09:30:00.000Z`,
  clientAddress: `203.0.113.${n}`,
});

describe('CompanyConsents', () => {
  it('shows the platform administrator who accepted which version when and from where, a page at a time', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) =>
      c.url.startsWith('/api/user/consents')
        ? {
            body: {
              content: [
                consent(2, 'avb', '2024-05-03'),
                { ...consent(1, 'privacy', '2025-05-22'), clientAddress: undefined },
              ],
              totalElements: 17,
            },
          }
        : undefined,
    );
    renderPage(<CompanyConsents company={company} />, { user: platformAdmin });
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Zustimmungen (AVB, Datenschutz)' }));
    const table = await screen.findByRole('table', { name: 'Zustimmungen (AVB, Datenschutz)' });
    expect(calls[0]!.url).toBe(
      '/api/user/consents?companyId=c1&page=0&paginationSize=15&column=acceptedAt&sortDescending=true',
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Petra Müller 2');
    expect(rows[1]).toHaveTextContent('AVB');
    expect(rows[1]).toHaveTextContent('03.05.2024');
    expect(rows[1]).toHaveTextContent(formatDateTime('2026-11-02T09:30:00.000Z'));
    expect(rows[1]).toHaveTextContent('203.0.113.2');
    expect(rows[2]).toHaveTextContent('Datenschutzerklärung');
    expect(rows[2]).toHaveTextContent('nicht übermittelt');
    expect(screen.getByText('1–15 von 17')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /nächste Seite|Go to next page/i }));
    expect(calls.at(-1)!.url).toContain('page=1&paginationSize=15');
  });

  it('is not there for anybody but the platform administrator', () => {
    const calls = mockFetch(() => undefined);
    renderPage(<CompanyConsents company={company} />, { user: makeUser({ admin: true }, { id: 'c1' }) });
    expect(screen.queryByRole('button', { name: 'Zustimmungen (AVB, Datenschutz)' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
