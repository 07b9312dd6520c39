import * as yup from 'yup';
import { hasControlCharacters } from './text.js';

/**
 * The message of every validation rule of the model is one of these i18n keys (namespace `common`); the web
 * shows the German text, the API answers the key as `details[].key`. Parameters (`{{max}}`, `{{min}}`) come
 * from the rule itself (`validationParams`). `validation-messages.test.ts` walks every exported schema.
 */
export const VALIDATION_KEYS = {
  required: 'validation.required',
  type: 'validation.type',
  email: 'validation.email',
  phone: 'validation.phone',
  passwordMin: 'validation.passwordMin',
  passwordMismatch: 'validation.passwordMismatch',
  oneOf: 'validation.oneOf',
  id: 'validation.id',
  integer: 'validation.integer',
  decimals: 'validation.decimals',
  min: 'validation.min',
  max: 'validation.max',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  controlCharacters: 'validation.controlCharacters',
  acceptAvb: 'validation.acceptAvb',
  acceptPrivacy: 'validation.acceptPrivacy',
} as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

const V = VALIDATION_KEYS;

/**
 * yup's default messages are English sentences ("name is a required field"): every default is a key too, so a
 * rule written without a message still answers a key. Set when this module is evaluated, i.e. before any
 * model schema is built (every schema module imports this one).
 */
yup.setLocale({
  mixed: {
    default: V.type,
    required: V.required,
    defined: V.required,
    notNull: V.type,
    oneOf: V.oneOf,
    notOneOf: V.oneOf,
    notType: V.type,
  },
  string: {
    length: V.maxLength,
    min: V.minLength,
    max: V.maxLength,
    matches: V.type,
    email: V.email,
    url: V.type,
    uuid: V.type,
    datetime: V.type,
    datetime_offset: V.type,
    datetime_precision: V.type,
    trim: V.type,
    lowercase: V.type,
    uppercase: V.type,
  },
  number: {
    min: V.min,
    max: V.max,
    lessThan: V.max,
    moreThan: V.min,
    positive: V.min,
    negative: V.max,
    integer: V.integer,
  },
  date: { min: V.min, max: V.max },
  boolean: { isValue: V.oneOf },
  object: { noUnknown: V.type, exact: V.type },
  array: { min: V.min, max: V.max, length: V.max },
  tuple: { notType: V.type },
});

/**
 * Text fields take strings only: yup would turn `123` into "123" and an array would make a transform throw.
 * Anything else than a string (or an absent value) fails with `validation.type` and the empty path, as the API
 * documents for values of the wrong type. Strings are trimmed here (yup's own `trim()` adds a test that
 * only strict mode uses).
 */
function stringsOnly(_value: unknown, original: unknown): unknown {
  if (original === undefined || original === null) return original;
  if (typeof original !== 'string') throw new yup.ValidationError(V.type, original, '', 'typeError');
  return original.trim();
}

/** Strings only, trimmed, at most `max` characters, none of them a control or bidi character (after `allow`). */
function text(max: number, allow: (value: string) => string) {
  return yup
    .string()
    .typeError(V.type)
    .nonNullable(V.type)
    .transform(stringsOnly)
    .max(max, withLimits(V.maxLength))
    .test('controlCharacters', V.controlCharacters, (value) => value == null || !hasControlCharacters(allow(value)));
}

/** A single-line text of at most `max` characters: strings only, trimmed, no control or bidi characters. */
export const line = (max: number) => text(max, (value) => value);

/** A multi-line text (line breaks and tabs allowed) of at most `max` characters: strings only, trimmed. */
export const multiline = (max: number) => text(max, (value) => value.replace(/[\n\r\t]/g, ' '));

/** Lower-cased single-line text (e-mail addresses). */
export function lowerCaseLine(max: number) {
  return line(max).transform((value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
}

/** A boolean of a JSON body: `true`/`false` only (yup would accept "true", 1 and "0"). */
export function flag() {
  return yup
    .boolean()
    .typeError(V.type)
    .nonNullable(V.type)
    .transform((_value: unknown, original: unknown) => original);
}

/**
 * A message that carries its rule's limits, so a form can fill `{{max}}`/`{{min}}` of the German text:
 * `validation.maxLength?max=100`. A plain string, because formik copies its errors (an object would be
 * merged into something else); the API answers only the key (`messageKey`).
 */
export function withLimits(key: ValidationKey) {
  return (params: { min?: unknown; max?: unknown }): string => {
    const values = new URLSearchParams();
    if (params.min !== undefined) values.set('min', String(params.min));
    if (params.max !== undefined) values.set('max', String(params.max));
    const query = values.toString();
    return query ? `${key}?${query}` : key;
  };
}

/** The i18n key of a validation message (without the limits `withLimits` appends). */
export function messageKey(message: unknown): string {
  const text = String(message);
  const at = text.indexOf('?');
  return at < 0 ? text : text.slice(0, at);
}

/** The interpolation values a validation message carries (`{}` for a plain key). */
export function messageValues(message: unknown): Record<string, string> {
  const text = String(message);
  const at = text.indexOf('?');
  return at < 0 ? {} : Object.fromEntries(new URLSearchParams(text.slice(at + 1)));
}
