import { useRef, type KeyboardEvent, type RefObject, type TouchEvent } from 'react';

/** A horizontal swipe at least this long (and mostly sideways) turns the page on a touch screen. */
const SWIPE_PX = 60;

interface ViewerActions {
  /** false while no document is shown: keys and swipes do nothing */
  enabled: boolean;
  pageNumber: number;
  pageCount: number;
  turnTo: (pageNumber: number) => void;
  zoomBy: (direction: 1 | -1) => void;
  fit: () => void;
  /** the scrolling view of the page: a page wider than it scrolls sideways instead of turning on a swipe */
  view: RefObject<HTMLElement | null>;
}

/**
 * The viewer's keys and touch: arrows or Page Up/Down turn pages, Home/End go to the first and last, + and - zoom,
 * 0 fits the width; a sideways swipe over a page that fits the view turns it.
 */
export function useViewerInput({ enabled, pageNumber, pageCount, turnTo, zoomBy, fit, view }: ViewerActions) {
  const touch = useRef<{ x: number; y: number }>(undefined);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!enabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const actions: Record<string, () => void> = {
      ArrowRight: () => turnTo(pageNumber + 1),
      PageDown: () => turnTo(pageNumber + 1),
      ArrowLeft: () => turnTo(pageNumber - 1),
      PageUp: () => turnTo(pageNumber - 1),
      Home: () => turnTo(1),
      End: () => turnTo(pageCount),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': fit,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const onTouchStart = (event: TouchEvent) => {
    const point = event.changedTouches[0];
    touch.current = event.touches.length === 1 && point ? { x: point.clientX, y: point.clientY } : undefined;
  };

  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.changedTouches[0];
    touch.current = undefined;
    const el = view.current;
    if (!enabled || !start || !point || (el && el.scrollWidth > el.clientWidth)) return;
    const dx = point.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(point.clientY - start.y))
      turnTo(pageNumber + (dx < 0 ? 1 : -1));
  };

  return { onKeyDown, onTouchStart, onTouchEnd };
}
