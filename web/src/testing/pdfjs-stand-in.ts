import type { LoadPdf } from '@/components/pdf-viewer/pdf-document';

/**
 * jsdom runs no pdf.js: every component test gets this engine at the viewer's seam (components/pdf-viewer/pdfjs-loader,
 * mocked in testing/setup-tests.ts); it reads the page count from the bytes the API answered ("%PDF-1.7 /Pages 3").
 * pdf.js itself: web/e2e/pdf-viewer.e2e.test.ts.
 */
export const loadWithPdfJs: LoadPdf = async (data) => ({
  pageCount: Number(/Pages (\d+)/.exec(new TextDecoder().decode(data))?.[1]),
  page: async () => ({ width: 595, height: 842, render: () => ({ done: Promise.resolve(), cancel: () => {} }) }),
  destroy: () => {},
});
