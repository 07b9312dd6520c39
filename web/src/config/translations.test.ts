import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@model/api-error';
import { ENQUIRY_ERRORS } from '@model/enquiry';
import { FILE_ERRORS } from '@model/files';
import { OFFER_ERRORS } from '@model/offer';
import { USER_ERRORS } from '@model/user';
import { CLIENT_ERROR_CODES } from '@/lib/api-client';
import { errorText } from '@/lib/errors';

// German is the language of record: every code the API can answer and every message key the model's
// schemas produce must have its text, or the user would see a key.
const here = dirname(fileURLToPath(import.meta.url));
const modelDir = resolve(here, '../../../functions/src/model');
const webSrc = resolve(here, '..');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

const german = (key: string) => i18next.exists(key, { lng: 'de' }) && i18next.t(key, { lng: 'de' }) !== key;
/** A key used with a count exists as its plural forms (`key_one`, `key_other`). */
const germanPlural = (key: string) =>
  i18next.exists(key, { lng: 'de', count: 2 }) && i18next.t(key, { lng: 'de', count: 2 }) !== key;

describe('German texts', () => {
  it('every error code (API and client) has errors.<code> in common', () => {
    const missing = [...API_ERROR_CODES, ...CLIENT_ERROR_CODES].filter((code) => !german(`common:errors.${code}`));
    expect(missing).toEqual([]);
  });

  it("every area's error code has its German text, in the area's namespace or in common (errorText finds both)", () => {
    const unknown = errorText('unknown');
    const areaCodes = [ENQUIRY_ERRORS, OFFER_ERRORS, FILE_ERRORS, USER_ERRORS].flatMap((table) => Object.keys(table));
    expect(areaCodes.filter((code) => errorText(code) === unknown || errorText(code).includes('{{'))).toEqual([]);
    // common first: an area's text of the same name (offers:errors.notFound, a page state) does not replace it
    expect(errorText('notFound')).toBe(i18next.t('common:errors.notFound'));
    // an area's own code, kept in its namespace
    expect(errorText('missingOfferFile')).toBe(i18next.t('offers:errors.missingOfferFile'));
    expect(errorText('noSuchCode')).toBe(unknown);
  });

  it('every validation key used by the model has a text', () => {
    const sources = files(modelDir, /^(?!.*\.test\.ts$).*\.ts$/).map((f) => readFileSync(f, 'utf8'));
    const keys = new Set(
      sources.flatMap((text) => [...text.matchAll(/['"`](validation\.[A-Za-z]+)['"`]/g)].map((m) => m[1])),
    );
    expect(keys.size).toBeGreaterThan(5);
    expect([...keys].filter((key) => !german(`common:${key}`))).toEqual([]);
  });

  it('detects a missing text (self-check)', () => {
    expect(german('common:errors.mailInUse')).toBe(true);
    expect(german('common:errors.noSuchCode')).toBe(false);
    expect(german('common:validation.noSuchKey')).toBe(false);
  });

  it('every namespaced key the web passes around (e.g. labelKey="users:saved") exists', () => {
    const namespaces = Object.keys(i18next.store.data.de ?? {}).join('|');
    const pattern = new RegExp(`['"\`]((?:${namespaces}):[A-Za-z][\\w.-]*)['"\`]`, 'g');
    const used = new Set(
      files(webSrc, /\.tsx?$/)
        .filter((f) => !/\.test\.tsx?$/.test(f))
        .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(pattern)].map((m) => m[1])),
    );
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((key) => !german(key) && !germanPlural(key))).toEqual([]);
  });
});
