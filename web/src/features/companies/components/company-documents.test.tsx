import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockFetch } from '@/testing/fetch-mock';
import { makeCompany, makeUser, renderPage } from '@/testing/render';
import filesDe from '../../../../public/locales/de/files.json';
import { CompanyDocuments } from './company-documents';

beforeAll(() => {
  i18next.addResourceBundle('de', 'files', filesDe);
});

const company = makeCompany({ id: 'c1' });
const avv = {
  id: 'companies/c1/documents/AVV.pdf',
  path: 'companies/c1/documents/AVV.pdf',
  filename: 'AVV.pdf',
  fileType: 'LEGAL_DOCUMENT',
  size: 10,
  disabled: false,
  downloadUrl: '',
  contentType: 'application/pdf',
};

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Dokumente' }));
}

describe('CompanyDocuments', () => {
  it('loads the files only when opened; platform admins may upload and delete', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) =>
      c.url.startsWith('/api/file/names')
        ? { body: [avv] }
        : c.url.startsWith('/api/file/delete')
          ? { body: { ok: true } }
          : undefined,
    );
    renderPage(<CompanyDocuments company={company} />, {
      user: makeUser({ admin: true }, { id: 'admin-co', type: 'ADMIN' }),
    });
    expect(calls).toHaveLength(0);
    await open(user);
    const row = await screen.findByTestId('file-row');
    expect(calls[0]!.url).toBe('/api/file/names?path=companies%2Fc1%2Fdocuments%2F');
    expect(screen.getByTestId('dropzone')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'AVV.pdf löschen' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Datei wurde gelöscht.')).toBeInTheDocument();
    expect(
      calls.some((c) => c.method === 'POST' && c.url === '/api/file/delete?path=companies%2Fc1%2Fdocuments%2FAVV.pdf'),
    ).toBe(true);
  });

  it('members of the company read only; their company admin may change', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch((c) => (c.url.startsWith('/api/file/names') ? { body: [avv] } : undefined));
    const { unmount } = renderPage(<CompanyDocuments company={company} />, {
      user: makeUser({ admin: false }, { id: 'c1', type: 'CUSTOMER' }),
    });
    await open(user);
    await screen.findByTestId('file-row');
    expect(screen.queryByTestId('dropzone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'AVV.pdf löschen' })).not.toBeInTheDocument();
    unmount();
    renderPage(<CompanyDocuments company={company} />, {
      user: makeUser({ admin: true }, { id: 'c1', type: 'CUSTOMER' }),
    });
    await open(user);
    expect(await screen.findByTestId('dropzone')).toBeInTheDocument();
  });

  it('is not shown to users of other companies', () => {
    mockFetch(() => undefined);
    renderPage(<CompanyDocuments company={company} />, {
      user: makeUser({ admin: true }, { id: 's1', type: 'SUPPLIER' }),
    });
    expect(screen.queryByRole('button', { name: 'Dokumente' })).not.toBeInTheDocument();
  });
});
