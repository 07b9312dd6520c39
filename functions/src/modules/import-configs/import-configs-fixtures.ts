import type { ImportConfig } from '../../model/import-config.js';
import { uniq } from '../catalogue/catalogue-fixtures.js';
import { postForm } from '../../testing/upload-client.js';

/** A small price list as a manufacturer sends it (`;`, German headers). */
export function priceListCsv(rows = 3): Buffer {
  const lines = ['Bestellnummer;Artikelbezeichnung;Listenpreis;Hersteller;Breite (mm);Gewicht'];
  for (let i = 0; i < rows; i++)
    lines.push(`32117${String(i).padStart(2, '0')};Reihenklemme ${i + 1};1,2${i};Phoenix;5,2;0,01`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A configuration body mapping the price list's order number (column 0). */
export const configBody = (overrides: Record<string, unknown> = {}) => ({
  title: uniq('Preisliste'),
  description: 'Testkonfiguration',
  headerRowIndex: 1,
  fieldMapping: [{ columnIndex: 0, importHeader: 'Bestellnummer', articleField: 'orderNumber' }],
  ...overrides,
});

/** POST /import/config/ (multipart: config JSON + file). */
export const postConfig = (
  token: string | undefined,
  config: Record<string, unknown> = configBody(),
  file: { name: string; bytes: Uint8Array } | undefined = { name: 'preisliste.csv', bytes: priceListCsv() },
) => postForm(token, '/import/config/', { config: JSON.stringify(config) }, file);

/** Creates a configuration through the API (an admin-flag user's token). */
export async function createImportConfig(token: string, config: Record<string, unknown> = configBody()) {
  const res = await postConfig(token, config);
  if (res.status !== 201) throw new Error(`import config: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ImportConfig;
}
