import { vi } from 'vitest';

/**
 * Emulates a phone's screen for `useMediaQuery` (jsdom has no layout and no matchMedia): width 390 px, a touch
 * screen. Call before rendering; `vi.unstubAllGlobals()` (or the next `asPhone`) ends it.
 */
export function asPhone(width = 390): void {
  const matches = (query: string) =>
    query.split(/\s*,\s*/).some((part) => {
      const max = /max-width:\s*([\d.]+)px/.exec(part);
      const min = /min-width:\s*([\d.]+)px/.exec(part);
      if (/pointer:\s*fine/.test(part) || /hover:\s*hover/.test(part)) return false;
      return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])) && Boolean(max || min);
    });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
