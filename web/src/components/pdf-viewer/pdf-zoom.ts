/** The viewer's zoom: the page's width fitted to the view, or a fixed scale reached by zoom steps. */
export type Zoom = 'fit' | number;

const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;

/**
 * The scale that makes a page of `pageWidth` fill a view whose content box is `viewWidth` wide (its padding is the
 * margin; 1 before the view was measured).
 */
export function fitScale(pageWidth: number, viewWidth: number): number {
  if (viewWidth <= 0 || pageWidth <= 0) return 1;
  return clamp(viewWidth / pageWidth);
}

export function scaleOf(zoom: Zoom, fit: number): number {
  return zoom === 'fit' ? fit : zoom;
}

/** One step in (`direction` 1) or out (-1) from the scale shown now, within MIN_SCALE..MAX_SCALE. */
export function zoomStep(current: number, direction: 1 | -1): number {
  return clamp(Math.round(current * ZOOM_STEP ** direction * 100) / 100);
}

function clamp(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}
