import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { registrationSchema, userSchema, userUpdateSchema } from './user.js';
import { companySchema } from './company.js';
import { messageKey, messageValues } from './validation.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const LOCALES = new URL('../../../web/public/locales/de/', import.meta.url);
const common = JSON.parse(readFileSync(new URL('common.json', LOCALES), 'utf8')) as Record<string, unknown>;
/** every area namespace: a schema may use an area's own key (the import configuration's header-row text) */
const areas = readdirSync(LOCALES)
  .filter((f) => f.endsWith('.json') && f !== 'common.json')
  .map((f) => JSON.parse(readFileSync(new URL(f, LOCALES), 'utf8')) as Record<string, unknown>);

const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/**
 * The German text of a key as the web finds it: a `validation.*` key of the common namespace, or another key in the
 * namespace of the area whose form shows it.
 */
function germanText(key: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  const k = messageKey(key);
  if (/^validation\.\w+$/.test(k)) return lookup(common, k) as string | undefined;
  const text = [common, ...areas].map((tree) => lookup(tree, k)).find((t) => typeof t === 'string');
  return text as string | undefined;
}

/** The model's modules that export schemas (every .ts beside this file, tests excluded). */
async function exportedSchemas(): Promise<Array<[string, yup.Schema]>> {
  const files = [...readdirSync(here), ...readdirSync(`${here}bom`).map((f) => `bom/${f}`)].filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const out: Array<[string, yup.Schema]> = [];
  for (const file of files) {
    const mod = (await import(`./${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (yup.isSchema(value)) out.push([`${file}:${name}`, value as yup.Schema]);
  }
  return out;
}

type Rule = { path: string; rule: string; message: unknown; params: Record<string, unknown> };

interface SchemaInternals {
  tests: Array<{ OPTIONS?: { name?: string; message?: unknown; params?: Record<string, unknown> } }>;
  internalTests: Record<string, { OPTIONS?: { name?: string; message?: unknown } } | undefined>;
  conditions: unknown[];
  fields?: Record<string, yup.Schema>;
  innerType?: yup.Schema;
}

/**
 * Every rule of a schema and its nested fields: yup's `describe()` names the fields and rules; the messages
 * sit on the rule functions (`OPTIONS.message`), which `describe()` leaves out. Conditional fields (`when`)
 * are resolved for each company type, the only condition the model has.
 */
function rulesOf(schema: yup.Schema, path: string, parents: unknown[] = [{}, { type: 'CUSTOMER' }]): Rule[] {
  const resolved = (schema as unknown as SchemaInternals).conditions.length
    ? parents.map((parent) => schema.resolve({ parent, value: undefined }))
    : [schema];
  const rules: Rule[] = [];
  for (const s of resolved) {
    const internals = s as unknown as SchemaInternals;
    const described = s.describe();
    expect(described.tests.map((t) => t.name)).toEqual(
      expect.arrayContaining(internals.tests.map((t) => t.OPTIONS?.name).filter((n) => n !== undefined)),
    );
    // `optional()`/`nullable()` leave a rule that cannot fail (and has no message)
    const cannotFail = { optionality: s.spec.optional, nullable: s.spec.nullable } as Record<string, boolean>;
    for (const [rule, test] of Object.entries(internals.internalTests))
      if (test && !cannotFail[rule]) rules.push({ path, rule, message: test.OPTIONS?.message, params: {} });
    for (const test of internals.tests)
      rules.push({
        path,
        rule: test.OPTIONS?.name ?? '?',
        message: test.OPTIONS?.message,
        params: test.OPTIONS?.params ?? {},
      });
    for (const [name, field] of Object.entries(internals.fields ?? {}))
      rules.push(...rulesOf(field, path ? `${path}.${name}` : name));
    if (internals.innerType) rules.push(...rulesOf(internals.innerType, `${path}[]`));
  }
  return rules;
}

/** i18next-style interpolation, as the web renders the text. */
const render = (text: string, params: Record<string, unknown>) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (params[name] === undefined ? m : String(params[name])));

describe('validation messages', () => {
  it('every rule of every exported model schema has an i18n key with a German text', async () => {
    const schemas = await exportedSchemas();
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['user.ts:userSchema', 'company.ts:companySchema', 'id.ts:idSchema']),
    );
    const missing: string[] = [];
    let count = 0;
    for (const [name, schema] of schemas) {
      for (const rule of rulesOf(schema, '')) {
        count++;
        const message = typeof rule.message === 'function' ? rule.message(rule.params) : rule.message;
        const text = germanText(message);
        if (!text) missing.push(`${name} ${rule.path} ${rule.rule}: ${String(message)}`);
        // a parameter the text names ({{max}}) must come with the message, as the form renders it
        else if (render(text, messageValues(message)).includes('{{')) missing.push(`${name} ${rule.path}: ${text}`);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('the walk finds a rule with English text or an unknown key', () => {
    const bad = yup.object({ a: yup.string().max(3, 'a is too long'), b: yup.string().min(1, 'validation.nope') });
    const messages = rulesOf(bad, '').map((r) => r.message);
    expect(messages).toEqual(expect.arrayContaining(['a is too long', 'validation.nope']));
    expect(messages.filter((m) => !germanText(m))).toEqual(['a is too long', 'validation.nope']);
  });

  it('length rules render their limit in German, and their message is the key where text is needed', async () => {
    const failures = async (schema: yup.Schema, value: unknown) =>
      schema.validate(value, { abortEarly: false }).then(
        () => [],
        (e: yup.ValidationError) =>
          e.inner.map((i) => [i.path, messageKey(i.message), render(germanText(i.message)!, messageValues(i.message))]),
      );
    const user = { name: 'x'.repeat(101), lastname: 'L', phoneNumber: '1', mail: 'a@b.de', password: '123' };
    const company = { name: 'F', address: { street: 'S', houseNo: '1', zip: '1'.repeat(21), city: 'C' } };
    expect(await failures(registrationSchema, { user, company, avbAccepted: true, privacyAccepted: true })).toEqual([
      ['user.name', 'validation.maxLength', 'Höchstens 100 Zeichen.'],
      ['user.password', 'validation.passwordMin', 'Das Passwort muss mindestens 6 Zeichen lang sein.'],
      ['company.address.zip', 'validation.maxLength', 'Höchstens 20 Zeichen.'],
    ]);
  });
});

describe('strict types and clean names', () => {
  const user = { name: 'Anna', lastname: 'Kellner', mail: ' Anna@Firma.DE ', phoneNumber: '0711-1', admin: true };
  const errorsOf = (schema: yup.Schema, value: unknown) =>
    schema.validate(value, { abortEarly: false }).then(
      () => [],
      (e: yup.ValidationError) => (e.inner.length ? e.inner : [e]).map((i) => ({ path: i.path, key: i.message })),
    );

  it('keeps strings as they are meant (trimmed, mail lower case)', async () => {
    await expect(userSchema.validate(user)).resolves.toMatchObject({ mail: 'anna@firma.de', admin: true });
  });

  it.each([
    ['a number for a name', { ...user, name: 123 }],
    ['a boolean for a phone number', { ...user, phoneNumber: true }],
    ['an object for a mail', { ...user, mail: { a: 1 } }],
    ['an array for a name', { ...user, name: ['x'] }],
  ])('refuses %s with validation.type instead of coercing it', async (_what, value) => {
    expect(await errorsOf(userSchema, value)).toEqual([{ path: '', key: 'validation.type' }]);
  });

  it.each([
    ['"true"', 'true'],
    ['1', 1],
    ['null', null],
  ])('refuses %s for a boolean', async (_what, admin) => {
    expect(await errorsOf(userUpdateSchema, { ...user, id: 'u1', admin })).toEqual([
      { path: 'admin', key: 'validation.type' },
    ]);
  });

  it.each([
    ['NUL', 'An\u0000na'],
    ['a line break', 'An\nna'],
    ['RIGHT-TO-LEFT OVERRIDE', 'gnp\u202e.exe'],
    ['LEFT-TO-RIGHT EMBEDDING', '\u202aAnna'],
    ['FIRST STRONG ISOLATE', 'Anna\u2068'],
    ['POP DIRECTIONAL ISOLATE', 'Anna\u2069'],
  ])('refuses a name with %s', async (_what, name) => {
    expect(await errorsOf(userSchema, { ...user, name })).toEqual([
      { path: 'name', key: 'validation.controlCharacters' },
    ]);
    const company = { name, type: 'SUPPLIER', address: { street: 'S', houseNo: '1', zip: '1', city: 'C' } };
    expect(await errorsOf(companySchema, company)).toEqual([{ path: 'name', key: 'validation.controlCharacters' }]);
  });

  it('keeps line breaks in multi-line texts and umlauts everywhere', async () => {
    const company = {
      name: 'Müller & Söhne',
      type: 'SUPPLIER',
      additionalInfo: 'Zeile 1\nZeile 2',
      address: { street: 'Straße', houseNo: '1', zip: '1', city: 'Köln' },
    };
    await expect(companySchema.validate(company)).resolves.toMatchObject(company);
  });
});
