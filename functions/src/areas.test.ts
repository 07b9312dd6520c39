import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from './model/api-error.js';
import { AREAS } from './modules.js';

/** Every `errors.<code>` text of the web's German namespaces (public/locales/de/*.json). */
function germanErrorTexts(): Map<string, string> {
  const dir = new URL('../../web/public/locales/de/', import.meta.url);
  const texts = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const json = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as { errors?: Record<string, unknown> };
    for (const [code, text] of Object.entries(json.errors ?? {})) if (typeof text === 'string') texts.set(code, text);
  }
  return texts;
}

describe('the area list', () => {
  it('names each area after its folder, once', () => {
    const names = AREAS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    const folders = readdirSync(new URL('./modules/', import.meta.url));
    expect(names.filter((n) => !folders.includes(n))).toEqual([]);
  });

  it('every error code (platform and areas) is declared once and has a German text on the web', () => {
    const areaCodes = AREAS.flatMap((a) => Object.keys(a.errors ?? {}));
    const all = [...API_ERROR_CODES, ...areaCodes];
    expect(
      all.filter((c, i) => all.indexOf(c) !== i),
      'codes declared twice',
    ).toEqual([]);
    const texts = germanErrorTexts();
    expect(
      all.filter((c) => !texts.has(c)),
      'codes without a German text',
    ).toEqual([]);
  });
});
