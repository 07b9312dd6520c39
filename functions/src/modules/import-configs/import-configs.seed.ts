import { IMPORT_CONFIG_UNIT_DEFAULTS } from '../../model/import-config.js';
import type { AreaSeed } from '../../testing/area-seed.js';
import { CATALOGUE_PORT } from '../catalogue/catalogue.port.js';
import { IMPORT_CONFIGS_ADMIN_PORT } from './import-configs.admin-port.js';

/** The demo configuration (README "Demo logins": /import/config). */
export const DEMO_IMPORT_CONFIG = {
  title: 'Phoenix Contact Preisliste',
  filename: 'phoenix-contact-preisliste.csv',
} as const;

/** A small price list as Phoenix Contact sends it: a title line, then the header in row 2, `;`, German numbers. */
export function demoPriceListCsv(): Buffer {
  const rows = [
    'Phoenix Contact Preisliste 2026;;;;;;;',
    'Artikelnummer;Typ;Artikelbezeichnung;Listenpreis EUR;Preiseinheit;VPE;Breite (mm);Gewicht (g)',
    '3211757;PT 2,5;Durchgangsreihenklemme PT 2,5 grau;1,23;1;50;5,2;7,4',
    '3211760;PT 4;Durchgangsreihenklemme PT 4 grau;1,58;1;50;6,2;9,1',
    '3209510;PT 2,5-QUATTRO;Durchgangsreihenklemme 4 Anschlüsse;2,14;1;50;5,2;11,0',
    '2904601;QUINT4-PS/1AC/24DC/10;Stromversorgung 24 V 10 A;318,50;1;1;45;980',
  ];
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8');
}

/** One configuration mapping the demo price list, with its sample file stored. */
const seed: AreaSeed = {
  async run(ctx) {
    const { fieldValues } = ctx.ports.get(CATALOGUE_PORT);
    const manufacturer = await fieldValues.byName('manufacturer', 'Phoenix Contact');
    const wholesaler = (await fieldValues.all('wholesaler', false)).find((w) => w.displayName === 'Sonepar');
    const unit = await fieldValues.byName('unit', 'Stück');
    const admin = ctx.principal('platformAdmin');
    await ctx.ports.get(IMPORT_CONFIGS_ADMIN_PORT).create(
      admin.uid,
      {
        manufacturerId: manufacturer?.id,
        wholesalerId: wholesaler?.id,
        defaultUnitId: unit?.id,
        title: DEMO_IMPORT_CONFIG.title,
        description: 'Monatliche Preisliste von Phoenix Contact (CSV, Kopfzeile in Zeile 2).',
        headerRowIndex: 2,
        fieldMapping: [
          { columnIndex: 0, importHeader: 'Artikelnummer', articleField: 'orderNumber' },
          { columnIndex: 1, importHeader: 'Typ', articleField: 'manufacturerNumber' },
          { columnIndex: 2, importHeader: 'Artikelbezeichnung', articleField: 'description' },
          { columnIndex: 3, importHeader: 'Listenpreis EUR', articleField: 'listPrice' },
          { columnIndex: 4, importHeader: 'Preiseinheit', articleField: 'priceUnitSize' },
          { columnIndex: 5, importHeader: 'VPE', articleField: 'packagingUnitSize' },
          { columnIndex: 6, importHeader: 'Breite (mm)', articleField: 'width' },
          { columnIndex: 7, importHeader: 'Gewicht (g)', articleField: 'weight' },
        ],
        ...IMPORT_CONFIG_UNIT_DEFAULTS,
        unitWidth: 'MM',
        unitWeight: 'G',
      },
      { field: 'file', filename: DEMO_IMPORT_CONFIG.filename, declaredType: 'text/csv', bytes: demoPriceListCsv() },
    );
  },
};
export default seed;
