import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { makeFieldValue } from '../testing/field-value-fixtures';
import { DiscountGroupListPage, ManufacturerListPage, UnitListPage } from './field-value-list-page';
import { UnitFormPage, WholesalerFormPage } from './field-value-form-page';

const me = makeUser({ admin: true }, { id: 'adm', type: 'ADMIN' });
const units = [
  makeFieldValue({ id: 'u1', displayName: 'Stück', nameVariants: ['Stk'], usedByArticleAmount: 12 }),
  makeFieldValue({ id: 'u2', displayName: 'Stck', nameVariants: [], usedByArticleAmount: 3 }),
  makeFieldValue({ id: 'u3', displayName: 'Meter', nameVariants: ['m'], usedByArticleAmount: 0 }),
];

describe('field-value lists (client mode)', () => {
  it('the unit list searches in memory; combine sends the survivor first', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (c.url.startsWith('/api/unit/all')) return { body: units };
      if (c.url.startsWith('/api/unit/combine')) return { body: { taskId: 't1' } };
      return undefined;
    });
    renderPage(<UnitListPage />, { route: '/fieldvalues/unit', user: me });
    expect(await screen.findByText('Meter')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Suche'), 'stück');
    await waitFor(() => expect(screen.queryByText('Meter')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Zusammenführen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Behalten'));
    await user.click(await screen.findByRole('option', { name: 'Stück' }));
    await user.click(within(dialog).getByLabelText('Zusammenführen mit'));
    await user.click(await screen.findByRole('option', { name: 'Stck' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zusammenführen' }));
    expect(await screen.findByText('Die Einträge werden zusammengeführt.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/unit/combine'))!.url).toBe('/api/unit/combine?unitIds=u1%2Cu2');
  });

  it('bulk delete says how many: all deleted, or a warning with the number refused (spec 02 §8)', async () => {
    const user = userEvent.setup({ delay: null });
    let refuse: string[] = ['u1'];
    mockFetch((c) => {
      if (c.url.startsWith('/api/unit/all')) return { body: units };
      if (c.url.startsWith('/api/unit/delete')) {
        const ids = new URL(c.url, 'http://x').searchParams.get('unitIds')!.split(',');
        return { body: { deleted: ids.filter((id) => !refuse.includes(id)), notDeleted: refuse } };
      }
      return undefined;
    });
    renderPage(<UnitListPage />, { route: '/fieldvalues/unit', user: me });
    const selectAndDelete = async (names: string[]) => {
      await screen.findByText(names[0]!);
      for (const name of names) {
        // a table row, or the list's card (the layout jsdom's screen gets)
        const row = [...screen.queryAllByRole('row'), ...screen.queryAllByTestId('list-row')].find((r) =>
          within(r).queryByText(name, { exact: true }),
        );
        await user.click(within(row!).getByRole('checkbox'));
      }
      await user.click(within(screen.getByTestId('context-bar')).getByRole('button', { name: /Löschen/ }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    };
    await selectAndDelete(['Stück', 'Meter']);
    expect(
      await screen.findByText(
        '1 Einheit konnte nicht gelöscht werden. Bitte stellen Sie sicher, dass kein Artikel sie verwendet.',
      ),
    ).toBeInTheDocument();
    refuse = [];
    // the confirmation has closed (while open it hides the list from the accessibility tree)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await selectAndDelete(['Stck', 'Meter']);
    expect(await screen.findByText('2 Einträge wurden gelöscht.')).toBeInTheDocument();
  });

  it('a manufacturer in use: the single delete names it and its usage; the refusal is said', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch((c) => {
      if (c.url.startsWith('/api/manufacturer/all'))
        return { body: [makeFieldValue({ id: 'm1', displayName: 'Phoenix Contact', usedByArticleAmount: 5 })] };
      if (c.url.startsWith('/api/manufacturer/delete')) return { body: { deleted: [], notDeleted: ['m1'] } };
      return undefined;
    });
    renderPage(<ManufacturerListPage />, { route: '/fieldvalues/manufacturer', user: me });
    await user.click(await screen.findByRole('button', { name: 'Phoenix Contact löschen' }));
    expect(
      await screen.findByText(
        'Soll der Hersteller „Phoenix Contact“ gelöscht werden? Er wird von 5 Artikeln verwendet.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Der Hersteller kann nicht gelöscht werden.')).toBeInTheDocument();
  });
});

describe('discount-group CSV', () => {
  it('export downloads discountGroups.csv; import sends the file, tells the counts, and a wrong format (417)', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = vi.fn();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved(this.download);
    });
    let imports = 0;
    const calls = mockFetch((c) => {
      if (c.url.startsWith('/api/discountgroup/all'))
        return { body: [makeFieldValue({ id: 'd1', displayName: 'RG 1', percent: 30, manufacturerId: 'm1' })] };
      if (c.url.startsWith('/api/manufacturer/all')) return { body: [makeFieldValue({ id: 'm1' })] };
      if (c.url.startsWith('/api/discountgroup/export'))
        return {
          raw: '"Name"',
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="discountGroups.csv"' },
        };
      if (c.url.startsWith('/api/discountgroup/import'))
        return ++imports === 1
          ? { body: { created: 2, updated: 1 } }
          : { status: 417, body: { code: 'discountGroupImportFormat', message: 'wrong format' } };
      return undefined;
    });
    renderPage(<DiscountGroupListPage />, { route: '/fieldvalues/discount', user: me });
    expect(await screen.findByText('RG 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportieren (CSV)' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('discountGroups.csv'));
    const file = new File(['"Name"'], 'discountGroups.csv', { type: 'text/csv' });
    await user.click(screen.getByRole('button', { name: 'Importieren (CSV)' }));
    await user.upload(screen.getByTestId('discount-group-import-file'), file);
    expect(
      await screen.findByText('Die Rabattgruppen wurden importiert: 2 angelegt, 1 aktualisiert.'),
    ).toBeInTheDocument();
    const sent = calls.find((c) => c.url.startsWith('/api/discountgroup/import'))!;
    expect(sent.method).toBe('POST');
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
    await user.upload(screen.getByTestId('discount-group-import-file'), file);
    expect(
      await screen.findByText('Die Datei hat nicht das Format des Rabattgruppen-Exports (discountGroups.csv).'),
    ).toBeInTheDocument();
  });
});

describe('field-value forms', () => {
  it('a unit variant another unit uses is refused through GET /unit/name; the own variants are saved', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (c.url.startsWith('/api/unit/all')) return { body: [] };
      if (c.url.startsWith('/api/unit/name'))
        return { body: c.url.includes('Stk') ? makeFieldValue({ id: 'other' }) : null };
      if (c.url === '/api/unit/' && c.method === 'POST') return { status: 201, body: makeFieldValue({ id: 'n' }) };
      return undefined;
    });
    renderPage(<UnitFormPage />, { route: '/fieldvalues/unit/new', path: '/fieldvalues/unit/:id', user: me });
    await user.type(await screen.findByLabelText(/^Bezeichnung/), 'Packung');
    await user.type(screen.getByLabelText('Namensvariante'), ' Stk {Enter}');
    expect(await screen.findByText('Diese Bezeichnung wird bereits verwendet.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Namensvariante'));
    await user.type(screen.getByLabelText('Namensvariante'), ' VE {Enter}');
    expect(await screen.findByText('VE')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Eintrag wurde gespeichert.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/unit/')!.body).toEqual({ displayName: 'Packung', nameVariants: ['VE'] });
  });

  it('a wholesaler name that exists: 412 gives the name-exists text', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch((c) => {
      if (c.url.startsWith('/api/wholesaler/all')) return { body: [] };
      if (c.url === '/api/wholesaler/') return { status: 412, body: { code: 'wholesalerNameTaken', message: 'x' } };
      return undefined;
    });
    renderPage(<WholesalerFormPage />, {
      route: '/fieldvalues/wholesaler/new',
      path: '/fieldvalues/wholesaler/:id',
      user: me,
    });
    await user.type(await screen.findByLabelText(/^Bezeichnung/), 'Sonepar');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Ein Großhändler mit diesem Namen existiert bereits.')).toBeInTheDocument();
  });
});
