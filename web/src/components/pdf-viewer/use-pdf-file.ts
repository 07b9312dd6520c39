import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { log } from '@/lib/log';
import { UnreadablePdfError, type LoadPdf, type PdfDocument, type PdfPage } from './pdf-document';

/** Where the viewer's file stands: its bytes are fetched, then read by the PDF engine. */
export type PdfFileState =
  | { status: 'loading' }
  /** the call failed (no read permission, gone, offline: no bytes) or the viewer's code could not be loaded */
  | { status: 'failed'; message: string; blob?: Blob }
  /** the bytes arrived but are no readable PDF: they can still be downloaded */
  | { status: 'unreadable'; blob: Blob }
  | { status: 'ready'; blob: Blob; document: PdfDocument };

/**
 * Fetches the file once (through the caller's `fetchFile`: the API's authorised download) and reads it with `load`.
 * The document is destroyed when the viewer closes (a viewer shows one file: its opener keys it by the file).
 */
export function usePdfFile(fetchFile: () => Promise<Blob>, load: LoadPdf, failedText: string): PdfFileState {
  const [state, setState] = useState<PdfFileState>({ status: 'loading' });
  useEffect(() => {
    let ended = false;
    let opened: PdfDocument | undefined;
    void (async () => {
      let blob: Blob;
      try {
        blob = await fetchFile();
      } catch (error) {
        if (!ended) setState({ status: 'failed', message: errorMessage(error, failedText) });
        return;
      }
      try {
        opened = await load(new Uint8Array(await blob.arrayBuffer()));
      } catch (error) {
        if (ended) return;
        if (error instanceof UnreadablePdfError) setState({ status: 'unreadable', blob });
        else {
          log.warn('pdf viewer: the PDF engine failed', error);
          setState({ status: 'failed', message: failedText, blob });
        }
        return;
      }
      if (ended) opened.destroy();
      else setState({ status: 'ready', blob, document: opened });
    })();
    return () => {
      ended = true;
      opened?.destroy();
    };
    // one fetch per opened file: the caller's functions may be new on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

/** The page `pageNumber` of the document (undefined while it loads; the previous page stays until then). */
export function usePdfPage(document: PdfDocument | undefined, pageNumber: number): PdfPage | undefined {
  const [page, setPage] = useState<PdfPage>();
  useEffect(() => {
    if (!document) return;
    let ended = false;
    document.page(pageNumber).then(
      (loaded) => !ended && setPage(loaded),
      (error: unknown) => {
        if (!ended) log.warn('pdf viewer: page not read', error);
      },
    );
    return () => {
      ended = true;
    };
  }, [document, pageNumber]);
  return page;
}
