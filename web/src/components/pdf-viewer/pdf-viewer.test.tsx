import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-error';
import { axeViolations } from '@/testing/axe';
import { asPhone } from '@/testing/phone';
import { renderPage } from '@/testing/render';
import { UnreadablePdfError, type LoadPdf, type PdfDocument } from './pdf-document';
import { PdfViewer } from './pdf-viewer';

// jsdom runs no pdf.js (no worker, no canvas painting): these tests hand the viewer a loader of their own behind the
// seam of pdf-document.ts and check the viewer's controls and states; pdf.js itself is tested in Chromium
// (web/e2e/pdf-viewer.e2e.test.ts).

/** What the viewer asked the engine to paint: page and scale, in order. */
type Paint = { page: number; scale: number };

/** A document of `pageCount` A4 portrait pages (595 x 842 pt) that records each paint. */
function engine(pageCount: number) {
  const paints: Paint[] = [];
  let destroyed = false;
  let bytes: Uint8Array | undefined;
  const load: LoadPdf = async (data) => {
    bytes = data;
    const document: PdfDocument = {
      pageCount,
      page: async (n) => ({
        width: 595,
        height: 842,
        render: (_canvas, scale) => {
          paints.push({ page: n, scale });
          return { done: Promise.resolve(), cancel: () => undefined };
        },
      }),
      destroy: () => {
        destroyed = true;
      },
    };
    return document;
  };
  return { load, paints, lastPaint: () => paints.at(-1), destroyed: () => destroyed, bytes: () => bytes };
}

const PDF = new Blob(['%PDF-1.7 drei Seiten'], { type: 'application/pdf' });

function view(props: Partial<Parameters<typeof PdfViewer>[0]> & Pick<Parameters<typeof PdfViewer>[0], 'load'>) {
  const onClose = vi.fn();
  const result = renderPage(
    <PdfViewer filename="Schaltplan.pdf" fetchFile={async () => PDF} onClose={onClose} {...props} />,
  );
  return { ...result, onClose };
}

const button = (name: string) => screen.getByRole('button', { name });

beforeAll(() => {
  // the download saves through an object URL and a clicked link (lib/api-client saveBlob)
  Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PdfViewer', () => {
  it('loads, then shows "Seite 1 von 3" fitted to the width; previous/next turn the pages within 1..3', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: (blob: Blob) => void = () => undefined;
    const pdf = engine(3);
    view({ load: pdf.load, fetchFile: () => new Promise<Blob>((resolve) => (answer = resolve)) });
    expect(screen.getByRole('progressbar', { name: 'PDF wird geladen …' })).toBeInTheDocument();
    expect(button('Herunterladen')).toBeDisabled();
    answer(PDF);

    expect(await screen.findByText('Seite 1 von 3')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(new TextDecoder().decode(pdf.bytes())).toBe('%PDF-1.7 drei Seiten');
    await waitFor(() => expect(pdf.lastPaint()).toEqual({ page: 1, scale: 1 }));
    expect(screen.getByRole('img', { name: 'Seite 1 von 3' })).toBeInTheDocument();
    expect(button('Vorherige Seite')).toBeDisabled();

    await user.click(button('Nächste Seite'));
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();
    await waitFor(() => expect(pdf.lastPaint()).toEqual({ page: 2, scale: 1 }));
    await user.click(button('Nächste Seite'));
    expect(screen.getByText('Seite 3 von 3')).toBeInTheDocument();
    expect(button('Nächste Seite')).toBeDisabled();
    await user.click(button('Vorherige Seite'));
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();
  });

  it('zooms in and out in steps from the scale shown and back to the width; each zoom paints again', async () => {
    const user = userEvent.setup({ delay: null });
    const pdf = engine(2);
    view({ load: pdf.load });
    await screen.findByText('100 %');
    expect(button('An Breite anpassen')).toBeDisabled();

    await user.click(button('Vergrößern'));
    expect(screen.getByText('125 %')).toBeInTheDocument();
    await waitFor(() => expect(pdf.lastPaint()).toEqual({ page: 1, scale: 1.25 }));
    await user.click(button('Vergrößern'));
    expect(screen.getByText('156 %')).toBeInTheDocument();
    await user.click(button('Verkleinern'));
    await user.click(button('Verkleinern'));
    await user.click(button('Verkleinern'));
    expect(screen.getByText('80 %')).toBeInTheDocument();
    await waitFor(() => expect(pdf.lastPaint()).toEqual({ page: 1, scale: 0.8 }));

    await user.click(button('An Breite anpassen'));
    expect(screen.getByText('100 %')).toBeInTheDocument();
    expect(button('An Breite anpassen')).toBeDisabled();
    // a turned page keeps the zoom
    await user.click(button('Vergrößern'));
    await user.click(button('Nächste Seite'));
    await waitFor(() => expect(pdf.lastPaint()).toEqual({ page: 2, scale: 1.25 }));
  });

  it('keyboard: arrows and Page Up/Down turn, Home/End jump, + - zoom, 0 fits; each button names its keys', async () => {
    const user = userEvent.setup({ delay: null });
    const pdf = engine(4);
    view({ load: pdf.load });
    await screen.findByText('Seite 1 von 4');
    screen.getByRole('region', { name: 'PDF-Ansicht' }).focus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Seite 2 von 4')).toBeInTheDocument();
    await user.keyboard('{PageDown}');
    expect(screen.getByText('Seite 3 von 4')).toBeInTheDocument();
    await user.keyboard('{PageUp}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('Seite 1 von 4')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByText('Seite 4 von 4')).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(screen.getByText('Seite 1 von 4')).toBeInTheDocument();
    await user.keyboard('++');
    expect(screen.getByText('156 %')).toBeInTheDocument();
    await user.keyboard('-');
    expect(screen.getByText('125 %')).toBeInTheDocument();
    await user.keyboard('0');
    expect(screen.getByText('100 %')).toBeInTheDocument();

    expect(button('Nächste Seite')).toHaveAttribute('aria-keyshortcuts', 'ArrowRight PageDown');
    expect(button('Vergrößern')).toHaveAttribute('aria-keyshortcuts', '+');
    expect(await axeViolations()).toEqual([]);
  });

  it('on a phone: full screen, a sideways swipe turns the page, a mostly vertical one does not', async () => {
    asPhone();
    const pdf = engine(3);
    view({ load: pdf.load });
    await screen.findByText('Seite 1 von 3');
    expect(screen.getByRole('dialog').className).toMatch(/FullScreen/);
    const page = screen.getByRole('region', { name: 'PDF-Ansicht' });
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(page, {
        touches: [{ clientX: from[0], clientY: from[1] }],
        changedTouches: [{ clientX: from[0], clientY: from[1] }],
      });
      fireEvent.touchEnd(page, { touches: [], changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };

    swipe([300, 400], [100, 420]);
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();
    swipe([300, 400], [250, 100]); // scrolling down
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();
    swipe([100, 400], [300, 400]);
    expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("turns pages in a browser whose scrollTo answers a promise (Chromium's; the view starts each page at its top)", async () => {
    const user = userEvent.setup({ delay: null });
    const scrolled: unknown[] = [];
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value: (options: unknown) => {
        scrolled.push(options);
        return Promise.resolve();
      },
    });
    try {
      view({ load: engine(3).load });
      await screen.findByText('Seite 1 von 3');
      await user.click(button('Nächste Seite'));
      await user.click(button('Nächste Seite'));
      expect(screen.getByText('Seite 3 von 3')).toBeInTheDocument();
      expect(scrolled).toContainEqual({ top: 0 });
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
    }
  });

  it('downloads the bytes it shows under the file name, without asking the API again', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchFile = vi.fn(async () => PDF);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    view({ load: engine(1).load, fetchFile });
    await screen.findByText('Seite 1 von 1');
    await user.click(button('Herunterladen'));
    expect(saved).toEqual(['Schaltplan.pdf']);
    expect(fetchFile).toHaveBeenCalledTimes(1);
  });

  it('a file that is no readable PDF: a clear German error, and it can still be downloaded', async () => {
    view({
      load: async () => {
        throw new UnreadablePdfError(new Error('Invalid PDF structure.'));
      },
    });
    expect(
      await screen.findByText(
        'Die Datei ist kein lesbares PDF und kann hier nicht angezeigt werden. Sie können sie herunterladen.',
      ),
    ).toBeInTheDocument();
    expect(button('Herunterladen')).toBeEnabled();
    expect(button('Nächste Seite')).toBeDisabled();
    expect(button('Vergrößern')).toBeDisabled();
    expect(screen.queryByText(/^Seite/)).not.toBeInTheDocument();
  });

  it("a refused call shows the API's reason (no read permission, not found); nothing to download", async () => {
    const load = vi.fn(engine(1).load);
    view({
      load,
      fetchFile: async () => {
        throw new ApiError(404, 'notFound');
      },
    });
    expect(await screen.findByText('Der Eintrag wurde nicht gefunden.')).toBeInTheDocument();
    expect(button('Herunterladen')).toBeDisabled();
    expect(load).not.toHaveBeenCalled();
  });

  it('closes with its button and ends the document', async () => {
    const user = userEvent.setup({ delay: null });
    const pdf = engine(2);
    const { onClose, unmount } = view({ load: pdf.load });
    await screen.findByText('Seite 1 von 2');
    await user.click(button('Schließen'));
    expect(onClose).toHaveBeenCalled();
    unmount();
    expect(pdf.destroyed()).toBe(true);
  });
});
