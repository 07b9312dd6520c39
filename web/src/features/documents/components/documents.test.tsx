import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttachedFile } from '@model/files';
import { principalOf } from '@/lib/current-user/principal';
import { enquiryKeys } from '../api/keys';
import { attachedFile, customerUser, enquiryFact, makeEnquiry } from '@/testing/enquiry-fixtures';
import { LazyPdfViewer } from '@/components/pdf-viewer';
import { mockFetch } from '@/testing/fetch-mock';
import { createTestQueryClient, renderPage } from '@/testing/render';
import { makeOffer, offerFile, supplierUser } from '@/testing/offer-fixtures';
import { EnquiryDocuments } from './enquiry-documents';
import { OfferDocuments } from './offer-documents';

// the viewer's engine is the stand-in of testing/setup-tests.ts, which reads the page count from the bytes

beforeAll(() => LazyPdfViewer.preload());

/** The folder's listing (with who uploaded each file) and the delete call. */
function api(folder: string, files: AttachedFile[]) {
  return mockFetch((c) => {
    if (c.url === `/api/file/names?path=${encodeURIComponent(folder)}`) return { body: files };
    if (c.url.startsWith('/api/file/delete?')) return { body: { ok: true } };
    return undefined;
  });
}

/** Several folders' listings at once (the enquiry's documents and its supplementary documents). */
function folders(listings: Record<string, AttachedFile[]>) {
  return mockFetch((c) => {
    for (const [folder, files] of Object.entries(listings))
      if (c.url === `/api/file/names?path=${encodeURIComponent(folder)}`) return { body: files };
    return undefined;
  });
}

const supplement = (name: string, origin: 'chat' | 'upload'): AttachedFile => ({
  ...attachedFile(`enquiries/e1/supplements/${name}`, 'UNKNOWN'),
  uploadedByName: 'Max Muster',
  lastUpdate: new Date('2026-11-20T09:30:00Z'),
  origin,
});

describe('the supplementary documents of a released enquiry', () => {
  const released = makeEnquiry({
    released: true,
    releaseDate: new Date(),
    firstReleaseDate: new Date(),
    supplements: [enquiryFact('Klemmenplan.pdf', 'UNKNOWN'), enquiryFact('Datenblatt.pdf', 'UNKNOWN')],
  });

  it('a supplier lists them with size, date, uploader and origin, downloads them, and changes nothing', async () => {
    folders({
      'enquiries/e1/documents/': [attachedFile('enquiries/e1/documents/plan.pdf', 'CIRCUIT_DIAGRAM')],
      'enquiries/e1/supplements/': [supplement('Klemmenplan.pdf', 'chat'), supplement('Datenblatt.pdf', 'upload')],
    });
    renderPage(<EnquiryDocuments record={released} caller={principalOf(supplierUser)} canChange={false} />, {
      user: supplierUser,
    });
    const section = await screen.findByRole('region', { name: 'Ergänzende Dokumente' });
    const rows = await within(section).findAllByTestId('file-row');
    expect(within(section).getByRole('columnheader', { name: 'Herkunft' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Klemmenplan.pdf');
    expect(within(rows[0]!).getByText('Aus dem Chat')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Max Muster')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1,2 KB')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/20\.11\.2026/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Hochgeladen')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Klemmenplan.pdf herunterladen' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Klemmenplan.pdf löschen' })).not.toBeInTheDocument();
    expect(within(section).queryByTestId('dropzone')).not.toBeInTheDocument();
    expect(within(section).getByText(/Angebote bleiben aktuell/)).toBeInTheDocument();
  });

  it('the customer adds them while released (no circuit diagram or BOM type), deletes none', async () => {
    const user = userEvent.setup({ delay: null });
    folders({
      'enquiries/e1/documents/': [],
      'enquiries/e1/supplements/': [supplement('Klemmenplan.pdf', 'chat')],
    });
    renderPage(<EnquiryDocuments record={released} caller={principalOf(customerUser)} canChange={false} />, {
      user: customerUser,
    });
    const section = await screen.findByRole('region', { name: 'Ergänzende Dokumente' });
    await within(section).findByTestId('file-row');
    expect(within(section).getByTestId('dropzone')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Klemmenplan.pdf löschen' })).not.toBeInTheDocument();
    await user.click(within(section).getByLabelText('Dokumentart'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Sonstiges',
      'Beschriftung',
      'Verbindungsliste',
    ]);
  });

  it('a draft without supplementary documents shows no such section', async () => {
    folders({ 'enquiries/e1/documents/': [] });
    renderPage(<EnquiryDocuments record={makeEnquiry()} caller={principalOf(customerUser)} canChange />, {
      user: customerUser,
    });
    await screen.findByTestId('dropzone');
    expect(screen.queryByRole('region', { name: 'Ergänzende Dokumente' })).not.toBeInTheDocument();
  });
});

describe('the documents panels', () => {
  it("enquiry: the model's documents folder with its uploaders; a delete refetches the enquiry (its documents)", async () => {
    const user = userEvent.setup({ delay: null });
    const enquiry = makeEnquiry();
    const calls = api('enquiries/e1/documents/', [
      { ...attachedFile('enquiries/e1/documents/plan.pdf', 'CIRCUIT_DIAGRAM'), uploadedByName: 'Max Muster' },
    ]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(enquiryKeys.detail('e1'), enquiry);
    renderPage(<EnquiryDocuments record={enquiry} caller={principalOf(customerUser)} canChange />, {
      user: customerUser,
      queryClient,
    });
    const row = await screen.findByTestId('file-row');
    expect(within(row).getByText('Max Muster')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Hochgeladen von' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'plan.pdf löschen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Datei wurde gelöscht.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/file/delete')).map((c) => c.url)).toEqual([
      '/api/file/delete?path=enquiries%2Fe1%2Fdocuments%2Fplan.pdf',
    ]);
    await waitFor(() => expect(queryClient.getQueryState(enquiryKeys.detail('e1'))?.isInvalidated).toBe(true));
  });

  it('enquiry without the right to change it: list and download only', async () => {
    api('enquiries/e1/documents/', [attachedFile('enquiries/e1/documents/plan.pdf', 'CIRCUIT_DIAGRAM')]);
    renderPage(<EnquiryDocuments record={makeEnquiry()} caller={principalOf(customerUser)} canChange={false} />, {
      user: customerUser,
    });
    await screen.findByTestId('file-row');
    expect(screen.queryByTestId('dropzone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'plan.pdf löschen' })).not.toBeInTheDocument();
  });

  it("offer: the supplier's document types, each file's uploader and side", async () => {
    const user = userEvent.setup({ delay: null });
    api('offers/o1/documents/', [
      { ...offerFile('Angebot.pdf', 'OFFER'), uploadedByName: 'Petra Weber', side: 'supplier' },
      { ...offerFile('Bestellung.pdf', 'ORDER'), uploadedByName: 'Max Muster', side: 'customer' },
    ]);
    renderPage(<OfferDocuments record={makeOffer()} caller={principalOf(supplierUser)} canChange />, {
      user: supplierUser,
    });
    const rows = await screen.findAllByTestId('file-row');
    expect(within(rows[0]!).getByText('Lieferant')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Kunde')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Dokumentart'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Angebot',
      'Auftragsbestätigung',
      'Schaltplan',
      'Rechtsdokument',
      'Sonstiges',
    ]);
  });

  it('a PDF of the folder opens in the viewer through GET /file/ (the download call); other files have no view', async () => {
    const user = userEvent.setup({ delay: null });
    const folder = 'enquiries/e1/documents/';
    const calls = mockFetch((c) => {
      if (c.url === `/api/file/names?path=${encodeURIComponent(folder)}`)
        return {
          body: [
            attachedFile(`${folder}Schaltplan.pdf`, 'CIRCUIT_DIAGRAM'),
            attachedFile(`${folder}Stückliste.xlsx`, 'BILL_OF_MATERIAL'),
          ],
        };
      if (c.url.startsWith('/api/file/?'))
        return { raw: '%PDF-1.7 /Pages 3', headers: { 'Content-Type': 'application/pdf' } };
      return undefined;
    });
    renderPage(<EnquiryDocuments record={makeEnquiry()} caller={principalOf(customerUser)} canChange={false} />, {
      user: customerUser,
    });
    await screen.findAllByTestId('file-row');
    expect(screen.queryByRole('button', { name: 'Stückliste.xlsx ansehen' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Schaltplan.pdf ansehen' }));
    const viewer = await screen.findByRole('dialog', { name: 'Schaltplan.pdf' });
    expect(await within(viewer).findByText('Seite 1 von 3')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/file/?')).map((c) => [c.url, c.headers.Authorization])).toEqual([
      ['/api/file/?path=enquiries%2Fe1%2Fdocuments%2FSchaltplan.pdf', expect.stringMatching(/^Bearer /)],
    ]);
    await user.click(within(viewer).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
