import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { AttachedFile } from '@model/files';
import { asPhone } from '@/testing/phone';
import { renderPage } from '@/testing/render';
import filesDe from '../../../public/locales/de/files.json';
import { FileTable } from './file-table';

beforeAll(() => {
  i18next.addResourceBundle('de', 'files', filesDe);
});
afterEach(() => vi.unstubAllGlobals());

const attached = (filename: string, overrides: Partial<AttachedFile> = {}): AttachedFile => ({
  id: `companies/c1/documents/${filename}`,
  path: `companies/c1/documents/${filename}`,
  filename,
  fileType: 'UNKNOWN',
  disabled: false,
  downloadUrl: '',
  size: 2048,
  contentType: 'application/pdf',
  ...overrides,
});

const FILES = [
  attached('Foto.jpg'),
  attached('Stückliste.xlsx'),
  attached('AVV.pdf', { fileType: 'LEGAL_DOCUMENT', size: 1_572_864 }),
];

describe('FileTable', () => {
  it('shows an icon per group: image, sheet, document', () => {
    renderPage(
      <FileTable
        files={[...FILES, attached('Bild.png'), attached('liste.csv'), attached('notiz.txt')]}
        onDownload={vi.fn()}
      />,
    );
    const rows = screen.getAllByTestId('file-row');
    const groups = rows.map((r) =>
      within(r)
        .getByTestId(/^file-icon-/)
        .getAttribute('data-testid'),
    );
    expect(groups).toEqual([
      'file-icon-image',
      'file-icon-sheet',
      'file-icon-document',
      'file-icon-image',
      'file-icon-sheet',
      'file-icon-document',
    ]);
    expect(within(rows[2]!).getByText('Rechtsdokument')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('1,5 MB')).toBeInTheDocument();
  });

  it("answers an empty selection with 'selectedEmpty' for download and delete", async () => {
    const user = userEvent.setup({ delay: null });
    const onDownload = vi.fn(async () => undefined);
    const onDelete = vi.fn(async () => undefined);
    renderPage(<FileTable files={FILES} canDelete onDownload={onDownload} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Auswahl herunterladen' }));
    expect(await screen.findByText('Bitte wählen Sie mindestens eine Datei aus.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Auswahl löschen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDownload).not.toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'AVV.pdf auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Foto.jpg auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Auswahl herunterladen' }));
    expect(onDownload.mock.calls.map((c) => (c as unknown as [AttachedFile])[0].filename)).toEqual([
      'Foto.jpg',
      'AVV.pdf',
    ]);
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const onDelete = vi.fn(async () => undefined);
    renderPage(<FileTable files={FILES} canDelete onDownload={vi.fn()} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'AVV.pdf löschen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Soll die Datei AVV.pdf wirklich gelöscht werden?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Alle Dateien auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Auswahl löschen' }));
    expect(await screen.findByText('Sollen 3 Dateien wirklich gelöscht werden?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(onDelete).toHaveBeenCalledWith(FILES);
    expect(await screen.findByText('3 Dateien wurden gelöscht.')).toBeInTheDocument();
  });

  it('offers no delete without permission, and says when there are no files', () => {
    renderPage(<FileTable files={FILES} onDownload={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /löschen/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AVV.pdf herunterladen' })).toBeInTheDocument();
  });

  it('shows who uploaded each file and, on offers, the side - when the API answers them', () => {
    renderPage(
      <FileTable
        files={[
          attached('Angebot.pdf', { fileType: 'OFFER', uploadedByName: 'Petra Weber', side: 'supplier' }),
          attached('Bestellung.pdf', { fileType: 'ORDER', uploadedByName: 'Max Muster', side: 'customer' }),
        ]}
        onDownload={vi.fn()}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Hochgeladen von', 'Seite']));
    const [offer, order] = screen.getAllByTestId('file-row');
    expect(within(offer!).getByText('Petra Weber')).toBeInTheDocument();
    expect(within(offer!).getByText('Lieferant')).toBeInTheDocument();
    expect(within(order!).getByText('Max Muster')).toBeInTheDocument();
    expect(within(order!).getByText('Kunde')).toBeInTheDocument();
  });

  it('an enquiry folder: the uploader without a side; a folder the API answers neither for: no such columns', () => {
    const { unmount } = renderPage(
      <FileTable files={[attached('plan.pdf', { uploadedByName: 'Max Muster' })]} onDownload={vi.fn()} />,
    );
    expect(screen.getByRole('columnheader', { name: 'Hochgeladen von' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Seite' })).not.toBeInTheDocument();
    expect(screen.getByText('Max Muster')).toBeInTheDocument();
    unmount();
    renderPage(<FileTable files={FILES} onDownload={vi.fn()} />);
    expect(screen.queryByRole('columnheader', { name: 'Hochgeladen von' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Seite' })).not.toBeInTheDocument();
  });

  it('shows the empty text', () => {
    renderPage(<FileTable files={[]} onDownload={vi.fn()} />);
    expect(screen.getByText('Keine Dateien vorhanden.')).toBeInTheDocument();
  });

  it('on a phone: a card per file - the whole name, type, size, date, uploader, side, and its buttons', async () => {
    asPhone();
    const user = userEvent.setup({ delay: null });
    const onDownload = vi.fn(async () => undefined);
    const onDelete = vi.fn(async () => undefined);
    const long = 'Schaltplan_Steuerschrank_Linie_3_Revision_12_final_freigegeben.pdf';
    renderPage(
      <FileTable
        files={[
          attached(long, {
            fileType: 'OFFER',
            uploadedByName: 'Petra Weber',
            side: 'supplier',
            lastUpdate: new Date(2026, 10, 3, 11, 0),
          }),
        ]}
        canDelete
        onDownload={onDownload}
        onDelete={onDelete}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByTestId('file-row'));
    expect(card.getByText(long)).toBeInTheDocument();
    expect(card.getByText('Angebot · 2 KB · 03.11.2026 11:00 · Petra Weber · Lieferant')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: `${long} herunterladen` }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    await user.click(card.getByRole('button', { name: `${long} löschen` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });
});

describe('FileTable in a narrow column', () => {
  /** jsdom lays nothing out: a ResizeObserver that reports the width a browser would give the table's box */
  function columnOf(width: number) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe(node: Element) {
          const entry = { target: node, contentRect: { width } } as unknown as ResizeObserverEntry;
          queueMicrotask(() => this.report([entry], this as unknown as ResizeObserver));
        }
        disconnect() {}
        unobserve() {}
      },
    );
  }

  it('a side column narrower than 560 px shows cards, whatever the viewport', async () => {
    columnOf(420);
    renderPage(<FileTable files={FILES} onDownload={vi.fn()} />);
    expect(await screen.findByTestId('file-cards')).toBeInTheDocument();
    expect(screen.getAllByTestId('file-row')).toHaveLength(3);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a wide column keeps the table', async () => {
    columnOf(900);
    renderPage(<FileTable files={FILES} onDownload={vi.fn()} />);
    // the measurement arrives after the first render: wait for it to have been applied
    await act(() => Promise.resolve());
    expect(screen.getByRole('table', { name: 'Dateien' })).toBeInTheDocument();
    expect(screen.queryByTestId('file-cards')).not.toBeInTheDocument();
  });
});
