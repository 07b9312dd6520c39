import { getApps } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBucketName } from '../../config.js';
import type { ImportConfig } from '../../model/import-config.js';
import { get, post } from '../../testing/api-client.js';
import { createManufacturer, createUnit, createWholesaler } from '../catalogue/catalogue-fixtures.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createWorld, disposeClients, type World } from '../../testing/fixtures.js';
import { configBody, createImportConfig, postConfig, priceListCsv } from './import-configs-fixtures.js';
import { postForm } from '../../testing/upload-client.js';

/**
 * Import configurations over HTTP through Hosting (docs/api.md "Import configurations"); who may call what:
 * import-configs.access.ts. Here: §5 on every save (create, update), headers read from the file, the mapping
 * suggestion, references, 404s, delete with the sample file.
 */
let w: World;
let t: string;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  t = w.users.platformAdmin.token;
});
afterAll(disposeClients);

/** The names of the stored objects of a configuration's folder (its sample). */
const storedNames = async (id: string) => {
  const app = getApps().find((a) => a.name === 'api-tests')!;
  const [files] = await getStorage(app)
    .bucket(defaultBucketName())
    .getFiles({ prefix: `importConfigs/${id}/` });
  return files.map((f) => f.name.split('/').pop()!);
};

const keys = (body: { details?: Array<{ path: string; key: string }> }) =>
  (body.details ?? []).map((d) => `${d.path}:${d.key}`).sort();

const headerCsv = (prefixRows: string[] = []) =>
  Buffer.from(
    [...prefixRows, 'Art.-Nr.;Bezeichnung;Listenpreis EUR;Breite (mm);Gewicht kg', '3211757;PT 2,5;1,23;5,2;0,01'].join(
      '\n',
    ),
  );

describe('create', () => {
  it('stores the configuration with the headers read from the file, the defaults and a change entry', async () => {
    const m = await createManufacturer(t);
    const wh = await createWholesaler(t);
    const u = await createUnit(t);
    const body = configBody({ manufacturerId: m.id, wholesalerId: wh.id, defaultUnitId: u.id, headers: ['forged'] });
    const res = await postConfig(t, body);
    expect(res.status).toBe(201);
    const config = res.body as ImportConfig;
    expect(config).toMatchObject({
      manufacturerId: m.id,
      wholesalerId: wh.id,
      defaultUnitId: u.id,
      title: body.title,
      filename: 'preisliste.csv',
      headers: ['Bestellnummer', 'Artikelbezeichnung', 'Listenpreis', 'Hersteller', 'Breite (mm)', 'Gewicht'],
      headerRowIndex: 1,
      unitDepth: 'CM',
      unitHeight: 'CM',
      unitWidth: 'CM',
      unitWeight: 'KG',
    });
    expect(config.changeEntries).toEqual([{ userId: w.users.platformAdmin.user.id, date: config.createDate }]);
    expect(config).not.toHaveProperty('samplePath');
    const read = await get('/import/config/', { token: t, query: { id: config.id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(config);
    const all = await get<ImportConfig[]>('/import/config/all', { token: t });
    expect(all.body.map((c) => c.id)).toContain(config.id);
    expect((await storedNames(config.id)).map((n) => n.replace(/^[^_]+_/, ''))).toEqual(['preisliste.csv']);
  });

  it('reads the headers at headerRowIndex', async () => {
    const res = await postConfig(t, configBody({ headerRowIndex: 3 }), {
      name: 'liste.csv',
      bytes: headerCsv(['Preisliste 2026', 'Stand: 01.01.2026']),
    });
    expect(res.status).toBe(201);
    expect(res.body.headers).toEqual(['Art.-Nr.', 'Bezeichnung', 'Listenpreis EUR', 'Breite (mm)', 'Gewicht kg']);
  });

  it('refuses without an orderNumber mapping, title, description; every problem at once', async () => {
    const res = await postConfig(t, {
      title: ' ',
      headerRowIndex: 1,
      fieldMapping: [{ columnIndex: 1, importHeader: 'Artikelbezeichnung', articleField: 'description' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(keys(res.body)).toEqual(['description:validation.required', 'title:validation.required']);
    const mapping = await postConfig(
      t,
      configBody({ fieldMapping: [{ columnIndex: 1, importHeader: 'x', articleField: 'description' }] }),
    );
    expect(mapping.status).toBe(400);
    expect(keys(mapping.body)).toEqual(['fieldMapping:importConfig.warning.missingMapping']);
  });

  it('refuses a wrong header row index with the wrong-index key', async () => {
    for (const headerRowIndex of [0, -1, 1.5, 'zwei']) {
      const res = await postConfig(t, configBody({ headerRowIndex }));
      expect(res.status, String(headerRowIndex)).toBe(400);
      expect(keys(res.body)).toEqual(['headerRowIndex:importConfig.warning.wrongIndex']);
    }
  });

  it('refuses without a file, and a header row without headers (empty-upload key)', async () => {
    const none = await postForm(t, '/import/config/', { config: JSON.stringify(configBody()) });
    expect(none.status).toBe(400);
    expect(keys(none.body)).toEqual(['file:importConfig.warning.emptyUpload']);
    const blank = await postConfig(t, configBody({ headerRowIndex: 40 }));
    expect(blank.status).toBe(400);
    expect(keys(blank.body)).toEqual(['headers:importConfig.warning.emptyUpload']);
  });

  it('refuses mapped columns outside the headers and a field used twice', async () => {
    const res = await postConfig(
      t,
      configBody({
        fieldMapping: [
          { columnIndex: 0, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
          { columnIndex: 9, importHeader: 'weg', articleField: 'listPrice' },
          { columnIndex: 1, importHeader: 'Artikelbezeichnung', articleField: 'orderNumber' },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(keys(res.body)).toEqual([
      'fieldMapping:bom.warning.columnOutOfRange',
      'fieldMapping:bom.warning.fieldUsedTwice',
    ]);
    const unknown = await postConfig(
      t,
      configBody({ fieldMapping: [{ columnIndex: 0, importHeader: 'B', articleField: 'quantity' }] }),
    );
    expect(unknown.status).toBe(400);
    expect(keys(unknown.body)).toContain('fieldMapping[0].articleField:validation.oneOf');
  });

  it('refuses unknown manufacturer, wholesaler and unit ids (400 with the field keys) and unknown units', async () => {
    const res = await postConfig(
      t,
      configBody({ manufacturerId: 'gibtEsNicht1', wholesalerId: 'gibtEsNicht2', defaultUnitId: 'gibtEsNicht3' }),
    );
    expect(res.status).toBe(400);
    expect(keys(res.body)).toEqual([
      'defaultUnitId:validation.id',
      'manufacturerId:validation.id',
      'wholesalerId:validation.id',
    ]);
    const units = await postConfig(t, configBody({ unitWidth: 'KG', unitWeight: 'T' }));
    expect(units.status).toBe(400);
    expect(keys(units.body)).toEqual(['unitWeight:validation.oneOf', 'unitWidth:validation.oneOf']);
  });

  it('checks the file like every upload: type 415, content 415, unreadable 422, broken config JSON 400', async () => {
    const pdf = await postConfig(t, configBody(), { name: 'liste.pdf', bytes: Buffer.from('%PDF-1.4 x') });
    expect([pdf.status, pdf.body.code]).toEqual([415, 'fileTypeNotAllowed']);
    const fake = await postConfig(t, configBody(), { name: 'liste.xlsx', bytes: Buffer.from('a;b\n1;2') });
    expect(fake.status).toBe(415);
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]);
    const broken = await postConfig(t, configBody(), { name: 'liste.xlsx', bytes: zip });
    expect([415, 422]).toContain(broken.status);
    const json = await postForm(
      t,
      '/import/config/',
      { config: '{kein json' },
      { name: 'a.csv', bytes: priceListCsv() },
    );
    expect(json.status).toBe(400);
    expect(keys(json.body)).toEqual(['config:validation.type']);
  });

  it('answers 400, not 500, for config keys like Object.prototype (toString, constructor, __proto__)', async () => {
    for (const key of ['toString', 'constructor', '__proto__']) {
      const config = `{"${key}":{"x":1},"mapping":[{"${key}":1}]}`;
      const res = await postForm(t, '/import/config/', { config }, { name: 'a.csv', bytes: priceListCsv() });
      expect([res.status, res.body.code], key).toEqual([400, 'validation']);
    }
    const headers = await postForm(t, '/import/config/headers', { headerRowIndex: '1', toString: 'x' });
    expect(headers.status).not.toBe(500);
  });
});

describe('headers', () => {
  it('answers the headers and the engine’s suggestion for an uploaded sample', async () => {
    const res = await postForm(
      t,
      '/import/config/headers',
      { headerRowIndex: '1' },
      { name: 'a.csv', bytes: headerCsv() },
    );
    expect(res.status).toBe(200);
    expect(res.body.headers).toEqual(['Art.-Nr.', 'Bezeichnung', 'Listenpreis EUR', 'Breite (mm)', 'Gewicht kg']);
    const byField = Object.fromEntries(
      (res.body.fieldMapping as Array<{ articleField: string; columnIndex: number }>).map((m) => [
        m.articleField,
        m.columnIndex,
      ]),
    );
    expect(byField).toMatchObject({ orderNumber: 0, description: 1, listPrice: 2, width: 3, weight: 4 });
  });

  it('re-reads the stored sample of a configuration at a new index; a blank row or bad index is refused', async () => {
    const config = await createImportConfig(t);
    const again = await postForm(t, '/import/config/headers', { headerRowIndex: '2', configId: config.id });
    expect(again.status).toBe(200);
    expect(again.body.headers[0]).toBe('3211700');
    const blank = await postForm(t, '/import/config/headers', { headerRowIndex: '30', configId: config.id });
    expect(keys(blank.body)).toEqual(['headerRowIndex:bom.warning.noHeadersFound']);
    const bad = await postForm(t, '/import/config/headers', { headerRowIndex: '0', configId: config.id });
    expect(keys(bad.body)).toEqual(['headerRowIndex:importConfig.warning.wrongIndex']);
    const unknown = await postForm(t, '/import/config/headers', { headerRowIndex: '1', configId: 'gibtEsNicht' });
    expect(unknown.status).toBe(404);
  });
});

describe('update', () => {
  it('changes fields and re-reads the headers from the stored sample when the header row changes', async () => {
    const config = await createImportConfig(t);
    const res = await post<ImportConfig>('/import/config/update', {
      token: t,
      body: {
        ...config,
        title: 'Neuer Titel',
        headerRowIndex: 2,
        headers: ['forged'],
        unitWeight: 'G',
        fieldMapping: [{ columnIndex: 0, importHeader: '3211700', articleField: 'orderNumber' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Neuer Titel',
      headerRowIndex: 2,
      unitWeight: 'G',
      createDate: config.createDate,
    });
    expect(res.body.headers[0]).toBe('3211700');
    expect(res.body.changeEntries).toHaveLength(2);
  });

  it('checks §5 again on update (missing mapping, wrong index) and answers 404 for an unknown id', async () => {
    const config = await createImportConfig(t);
    const mapping = await post('/import/config/update', { token: t, body: { ...config, fieldMapping: [] } });
    expect(keys(mapping.body)).toEqual(['fieldMapping:importConfig.warning.missingMapping']);
    const index = await post('/import/config/update', { token: t, body: { ...config, headerRowIndex: 0 } });
    expect(keys(index.body)).toEqual(['headerRowIndex:importConfig.warning.wrongIndex']);
    const unknown = await post('/import/config/update', { token: t, body: { ...config, id: 'gibtEsNicht' } });
    expect(unknown.status).toBe(404);
  });

  it('a new file replaces the sample (multipart), the old object goes', async () => {
    const config = await createImportConfig(t);
    const res = await postForm(
      t,
      '/import/config/update',
      {
        config: JSON.stringify({
          ...config,
          headerRowIndex: 3,
          fieldMapping: [{ columnIndex: 0, importHeader: 'Art.-Nr.', articleField: 'orderNumber' }],
        }),
      },
      { name: 'neu.csv', bytes: headerCsv(['Kopf', '']) },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      filename: 'neu.csv',
      headers: ['Art.-Nr.', 'Bezeichnung', 'Listenpreis EUR', 'Breite (mm)', 'Gewicht kg'],
    });
    expect((await storedNames(config.id)).map((n) => n.endsWith('_neu.csv'))).toEqual([true]);
  });
});

describe('delete', () => {
  it('deletes the configuration and its sample; unknown → 404; a bad body → 400', async () => {
    const config = await createImportConfig(t);
    expect(await storedNames(config.id)).toHaveLength(1);
    const res = await post('/import/config/delete', { token: t, body: { configId: config.id } });
    expect(res.status).toBe(200);
    expect((await get('/import/config/', { token: t, query: { id: config.id } })).status).toBe(404);
    expect(await storedNames(config.id)).toEqual([]);
    expect((await post('/import/config/delete', { token: t, body: { configId: config.id } })).status).toBe(404);
    expect((await post('/import/config/delete', { token: t, body: {} })).status).toBe(400);
  });
});
