import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { UserFormPage } from '@/features/users/components/user-form-page';
import { CompanyFormPage } from '@/features/companies/components/company-form-page';

// Issue 12: an unknown or forbidden record showed an empty editable form plus a toast.
const cases = [
  ['user', UserFormPage, '/user/', '/api/user/?id='] as const,
  ['company', CompanyFormPage, '/company/', '/api/company/?id='] as const,
];

describe.each(cases)('the %s form with an id that cannot be loaded', (_kind, Page, route, api) => {
  const open = (status: number, code: string) => {
    mockFetch((c) => {
      if (c.url.startsWith(api)) return { status, body: { code, message: code } };
      if (c.url === '/api/company/all') return { body: [] };
      return undefined;
    });
    renderPage(<Page />, {
      route: `${route}gibt-es-nicht`,
      path: `${route}:id`,
      user: makeUser({}, { id: 'adm', type: 'ADMIN' }),
    });
  };

  it('404: a not-found page with the way back to the list, no form, no toast', async () => {
    open(404, 'notFound');
    expect(await screen.findByRole('heading', { name: 'Eintrag nicht gefunden' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zurück zur Liste' })).toHaveAttribute('href', route.slice(0, -1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('403: a forbidden page, no form', async () => {
    open(403, 'forbidden');
    expect(await screen.findByRole('heading', { name: 'Kein Zugriff' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('a malformed id (400 validation) is not found either', async () => {
    open(400, 'validation');
    expect(await screen.findByRole('heading', { name: 'Eintrag nicht gefunden' })).toBeInTheDocument();
  });
});
