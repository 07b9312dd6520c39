import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validationReason } from './validation-reasons.js';

const common = JSON.parse(
  readFileSync(new URL('../../../../web/public/locales/de/common.json', import.meta.url), 'utf8'),
) as { validation: Record<string, string> };

describe('validationReason', () => {
  it("reads as the web's German text of the same key (common:validation.*), limits filled in", () => {
    for (const key of ['required', 'oneOf', 'type', 'id', 'integer', 'min', 'max', 'controlCharacters'])
      expect(validationReason(`validation.${key}`)).toBe(common.validation[key]);
    expect(validationReason('validation.maxLength?max=100')).toBe(
      common.validation.maxLength!.replace('{{max}}', '100'),
    );
    expect(validationReason('validation.maxLength?max=2000')).toBe('Höchstens 2000 Zeichen.');
    expect(validationReason('validation.minLength?min=2')).toBe('Mindestens 2 Zeichen.');
  });

  it('an unknown key reads as an invalid value', () => {
    expect(validationReason('validation.nope')).toBe(common.validation.type);
  });
});
