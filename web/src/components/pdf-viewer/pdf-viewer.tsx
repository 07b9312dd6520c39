import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/api-client';
import { useContainerWidth } from '@/lib/use-container-width';
import type { LoadPdf } from './pdf-document';
import { PdfPageCanvas } from './pdf-page-canvas';
import { PdfToolbar } from './pdf-toolbar';
import { loadWithPdfJs } from './pdfjs-loader';
import { fitScale, scaleOf, zoomStep, type Zoom } from './pdf-zoom';
import { usePdfFile, usePdfPage } from './use-pdf-file';
import { useViewerInput } from './use-viewer-input';

export interface PdfViewerProps {
  filename: string;
  /** the file's bytes through the API's authorised download (GET /file/: read permission, counted as a download) */
  fetchFile: () => Promise<Blob>;
  onClose: () => void;
  /** the PDF engine: pdf.js, loaded when the viewer opens (component tests pass their own, see pdf-document.ts) */
  load?: LoadPdf;
}

/**
 * The in-page PDF viewer (a dialog, full screen on phones): "Seite x von n" with previous/next, zoom out/in and fit
 * to width (the start), and the download of the bytes it shows; keys and swipes as `useViewerInput` says. A file
 * that is no readable PDF says so and can still be downloaded; a refused call shows the API's reason.
 */
export function PdfViewer({ filename, fetchFile, onClose, load = loadWithPdfJs }: PdfViewerProps) {
  const { t } = useTranslation('files');
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const file = usePdfFile(fetchFile, load, t('viewer.failed'));
  const document = file.status === 'ready' ? file.document : undefined;
  const pageCount = document?.pageCount ?? 0;
  const [pageNumber, setPageNumber] = useState(1);
  const page = usePdfPage(document, pageNumber);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [measure, viewWidth] = useContainerWidth<HTMLDivElement>();
  const view = useRef<HTMLDivElement | null>(null);
  // one ref callback for the view's life (a new one per render would observe the view anew on every render)
  const viewRef = useCallback(
    (node: HTMLDivElement | null) => {
      view.current = node;
      return measure(node);
    },
    [measure],
  );
  const scale = scaleOf(zoom, fitScale(page?.width ?? 0, viewWidth));
  const turnTo = (n: number) => setPageNumber(Math.min(Math.max(n, 1), Math.max(pageCount, 1)));
  const zoomBy = (direction: 1 | -1) => setZoom(zoomStep(scale, direction));
  const fit = () => setZoom('fit');
  const input = useViewerInput({ enabled: !!document, pageNumber, pageCount, turnTo, zoomBy, fit, view });
  // a new page starts at its top (a block: Chromium's scrollTo answers a promise, which an effect must not return)
  useEffect(() => {
    void view.current?.scrollTo?.({ top: 0 });
  }, [pageNumber]);
  const bytes = file.status === 'loading' ? undefined : file.blob;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
      onKeyDown={input.onKeyDown}
      slotProps={{ paper: { sx: phone ? {} : { height: '90vh' } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1, py: 1 }}>
        <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {filename}
        </Box>
        <IconButton aria-label={t('viewer.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <PdfToolbar
        pageNumber={pageNumber}
        pageCount={pageCount}
        percent={page ? Math.round(scale * 100) : undefined}
        fitted={zoom === 'fit'}
        onTurn={turnTo}
        onZoom={zoomBy}
        onFit={fit}
        onDownload={bytes && (() => saveBlob(bytes, filename))}
      />
      <DialogContent
        dividers
        ref={viewRef}
        role="region"
        aria-label={t('viewer.view')}
        tabIndex={0}
        onTouchStart={input.onTouchStart}
        onTouchEnd={input.onTouchEnd}
        sx={{ bgcolor: 'grey.200', p: { xs: 1, sm: 2 }, overflow: 'auto', textAlign: 'center' }}
      >
        {file.status === 'loading' && <CircularProgress aria-label={t('viewer.loading')} sx={{ mt: 4 }} />}
        {file.status === 'failed' && <Alert severity="error">{file.message}</Alert>}
        {file.status === 'unreadable' && <Alert severity="error">{t('viewer.unreadable')}</Alert>}
        {page && (
          <PdfPageCanvas page={page} scale={scale} label={t('viewer.page', { page: pageNumber, count: pageCount })} />
        )}
      </DialogContent>
    </Dialog>
  );
}
