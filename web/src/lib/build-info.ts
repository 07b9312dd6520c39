import { BUILD_DATE } from '@model/constants';

export interface BuildInfo {
  buildDate: string;
  version: string;
}

const RELOADED_KEY = 'schrankwerk.buildInfoReloaded';

/** True when the deployed build (build-info.json) is newer than the bundle running now. */
export function isNewerBuild(deployed: string | undefined, bundled: string = BUILD_DATE): boolean {
  if (!deployed) return false;
  const a = Date.parse(deployed);
  const b = Date.parse(bundled);
  return !Number.isNaN(a) && !Number.isNaN(b) && a > b;
}

/**
 * Spec 1: fetch /build-info.json bypassing caches; if its buildDate is newer than ours, clear Cache Storage
 * and reload once (a session flag prevents reload loops).
 */
export async function checkBuildInfo(): Promise<void> {
  try {
    const response = await fetch('/build-info.json', { cache: 'reload' });
    if (!response.ok) return;
    const info = (await response.json()) as BuildInfo;
    if (!isNewerBuild(info.buildDate)) {
      sessionStorage.removeItem(RELOADED_KEY);
      return;
    }
    if (sessionStorage.getItem(RELOADED_KEY) === info.buildDate) return;
    sessionStorage.setItem(RELOADED_KEY, info.buildDate);
    if ('caches' in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
    }
    window.location.reload();
  } catch {
    // offline or no build info: keep running the bundled version
  }
}
