import { useEffect, useRef } from 'react';
import { log } from '@/lib/log';
import type { PdfPage } from './pdf-document';

/**
 * One page painted into a canvas at `scale` (a named image for assistive technology). A change of page or scale
 * cancels the paint under way before the next one starts.
 */
export function PdfPageCanvas({ page, scale, label }: { page: PdfPage; scale: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    let cancelled = false;
    const paint = page.render(canvas.current, scale);
    paint.done.catch((error: unknown) => {
      if (!cancelled) log.warn('pdf viewer: page not painted', error);
    });
    return () => {
      cancelled = true;
      paint.cancel();
    };
  }, [page, scale]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-testid="pdf-page"
      style={{
        display: 'inline-block',
        background: '#fff',
        boxShadow: '0 1px 4px rgba(0,0,0,.3)',
        verticalAlign: 'top',
      }}
    />
  );
}
