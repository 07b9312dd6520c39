import type { Article, ArticleInput, FieldValue } from '../../model/catalogue.js';
import { editorOf, type Editor } from '../../model/change-history.js';
import type { ArticlesService } from './articles.service.js';
import type { AreaSeed } from '../../testing/area-seed.js';
import { CATALOGUE_PORT } from './catalogue.port.js';

/** The demo manufacturers (README "Demo logins": /article, /fieldvalues). */
export const DEMO_MANUFACTURERS = [
  {
    displayName: 'Phoenix Contact',
    abbreviation: 'PXC',
    link: 'https://www.phoenixcontact.com',
    nameVariants: ['Phoenix', 'PHOENIX CONTACT', 'Phoenix Contact GmbH & Co. KG'],
  },
  {
    displayName: 'Siemens',
    abbreviation: 'SIE',
    link: 'https://www.siemens.com',
    nameVariants: ['Siemens AG', 'SIEMENS'],
  },
  {
    displayName: 'Rittal',
    abbreviation: 'RIT',
    link: 'https://www.rittal.com',
    nameVariants: ['Rittal GmbH & Co. KG'],
  },
  {
    displayName: 'Weidmüller',
    abbreviation: 'WEI',
    link: 'https://www.weidmueller.com',
    nameVariants: ['Weidmueller', 'WEIDMÜLLER'],
  },
  {
    displayName: 'WAGO',
    abbreviation: 'WAG',
    link: 'https://www.wago.com',
    nameVariants: ['Wago', 'WAGO Kontakttechnik'],
  },
  { displayName: 'ABB', abbreviation: 'ABB', link: 'https://new.abb.com', nameVariants: ['ABB Stotz-Kontakt'] },
] as const;

const UNITS = [
  { displayName: 'Stück', nameVariants: ['Stk', 'Stck.', 'ST', 'pcs'] },
  { displayName: 'Meter', nameVariants: ['m', 'lfm'] },
  { displayName: 'Packung', nameVariants: ['Pck', 'VE'] },
];
const WHOLESALERS = ['Sonepar', 'Rexel', 'FEGA & Schmitt', 'Hagemeyer'];

/**
 * Product families per manufacturer: order number of the i-th variant, description, list price (EUR), size (cm),
 * weight (kg) and, for some, the ECLASS class (the article export's "type" filter: 2714… terminals and circuit
 * breakers, 2737… contactors).
 */
interface Family {
  number: (i: number) => string;
  text: string;
  price: number;
  dims: [number, number, number];
  weight: number;
  eclass?: string;
}
/** ECLASS 9.1 classes of the demo families. */
const TERMINAL_BLOCK = '27141120';
const CIRCUIT_BREAKER = '27141901';
const CONTACTOR = '27371001';
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const FAMILIES: Record<string, Family[]> = {
  'Phoenix Contact': [
    {
      number: (i) => String(3211757 + i),
      text: 'Durchgangsreihenklemme PT',
      price: 1.12,
      dims: [0.52, 4.82, 3.55],
      weight: 0.006,
      eclass: TERMINAL_BLOCK,
    },
    {
      number: (i) => String(2966171 + i * 3),
      text: 'Relaismodul PLC-RSC 24DC',
      price: 18.9,
      dims: [0.62, 8, 9.4],
      weight: 0.036,
    },
    {
      number: (i) => String(2904600 + i * 2),
      text: 'Stromversorgung QUINT4-PS 24DC',
      price: 242.5,
      dims: [4.5, 13, 12.5],
      weight: 0.87,
    },
  ],
  Siemens: [
    {
      number: (i) => `3RV2011-${pad(i, 2)}AA10`,
      text: 'Leistungsschalter 3RV2 Motorschutz',
      price: 86.4,
      dims: [4.5, 9.7, 9.7],
      weight: 0.32,
    },
    {
      number: (i) => `3RT2024-1B${pad(i, 3)}`,
      text: 'Schütz 3RT2 24 V DC',
      price: 112,
      dims: [4.5, 10.2, 9.7],
      weight: 0.58,
      eclass: CONTACTOR,
    },
    {
      number: (i) => `6ES7223-1${pad(i, 2)}32-0XB0`,
      text: 'SIMATIC S7-1200 Signalmodul',
      price: 198,
      dims: [4.5, 10, 7.5],
      weight: 0.22,
    },
  ],
  Rittal: [
    {
      number: (i) => String(1050500 + i * 10),
      text: 'Kompaktgehäuse AE Stahlblech',
      price: 164,
      dims: [50, 50, 21],
      weight: 11.4,
    },
    {
      number: (i) => `3240.${pad(100 + i, 3)}`,
      text: 'Filterlüfter SK',
      price: 79.5,
      dims: [14.8, 14.8, 7.3],
      weight: 0.7,
    },
    {
      number: (i) => `9340.${pad(i, 3)}`,
      text: 'Sammelschienenhalter RiLine',
      price: 41.3,
      dims: [6, 20, 5],
      weight: 0.28,
    },
  ],
  Weidmüller: [
    {
      number: (i) => String(1020000000 + i * 1000),
      text: 'Reihenklemme WDU',
      price: 0.94,
      dims: [0.51, 4.6, 4.6],
      weight: 0.007,
      eclass: TERMINAL_BLOCK,
    },
    {
      number: (i) => String(1469470000 + i * 1000),
      text: 'Schaltnetzteil PRO ECO 24V',
      price: 96,
      dims: [4, 12.5, 12.5],
      weight: 0.5,
    },
    {
      number: (i) => String(9008350000 + i * 1000),
      text: 'Werkzeug Stripax',
      price: 49.9,
      dims: [2, 19, 6],
      weight: 0.18,
    },
  ],
  WAGO: [
    {
      number: (i) => `2002-${pad(1201 + i, 4)}`,
      text: 'Durchgangsklemme TOPJOB S',
      price: 0.86,
      dims: [0.52, 4.8, 3.2],
      weight: 0.005,
      eclass: TERMINAL_BLOCK,
    },
    {
      number: (i) => `221-${pad(412 + i, 3)}`,
      text: 'Verbindungsklemme COMPACT',
      price: 0.39,
      dims: [0.85, 1.8, 1.5],
      weight: 0.002,
    },
    { number: (i) => `787-${pad(1600 + i, 4)}`, text: 'Netzteil Eco 24 V', price: 74, dims: [4, 9, 8.7], weight: 0.3 },
  ],
  ABB: [
    {
      number: (i) => `2CDS25100${pad(i, 2)}R0164`,
      text: 'Leitungsschutzschalter S201',
      price: 14.6,
      dims: [1.8, 8.5, 6.9],
      weight: 0.125,
      eclass: CIRCUIT_BREAKER,
    },
    {
      number: (i) => `1SBL1373${pad(i, 2)}R8010`,
      text: 'Schütz AF09 24 V DC',
      price: 58.2,
      dims: [4.5, 7.8, 8],
      weight: 0.26,
      eclass: CONTACTOR,
    },
  ],
};

/** Variants per family in the demo catalogue: 17 families × 16 = 272 articles. */
export const DEMO_VARIANTS_PER_FAMILY = 16;
export const DEMO_ARTICLE_COUNT = Object.values(FAMILIES).flat().length * DEMO_VARIANTS_PER_FAMILY;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The first demo article (README): Phoenix Contact 3211757 with an alternative order number. */
export const DEMO_ARTICLE = {
  orderNumber: '3211757',
  alternative: 'PT 2,5-3211757',
  /** added by a later save: the demo article's change history (README) */
  secondAlternative: 'PT 2,5 BU-3211757',
} as const;

/**
 * The demo article's change history (README): a list-price change and a second alternative after its creation,
 * through the service like a user's saves.
 */
async function reworkDemoArticle(articles: ArticlesService, article: Article, by: Editor) {
  const { id: _id, createDate: _c, lastUpdate: _l, manufacturerName: _m, ...input } = article;
  const repriced = await articles.update({ ...input, id: article.id, listPrice: round2(input.listPrice! * 1.05) }, by);
  await articles.update(
    {
      ...input,
      id: article.id,
      listPrice: repriced.listPrice,
      possibleOrderNumbers: [...input.possibleOrderNumbers, DEMO_ARTICLE.secondAlternative],
    },
    by,
  );
}

/**
 * The demo catalogue through the API's services (claims and counts as in production): the manufacturers with name
 * variants, a discount group per manufacturer with wholesaler discounts, three units, four wholesalers and the
 * articles with order and manufacturer numbers, EAN, prices, sizes and an import source.
 */
const seed: AreaSeed = {
  async run(ctx) {
    const { articles, fieldValues } = ctx.ports.get(CATALOGUE_PORT);
    const admin = editorOf(ctx.principal('platformAdmin'));
    const wholesalers: FieldValue[] = [];
    for (const name of WHOLESALERS)
      wholesalers.push(await fieldValues.save('wholesaler', { displayName: name, nameVariants: [] }, 'create', admin));
    const units: FieldValue[] = [];
    for (const unit of UNITS) units.push(await fieldValues.save('unit', unit, 'create', admin));
    let n = 0;
    for (const m of DEMO_MANUFACTURERS) {
      const manufacturer = await fieldValues.save(
        'manufacturer',
        { ...m, nameVariants: [...m.nameVariants] },
        'create',
        admin,
      );
      const group = await fieldValues.save(
        'discountGroup',
        {
          displayName: `${m.abbreviation} Standard`,
          nameVariants: [`${m.abbreviation}-RG1`],
          percent: 35,
          manufacturerId: manufacturer.id,
          wholesalerDiscounts: wholesalers.slice(0, 2).map((w, i) => ({ wholesalerId: w.id, percent: 38 + i * 2 })),
        },
        'create',
        admin,
      );
      for (const family of FAMILIES[m.displayName]!) {
        for (let i = 0; i < DEMO_VARIANTS_PER_FAMILY; i++) {
          const orderNumber = family.number(i);
          const listPrice = round2(family.price * (1 + i * 0.07));
          const article: ArticleInput = {
            orderNumber,
            manufacturerNumber: `${m.abbreviation}${orderNumber.replace(/[^0-9A-Z]/gi, '')}`,
            manufacturerId: manufacturer.id,
            manufacturerLink: m.link,
            description: `${family.text} ${i + 1}`,
            eanNumber: `40${pad(17918 + n, 11)}`,
            listPrice,
            purchasePrice: round2(listPrice * 0.65),
            discountGroupId: group.id,
            unitId: units[0]!.id,
            priceUnitSize: family.price < 2 ? 100 : 1,
            packagingUnitSize: family.price < 2 ? 50 : 1,
            deliveryTime: 2 + (i % 5),
            width: family.dims[0],
            height: family.dims[1],
            depth: family.dims[2],
            weight: family.weight,
            ...(family.eclass ? { eclass9_1Id: family.eclass } : {}),
            articleImportSource: i % 3 ? 'CSV' : 'MANUAL',
            possibleOrderNumbers: orderNumber === DEMO_ARTICLE.orderNumber ? [DEMO_ARTICLE.alternative] : [],
            possibleManufacturerNumbers: [],
            wholesalerInfos: [
              {
                wholesalerId: wholesalers[n % wholesalers.length]!.id,
                purchasePrice: round2(listPrice * 0.6),
                orderNumber: `W${pad(n, 6)}`,
              },
            ],
          };
          const saved = await articles.create(article, admin);
          if (orderNumber === DEMO_ARTICLE.orderNumber) await reworkDemoArticle(articles, saved, admin);
          n++;
        }
      }
    }
  },
};
export default seed;
