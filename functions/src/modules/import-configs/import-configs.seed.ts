import { IMPORT_CONFIG_UNIT_DEFAULTS } from '../../model/import-config.js';
import type { AreaSeed } from '../../testing/area-seed.js';
import { CATALOGUE_PORT } from '../catalogue/catalogue.port.js';
import { editorOf } from '../../model/change-history.js';
import { IMPORT_CONFIGS_ADMIN_PORT } from './import-configs.admin-port.js';

/** The demo configuration (README "Demo logins": /import/config). */
export const DEMO_IMPORT_CONFIG = {
  title: 'Phoenix Contact Preisliste',
  filename: 'phoenix-contact-preisliste.csv',
} as const;

/**
 * Demo configurations of the catalogue exchange formats (no sample file, no mapping): try them on /article with the
 * fixtures in functions/src/modules/article-transfer/formats/fixtures/ (DATANORM.RAB, then DATANORM.001; the
 * bmecat-2005-*.xml catalogues).
 */
export const DEMO_EXCHANGE_CONFIGS = {
  DATANORM: 'Sonepar DATANORM (Siemens)',
  BMECAT: 'Rexel BMEcat-Katalog',
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
    const wholesalers = await fieldValues.all('wholesaler', false);
    const wholesaler = wholesalers.find((w) => w.displayName === 'Sonepar');
    const unit = await fieldValues.byName('unit', 'Stück');
    const admin = ctx.principal('platformAdmin');
    const configs = ctx.ports.get(IMPORT_CONFIGS_ADMIN_PORT);
    // a wholesaler's DATANORM for one manufacturer: its B records' "SIE" gives way to the configured Siemens, the
    // .RAB's discount groups become Siemens's; the wholesaler's order number and net price fill Sonepar's entry
    await configs.create(
      editorOf(admin),
      {
        sourceFormat: 'DATANORM',
        manufacturerId: (await fieldValues.byName('manufacturer', 'Siemens'))?.id,
        wholesalerId: wholesaler?.id,
        title: DEMO_EXCHANGE_CONFIGS.DATANORM,
        description: 'DATANORM 4/5 von Sonepar: zuerst DATANORM.RAB (Rabattgruppen), dann DATANORM.001.',
        headerRowIndex: 1,
        fieldMapping: [],
        ...IMPORT_CONFIG_UNIT_DEFAULTS,
      },
      undefined,
    );
    // a wholesaler's BMEcat of several manufacturers: no configured manufacturer, MANUFACTURER_NAME decides
    await configs.create(
      editorOf(admin),
      {
        sourceFormat: 'BMECAT',
        wholesalerId: wholesalers.find((w) => w.displayName === 'Rexel')?.id,
        title: DEMO_EXCHANGE_CONFIGS.BMECAT,
        description: 'BMEcat 2005 von Rexel mit Artikeln mehrerer Hersteller (Hersteller aus MANUFACTURER_NAME).',
        headerRowIndex: 1,
        fieldMapping: [],
        ...IMPORT_CONFIG_UNIT_DEFAULTS,
      },
      undefined,
    );
    await configs.create(
      editorOf(admin),
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
