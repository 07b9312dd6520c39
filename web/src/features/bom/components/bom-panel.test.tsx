import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Enquiry } from '@model/enquiry';
import { principalOf } from '@/lib/current-user/principal';
import { mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { customerUser, makeEnquiry } from '@/testing/enquiry-fixtures';
import { BomPanel } from './bom-panel';

/** A stand-in XMLHttpRequest for the multipart upload (records the request; the test answers). */
class FakeXhr {
  static all: FakeXhr[] = [];
  url = '';
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

afterEach(() => {
  FakeXhr.all = [];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const reopened = makeEnquiry({
  firstReleaseDate: new Date('2026-11-02T10:00:00Z'),
  bomFileName: 'stueckliste-v2.xlsx',
  bomRevision: 2,
  bomRevisions: [
    {
      revision: 1,
      fileName: 'stueckliste.xlsx',
      path: 'p1',
      uploadDate: new Date('2026-11-01T09:00:00Z'),
      uploadedBy: 'u1',
    },
    {
      revision: 2,
      fileName: 'stueckliste-v2.xlsx',
      path: 'p2',
      uploadDate: new Date('2026-11-03T09:00:00Z'),
      uploadedBy: 'u1',
    },
  ],
});

function show(enquiry: Enquiry, canChange: boolean) {
  renderPage(<BomPanel record={enquiry} caller={principalOf(customerUser)} canChange={canChange} />, {
    user: customerUser,
  });
}

describe('BomPanel', () => {
  it('no BOM yet: the drop zone sends the file to /enquiry/bom/upload and shows the stored name', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ delay: null });
    show(makeEnquiry(), true);
    expect(screen.getByText(/Erlaubte Formate: xlsx, xls, csv/)).toBeInTheDocument();
    await user.upload(screen.getByTestId('file-input'), new File(['a;b\n1;2\n'], 'liste.csv', { type: 'text/csv' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0]!;
    expect(xhr.url).toBe('/api/enquiry/bom/upload');
    expect(xhr.body?.get('enquiryId')).toBe('e1');
    expect((xhr.body?.get('file') as File).name).toBe('liste.csv');
    xhr.respond(200, makeEnquiry({ bomFileName: 'liste.csv', bomRevision: 1 }));
    expect(await screen.findByText('liste.csv wurde hochgeladen.')).toBeInTheDocument();
  });

  it('an unreadable BOM: the server’s reason', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ delay: null });
    show(makeEnquiry(), true);
    await user.upload(screen.getByTestId('file-input'), new File(['x'], 'liste.xlsx'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    FakeXhr.all[0]!.respond(422, { code: 'bomUnreadable', message: 'x' });
    expect(await screen.findByText('Die Stückliste konnte nicht gelesen werden.')).toBeInTheDocument();
  });

  it('a BOM: name, Re-upload, Download, Delete after confirming; earlier revisions downloadable', async () => {
    const user = userEvent.setup({ delay: null });
    // the download saves a blob through an object URL (jsdom has none)
    const save = vi.fn(() => 'blob:bom');
    Object.assign(URL, { createObjectURL: save, revokeObjectURL: vi.fn() });
    const calls = mockFetch((c) => {
      if (c.url.startsWith('/api/enquiry/bom?'))
        return { raw: 'bytes', headers: { 'Content-Disposition': 'attachment; filename="stueckliste.xlsx"' } };
      if (c.url === '/api/enquiry/bom/delete?enquiryId=e1')
        return { body: { ...reopened, bomFileName: undefined, bomRevision: 0 } };
      return undefined;
    });
    show(reopened, true);
    expect(screen.getByTestId('bom-file-name')).toHaveTextContent('stueckliste-v2.xlsx · Revision 2');
    expect(screen.queryByTestId('dropzone')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erneut hochladen' }));
    expect(screen.getByTestId('dropzone')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Revision 1: stueckliste\.xlsx/ }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(calls.at(-1)!.url).toBe('/api/enquiry/bom?enquiryId=e1&revision=1');
    expect(screen.queryByRole('button', { name: /^Revision 2:/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Herunterladen' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(calls.at(-1)!.url).toBe('/api/enquiry/bom?enquiryId=e1');

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stückliste löschen' }));
    expect(dialog.getByText('Soll die Stückliste stueckliste-v2.xlsx gelöscht werden?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Stückliste wurde gelöscht.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/enquiry/bom/delete')).map((c) => c.method)).toEqual(['POST']);
  });

  it('locked: only Download', () => {
    mockFetch(() => undefined);
    show({ ...reopened, released: true }, false);
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument();
    for (const name of ['Erneut hochladen', 'Löschen'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByTestId('dropzone')).not.toBeInTheDocument();
  });
});
