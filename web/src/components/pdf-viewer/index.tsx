import { Suspense } from 'react';
import { Backdrop, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '@/lib/lazy';
import type { PdfViewerProps } from './pdf-viewer';

const Viewer = lazyComponent(() => import('./pdf-viewer'), 'PdfViewer');

/**
 * The in-page PDF viewer (pdf-viewer.tsx), a chunk of its own that loads when a viewer first opens - and pdf.js a
 * further one it imports then -, so no page carries it before; a spinner stands in meanwhile.
 */
export const LazyPdfViewer = Object.assign(
  function LazyPdfViewer(props: PdfViewerProps) {
    const { t } = useTranslation('files');
    return (
      <Suspense
        fallback={
          <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
            <CircularProgress aria-label={t('viewer.loading')} />
          </Backdrop>
        }
      >
        <Viewer {...props} />
      </Suspense>
    );
  },
  { preload: Viewer.preload },
);
