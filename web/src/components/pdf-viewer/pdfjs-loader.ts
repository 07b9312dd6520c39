import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { UnreadablePdfError, type LoadPdf, type PdfDocument, type PdfPage } from './pdf-document';

/**
 * Where the build puts pdf.js' data files (web/vite.config.ts `pdfjsData`): the standard fonts a PDF names without
 * embedding them, and the JavaScript image decoders (JBIG2/CCITT of scanned documents, JPEG 2000).
 */
const PDFJS_DATA = '/pdfjs/';

/**
 * The app's PDF engine: pdf.js, imported when the first viewer opens (its own chunk, never on /login), its worker a
 * same-origin module script of the build. Under the portal's CSP (script-src 'self', no 'unsafe-eval', no
 * 'wasm-unsafe-eval'; pdf.js 6 uses no eval): no WebAssembly (`useWasm: false`: the image decoders' JavaScript
 * versions and the interpreted PostScript functions instead), pages painted on this thread into our canvas (no
 * worker rendering). docs/decisions-api.md
 * "In-page PDF viewer".
 */
export const loadWithPdfJs: LoadPdf = async (data) => {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
  const task = pdfjs.getDocument({
    data,
    useWasm: false,
    wasmUrl: `${PDFJS_DATA}wasm/`,
    standardFontDataUrl: `${PDFJS_DATA}standard_fonts/`,
    disableWorkerRendering: true,
    enableXfa: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    void task.destroy();
    // the bytes are here, so whatever pdf.js refuses (no PDF, damaged, encrypted) is the file's fault
    throw new UnreadablePdfError(error);
  }
  return {
    pageCount: document.numPages,
    async page(pageNumber): Promise<PdfPage> {
      const page = await document.getPage(pageNumber);
      const { width, height } = page.getViewport({ scale: 1 });
      return {
        width,
        height,
        render(canvas, scale) {
          const ratio = window.devicePixelRatio || 1;
          const viewport = page.getViewport({ scale });
          canvas.width = Math.floor(viewport.width * ratio);
          canvas.height = Math.floor(viewport.height * ratio);
          canvas.style.width = `${Math.floor(viewport.width)}px`;
          canvas.style.height = `${Math.floor(viewport.height)}px`;
          const task = page.render({
            canvas,
            viewport,
            transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
          });
          return { done: task.promise, cancel: () => task.cancel() };
        },
      };
    },
    destroy: () => void task.destroy(),
  } satisfies PdfDocument;
};
