import { useEffect, useRef } from 'react';
import { log } from '@/lib/log';
import type { PdfPage } from './pdf-document';

/**
 * One page painted into a canvas at `scale` (a named image for assistive technology). A change of page or scale
 * cancels the paint under way, and the next one starts once that one has let go of the canvas: pdf.js refuses a
 * second paint into a canvas still in use (a key press right after a zoom).
 */
export function PdfPageCanvas({ page, scale, label }: { page: PdfPage; scale: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const previous = useRef<Promise<void>>(undefined);
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    let cancelled = false;
    let paint: ReturnType<PdfPage['render']> | undefined;
    const before = previous.current;
    const run = (async () => {
      await before;
      if (cancelled) return;
      paint = page.render(target, scale);
      await paint.done;
    })();
    // the next paint waits for this one's end, whatever it was
    previous.current = run.catch((error: unknown) => {
      if (!cancelled) log.warn('pdf viewer: page not painted', error);
    });
    return () => {
      cancelled = true;
      paint?.cancel();
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
