/**
 * The viewer's seam to the PDF engine: what the viewer needs of a loaded document, nothing of pdf.js' own API. The
 * app loads documents with pdf.js (`pdfjs-loader.ts`, its own chunk); component tests hand the viewer a loader of
 * their own, since jsdom cannot run pdf.js' worker or paint its canvases.
 */
export interface PdfDocument {
  pageCount: number;
  page(pageNumber: number): Promise<PdfPage>;
  /** ends the document (and its worker's share of it) */
  destroy(): void;
}

export interface PdfPage {
  /** the page's size at scale 1, in CSS pixels (PDF points), rotation applied */
  width: number;
  height: number;
  /** paints the page at `scale` (of its size) into the canvas, which it sizes; `cancel` ends a paint under way */
  render(canvas: HTMLCanvasElement, scale: number): { done: Promise<void>; cancel: () => void };
}

/** Reads a PDF's bytes; rejects with `UnreadablePdfError` when they are no PDF the engine can read. */
export type LoadPdf = (data: Uint8Array) => Promise<PdfDocument>;

/** The bytes are no readable PDF (not a PDF, damaged, or password-protected). */
export class UnreadablePdfError extends Error {
  constructor(cause?: unknown) {
    super('unreadable PDF', { cause });
    this.name = 'UnreadablePdfError';
  }
}
