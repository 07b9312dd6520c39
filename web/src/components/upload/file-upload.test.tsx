import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { FILE_MAX_BYTES } from '@model/files';
import { renderPage } from '@/testing/render';
import filesDe from '../../../public/locales/de/files.json';
import { FileUpload } from './file-upload';

/** A stand-in XMLHttpRequest: records each request; the test drives progress and the answer. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

beforeAll(() => {
  i18next.addResourceBundle('de', 'files', filesDe);
});

afterEach(() => {
  FakeXhr.all = [];
  vi.unstubAllGlobals();
});

function file(name: string, size: number, type = 'application/pdf'): File {
  const f = new File(['%PDF-'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('FileUpload', () => {
  it('refuses wrong types and sizes before sending anything', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderPage(<FileUpload path="companies/c1/documents/" context="offer" />);
    const input = screen.getByTestId('file-input');
    await user.upload(input, file('setup.exe', 100, 'application/x-msdownload'));
    expect(
      await screen.findByText(
        'setup.exe: Dieser Dateityp ist hier nicht erlaubt (erlaubt: docx, doc, pdf, xlsx, xls, jpeg, jpg, png, gif).',
      ),
    ).toBeInTheDocument();
    await user.upload(input, file('liste.csv', 100, 'text/csv')); // offer uploads omit csv
    expect(await screen.findByText(/^liste\.csv: Dieser Dateityp ist hier nicht erlaubt/)).toBeInTheDocument();
    await user.upload(input, file('gross.pdf', FILE_MAX_BYTES + 1));
    expect(await screen.findByText('gross.pdf: Die Datei ist zu groß (unter 10 MB).')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('narrowed to PDF: names only pdf, the file dialog offers only pdf, another format is refused before sending', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.all.length = 0;
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderPage(<FileUpload path="offers/o1/documents/" context="offer" documentType="ORDER" extensions={['pdf']} />);
    expect(screen.getByText('Erlaubte Formate: pdf · unter 10 MB')).toBeInTheDocument();
    const input = screen.getByTestId('file-input');
    expect(input).toHaveAttribute('accept', 'application/pdf,.pdf');
    await user.upload(input, file('bestellung.docx', 100, 'application/msword'));
    expect(
      await screen.findByText('bestellung.docx: Dieser Dateityp ist hier nicht erlaubt (erlaubt: pdf).'),
    ).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('sends path and file with the ID token and shows progress in 64 KiB steps', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onUploaded = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderPage(
      <FileUpload
        path="companies/c1/documents/"
        context="general"
        documentType="LEGAL_DOCUMENT"
        onUploaded={onUploaded}
      />,
    );
    await user.upload(screen.getByTestId('file-input'), file('AVV.pdf', 200 * 1024));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0]!;
    expect([xhr.method, xhr.url, xhr.headers.Authorization]).toEqual(['POST', '/api/file/', 'Bearer test-token']);
    expect(xhr.body?.get('path')).toBe('companies/c1/documents/');
    expect(xhr.body?.get('documentType')).toBe('LEGAL_DOCUMENT');
    expect((xhr.body?.get('file') as File).name).toBe('AVV.pdf');

    const bar = () => screen.getByRole('progressbar', { name: /AVV\.pdf/ });
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    xhr.progress(100 * 1024, 200 * 1024); // 100 KiB sent: one whole 64 KiB step = 32 %
    expect(bar()).toHaveAttribute('aria-valuenow', '32');
    expect(screen.getByText('Wird hochgeladen: AVV.pdf (32 %)')).toBeInTheDocument();
    xhr.progress(127 * 1024, 200 * 1024); // still within the second step: unchanged
    expect(bar()).toHaveAttribute('aria-valuenow', '32');
    xhr.progress(128 * 1024, 200 * 1024);
    expect(bar()).toHaveAttribute('aria-valuenow', '64');
    xhr.progress(200 * 1024, 200 * 1024);
    expect(bar()).toHaveAttribute('aria-valuenow', '100');

    const stored = {
      id: 'companies/c1/documents/1_AVV.pdf',
      path: 'companies/c1/documents/1_AVV.pdf',
      filename: '1_AVV.pdf',
      fileType: 'LEGAL_DOCUMENT',
      size: 204800,
    };
    xhr.respond(201, stored);
    expect(await screen.findByText('1_AVV.pdf wurde hochgeladen.')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(stored);
    expect(screen.queryByRole('progressbar', { name: /AVV\.pdf/ })).not.toBeInTheDocument();
  });

  it('shows the API’s reason when the server refuses the file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ delay: null });
    renderPage(<FileUpload path="companies/c1/documents/" context="general" />);
    await user.upload(screen.getByTestId('file-input'), file('Rechnung.pdf', 1000));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    FakeXhr.all[0]!.respond(415, { code: 'fileContentMismatch', message: 'x' });
    expect(
      await screen.findByText('Falsche Datei hochgeladen: Der Inhalt passt nicht zur Dateiendung.'),
    ).toBeInTheDocument();
  });

  it('refuses a file whose extension cannot carry the chosen document type, before sending', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ delay: null });
    renderPage(<FileUpload path="enquiries/e1/documents/" context="general" documentType="CIRCUIT_DIAGRAM" />);
    await user.upload(screen.getByTestId('file-input'), file('liste.csv', 100, 'text/csv'));
    expect(
      await screen.findByText('liste.csv: Diese Datei kann nicht die Dokumentart „Schaltplan“ haben.'),
    ).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('a custom sender (e.g. the BOM upload) gets the file and reports its stored name; one file per drop', async () => {
    const user = userEvent.setup({ delay: null });
    const upload = vi.fn(async (f: File, onProgress: (loaded: number, total: number) => void) => {
      onProgress(f.size, f.size);
      return { filename: `1_${f.name}` };
    });
    renderPage(<FileUpload context="bom" upload={upload} multiple={false} />);
    await user.upload(screen.getByTestId('file-input'), file('bom.xlsx', 100, 'application/vnd.ms-excel'));
    expect(await screen.findByText('1_bom.xlsx wurde hochgeladen.')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0].name).toBe('bom.xlsx');
  });
});
