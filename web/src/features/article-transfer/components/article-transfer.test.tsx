import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArticleImportProgress } from '@model/article-transfer';
import { PageSections } from '@/components/page-sections';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, preloadAppSlots, renderPage } from '@/testing/render';
import { FILE_MAX_BYTES } from '@model/files';
import { FakeSessionXhr } from '../testing/fake-session-xhr';

const flagged = makeUser({ admin: true }, { id: 'adm', type: 'ADMIN' });
const plain = makeUser({ admin: false }, { id: 'adm', type: 'ADMIN' });
const configs = [
  { id: 'c1', title: 'Phoenix Preisliste' },
  { id: 'c2', title: 'Großhandel DATANORM', sourceFormat: 'DATANORM' },
  { id: 'c3', title: 'Großhandel BMEcat', sourceFormat: 'BMECAT' },
];
const idle: ArticleImportProgress = {
  percent: 0,
  minutesSinceStart: 0,
  done: 0,
  total: null,
  created: 0,
  updated: 0,
  failedRows: 0,
};
const running: ArticleImportProgress = {
  ...idle,
  taskId: 't1',
  state: 'running',
  percent: 42,
  minutesSinceStart: 3,
  startDate: '2026-11-27T09:05:00.000Z' as unknown as Date,
  fileName: 'preise.csv',
  done: 420,
  total: 1000,
};

beforeAll(preloadAppSlots);

function setup(
  progress: () => ArticleImportProgress,
  extra: (c: {
    url: string;
    method: string;
    body: unknown;
  }) => { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> } | undefined = () =>
    undefined,
  user = flagged,
) {
  const calls = mockFetch((c) => {
    const answer = extra(c);
    if (answer) return answer;
    if (c.url === '/api/article/import') return { body: progress() };
    if (c.url === '/api/import/config/all') return { body: configs };
    // the manufacturers are searched on the server by name, abbreviation or variant (GET /manufacturer/filter)
    if (c.url.startsWith('/api/manufacturer/filter')) {
      const search = new URL(c.url, 'http://x').searchParams.get('search') ?? '';
      const phoenix = { id: 'm1', displayName: 'Phoenix Contact', abbreviation: 'PXC', nameVariants: [] };
      const found = ['', 'PXC'].includes(search) ? [phoenix] : [];
      return { body: { content: found, totalElements: found.length } };
    }
    if (c.url.startsWith('/api/file/names')) return { body: [] };
    return undefined;
  });
  renderPage(<PageSections page="articles" />, { route: '/article', user });
  return calls;
}

describe('the article import panel', () => {
  it('starts an import with the chosen configuration and file, then shows percent, minutes, start time and the end button', async () => {
    const user = userEvent.setup({ delay: null });
    let state = idle;
    const calls = setup(
      () => state,
      (c) => {
        if (c.url === '/api/article/import' && c.method === 'POST') {
          state = running;
          return { status: 202, body: { taskId: 't1' } };
        }
        if (c.url === '/api/article/import/abort') return { body: { ...running, state: 'aborted' } };
        return undefined;
      },
    );
    await user.click(await screen.findByLabelText('Importkonfiguration'));
    await user.click(await screen.findByRole('option', { name: 'Phoenix Preisliste' }));
    await user.upload(
      screen.getByLabelText('Importdatei (.txt, .csv, .xlsx, .xls)'),
      new File(['a;b'], 'preise.csv', { type: 'text/csv' }),
    );
    expect(screen.getByTestId('import-file-name')).toHaveTextContent('preise.csv');
    await user.click(screen.getByRole('button', { name: 'Import starten' }));
    const post = await waitFor(() => {
      const found = calls.find((c) => c.url === '/api/article/import' && c.method === 'POST');
      expect(found).toBeDefined();
      return found!;
    });
    const form = post.body as FormData;
    expect(form.get('importConfigId')).toBe('c1');
    expect((form.get('file') as File).name).toBe('preise.csv');
    expect(await screen.findByTestId('import-progress')).toHaveTextContent(
      /42 % · seit 3 Minuten · gestartet am 27\.11\.2026/,
    );
    await user.click(screen.getByRole('button', { name: 'Import beenden' }));
    expect(await screen.findByTestId('import-result')).toHaveTextContent(
      'Der Import von „preise.csv“ wurde bei 42 % beendet.',
    );
  });

  it('a DATANORM configuration: the file picker names DATANORM files and accepts any extension', async () => {
    const user = userEvent.setup({ delay: null });
    setup(() => idle);
    await user.click(await screen.findByLabelText('Importkonfiguration'));
    await user.click(await screen.findByRole('option', { name: 'Großhandel DATANORM' }));
    const picker = screen.getByLabelText('Importdatei (DATANORM.001 … .999, DATPREIS.001, DATANORM.RAB)');
    expect(picker).not.toHaveAttribute('accept');
    await user.upload(picker, new File(['V 271126'], 'DATANORM.001'));
    expect(screen.getByTestId('import-file-name')).toHaveTextContent('DATANORM.001');
  });

  it('shows the spec texts of 417 and 409, and the default text otherwise', async () => {
    const user = userEvent.setup({ delay: null });
    let status = 417;
    setup(
      () => idle,
      (c) =>
        c.url === '/api/article/import' && c.method === 'POST'
          ? {
              status,
              body: {
                code:
                  ({ 417: 'articleImportWrongFormat', 409: 'articleImportRunning' } as Record<number, string>)[
                    status
                  ] ?? 'internal',
                message: 'x',
              },
            }
          : undefined,
    );
    await user.click(await screen.findByLabelText('Importkonfiguration'));
    await user.click(await screen.findByRole('option', { name: 'Phoenix Preisliste' }));
    await user.upload(screen.getByLabelText('Importdatei (.txt, .csv, .xlsx, .xls)'), new File(['x'], 'a.csv'));
    await user.click(screen.getByRole('button', { name: 'Import starten' }));
    expect(
      await screen.findByText('Falsches Dateiformat. Bitte laden Sie eine .xls-, .xlsx-, .csv- oder .txt-Datei hoch.'),
    ).toBeInTheDocument();
    status = 409;
    await user.click(screen.getByRole('button', { name: 'Import starten' }));
    expect(
      await screen.findByText('Es läuft bereits ein Artikelimport. Bitte warten Sie, bis er beendet ist.'),
    ).toBeInTheDocument();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Import starten' }));
    expect(await screen.findByText('Die Artikel konnten nicht importiert werden.')).toBeInTheDocument();
  });

  it('names the files of the configuration’s format in the 417 text (DATANORM, BMEcat)', async () => {
    const user = userEvent.setup({ delay: null });
    setup(
      () => idle,
      (c) =>
        c.url === '/api/article/import' && c.method === 'POST'
          ? { status: 417, body: { code: 'articleImportWrongFormat', message: 'x' } }
          : undefined,
    );
    await user.click(await screen.findByLabelText('Importkonfiguration'));
    await user.click(await screen.findByRole('option', { name: 'Großhandel DATANORM' }));
    await user.upload(
      screen.getByLabelText('Importdatei (DATANORM.001 … .999, DATPREIS.001, DATANORM.RAB)'),
      new File(['x'], 'preise.csv'),
    );
    await user.click(screen.getByRole('button', { name: 'Import starten' }));
    expect(
      await screen.findByText(
        'Falsches Dateiformat. Bitte laden Sie eine DATANORM-Datei hoch (DATANORM.001 … .999, DATPREIS.001, .rab, .dat oder .txt).',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByLabelText('Importkonfiguration'));
    await user.click(await screen.findByRole('option', { name: 'Großhandel BMEcat' }));
    const picker = screen.getByLabelText('Importdatei (BMEcat, .xml)');
    expect(picker).toHaveAttribute('accept', '.xml');
    await user.upload(picker, new File(['x'], 'katalog.xml'));
    await user.click(screen.getByRole('button', { name: 'Import starten' }));
    expect(
      await screen.findByText('Falsches Dateiformat. Bitte laden Sie einen BMEcat-Katalog als .xml-Datei hoch.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Falsches Dateiformat. Bitte laden Sie eine .xls-, .xlsx-, .csv- oder .txt-Datei hoch.'),
    ).not.toBeInTheDocument();
  });

  it('is shown to admin-flag users only; the export panel to every ADMIN-company user', async () => {
    setup(() => idle, undefined, plain);
    expect(await screen.findByRole('heading', { name: 'Artikelexport' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Artikelimport' })).not.toBeInTheDocument();
  });
});

describe('the article import panel with a file over 10 MB: the resumable upload to Storage', () => {
  const SESSION = 'http://127.0.0.1:9199/upload/storage/v1/b/bk/o?uploadType=resumable&upload_id=s1';
  const MB = 1024 * 1024;
  afterEach(() => vi.unstubAllGlobals());

  async function chooseAndStart(file: File) {
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText('Importkonfiguration'));
    await user.click(await screen.findByRole('option', { name: 'Phoenix Preisliste' }));
    await user.upload(screen.getByLabelText('Importdatei (.txt, .csv, .xlsx, .xls)'), file);
    await user.click(screen.getByRole('button', { name: 'Import starten' }));
    return user;
  }

  function sessionServer(onStarted: () => void) {
    return (c: { url: string; method: string }) => {
      if (c.url === '/api/article/import/upload')
        return { status: 201, body: { importId: 'i1', uploadUrl: SESSION, path: 'articleImports/i1/gross.csv' } };
      if (c.url === '/api/article/import/uploaded') {
        onStarted();
        return { status: 202, body: { taskId: 't1' } };
      }
      if (c.url === '/api/article/import' && c.method === 'POST') throw new Error('multipart route used');
      return undefined;
    };
  }

  it('asks for a session, uploads in chunks with the percent of bytes sent, then starts the import and shows its progress', async () => {
    FakeSessionXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeSessionXhr);
    let state = idle;
    const calls = setup(
      () => state,
      sessionServer(() => (state = { ...running, fileName: 'gross.csv' })),
    );
    const size = FILE_MAX_BYTES + MB / 2; // 10,5 MB: one byte over the multipart limit is enough
    await chooseAndStart(new File([new Uint8Array(size)], 'gross.csv', { type: 'text/csv' }));

    const session = await waitFor(() => {
      const found = calls.find((c) => c.url === '/api/article/import/upload');
      expect(found).toBeDefined();
      return found!;
    });
    expect(session.body).toEqual({ fileName: 'gross.csv', size });

    const first = await FakeSessionXhr.request(0);
    expect(first.url).toBe(SESSION);
    expect(first.headers['Content-Range']).toBe(`bytes 0-${8 * MB - 1}/${size}`);
    expect(screen.getByText('„gross.csv“ wird hochgeladen.')).toBeInTheDocument();
    first.progress(4 * MB);
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('38 % hochgeladen (4 von 10,5 MB)');
    expect(screen.getByRole('progressbar', { name: 'Fortschritt des Hochladens' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    first.respond(308, { Range: `bytes=0-${8 * MB - 1}` });

    // the connection drops during the last chunk: the panel says so, asks Storage and resumes
    const last = await FakeSessionXhr.request(1);
    expect(last.headers['Content-Range']).toBe(`bytes ${8 * MB}-${size - 1}/${size}`);
    last.progress(MB);
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('85 % hochgeladen (9 von 10,5 MB)');
    last.drop();
    expect(
      await screen.findByText(
        'Die Verbindung wurde unterbrochen. Das Hochladen wird fortgesetzt, sobald sie wieder besteht.',
      ),
    ).toBeInTheDocument();
    const query = await FakeSessionXhr.request(2);
    expect(query.headers['Content-Range']).toBe(`bytes */${size}`);
    query.respond(308, { Range: `bytes=0-${9 * MB - 1}` });
    const rest = await FakeSessionXhr.request(3);
    expect(rest.headers['Content-Range']).toBe(`bytes ${9 * MB}-${size - 1}/${size}`);
    rest.respond(200);

    // the import starts with the session's id and runs as before
    expect(await screen.findByTestId('import-progress')).toHaveTextContent(/42 % · seit 3 Minuten/);
    expect(calls.find((c) => c.url === '/api/article/import/uploaded')?.body).toEqual({
      importId: 'i1',
      importConfigId: 'c1',
    });
    expect(calls.some((c) => c.url === '/api/article/import' && c.method === 'POST')).toBe(false);
  });

  it('cancelling stops the upload, cancels the session and starts no import', async () => {
    FakeSessionXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeSessionXhr);
    const calls = setup(
      () => idle,
      sessionServer(() => undefined),
    );
    const user = await chooseAndStart(new File([new Uint8Array(FILE_MAX_BYTES + 1)], 'gross.csv'));
    (await FakeSessionXhr.request(0)).progress(MB);
    await user.click(screen.getByRole('button', { name: 'Hochladen abbrechen' }));
    expect(
      await screen.findByText('Das Hochladen wurde abgebrochen; der Import wurde nicht gestartet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === SESSION && c.method === 'DELETE')).toBe(true));
    expect(calls.some((c) => c.url === '/api/article/import/uploaded')).toBe(false);
    expect(screen.getByRole('button', { name: 'Import starten' })).toBeInTheDocument();
  });

  it('refuses a file over 40 MB before sending anything; up to 10 MB the multipart call is used', async () => {
    FakeSessionXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeSessionXhr);
    let state = idle;
    const calls = setup(
      () => state,
      (c) => {
        if (c.url === '/api/article/import' && c.method === 'POST') {
          state = running;
          return { status: 202, body: { taskId: 't1' } };
        }
        return undefined;
      },
    );
    const huge = new File(['x'], 'riesig.csv');
    Object.defineProperty(huge, 'size', { value: 40 * MB + 1 });
    const user = await chooseAndStart(huge);
    expect(await screen.findByText('Die Datei ist größer als 40 MB.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/article/import') && c.method === 'POST')).toBe(false);

    await user.upload(
      screen.getByLabelText('Importdatei (.txt, .csv, .xlsx, .xls)'),
      new File([new Uint8Array(FILE_MAX_BYTES)], 'genau10.csv'),
    );
    await user.click(screen.getByRole('button', { name: 'Import starten' }));
    expect(await screen.findByTestId('import-progress')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/article/import' && c.method === 'POST')).toBe(true);
    expect(calls.some((c) => c.url === '/api/article/import/upload')).toBe(false);
    expect(FakeSessionXhr.all).toHaveLength(0);
  });
});

describe('the article export panel', () => {
  it('sends the filters; a large export answers 202 and the panel says it runs in the background', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup(
      () => idle,
      (c) =>
        c.url === '/api/article/export'
          ? { status: 202, body: { taskId: 't9', path: 'exportResult/x.csv' } }
          : undefined,
    );
    const section = within(await screen.findByRole('region', { name: 'Artikelexport' }));
    await user.type(section.getByLabelText('Hersteller'), 'PXC');
    await user.click(await screen.findByRole('option', { name: /Phoenix Contact.*auch: PXC/ }));
    await user.click(section.getByLabelText('Importquellen'));
    await user.click(await screen.findByRole('option', { name: 'Dateiimport' }));
    await user.type(section.getByLabelText('Listenpreis von (EUR)'), '1,5');
    await user.type(section.getByLabelText('Listenpreis bis (EUR)'), '20');
    await user.click(section.getByRole('button', { name: 'Exportieren' }));
    expect(await screen.findByText(/Der Export läuft im Hintergrund/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/article/export')?.body).toEqual({
      manufacturers: ['m1'],
      importSources: ['CSV'],
      priceRange: { from: 1.5, to: 20 },
      types: [],
    });
  });

  it('sends the type filter as ECLASS classes (separators dropped); refuses what is no class before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup(
      () => idle,
      (c) => (c.url === '/api/article/export' ? { status: 204 } : undefined),
    );
    const section = within(await screen.findByRole('region', { name: 'Artikelexport' }));
    const type = section.getByLabelText('Typ (ECLASS-Klasse)');
    expect(section.getByText(/Ohne Angabe: alle Typen/)).toBeInTheDocument();
    await user.type(type, '27-14, 123');
    expect(
      section.getByText(
        'Bitte geben Sie ECLASS-Klassen mit 2, 4, 6 oder 8 Ziffern ein (höchstens 20), z. B. 27-14-11-20.',
      ),
    ).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Exportieren' })).toBeDisabled();
    await user.clear(type);
    await user.type(type, '27-14; 27371001');
    expect(section.queryByText(/Bitte geben Sie ECLASS-Klassen/)).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/article/export')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/article/export')?.body).toEqual({
      manufacturers: [],
      importSources: [],
      priceRange: {},
      types: ['2714', '27371001'],
    });
  });

  it('refuses a price range whose from is above its to before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup(() => idle);
    const section = within(await screen.findByRole('region', { name: 'Artikelexport' }));
    await user.type(section.getByLabelText('Listenpreis von (EUR)'), '30');
    await user.type(section.getByLabelText('Listenpreis bis (EUR)'), '20');
    expect(section.getByText('Der Preis „von“ darf nicht größer sein als „bis“.')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Exportieren' })).toBeDisabled();
    expect(calls.some((c) => c.url === '/api/article/export')).toBe(false);
  });
});
