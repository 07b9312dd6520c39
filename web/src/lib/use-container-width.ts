import { useCallback, useState } from 'react';

/**
 * The rendered width of an element (a callback ref for it, and its width in px; 0 until measured or where the
 * browser has no ResizeObserver, such as jsdom). For layouts that depend on the space a component gets rather than
 * on the viewport: the same table sits in a page's main column and in a narrow side column.
 */
export function useContainerWidth<T extends HTMLElement>(): [(node: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(node);
    // React 19: a callback ref may return its cleanup
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
