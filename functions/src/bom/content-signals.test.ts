import { describe, expect, it } from 'vitest';
import { contentFit, looksLikePartNumber, profileColumn } from './column-profile.js';
import {
  headerNamesDistributor,
  headerNamesVendor,
  isDistributorName,
  isRunningCode,
  looksLikeDistributorNumber,
} from './content-signals.js';
import { fieldScore, suggestMapping } from './mapping.js';

const byField = (s: ReturnType<typeof suggestMapping>): Record<string, string> =>
  Object.fromEntries(s.map((x) => [x.articleField, x.importHeader]));

describe('content signals', () => {
  it('tells distributor numbers from manufacturer numbers', () => {
    for (const v of ['296-1395-5-ND', '311-10.0KCRCT-ND', '595-SN74HC595N', '80-C0805C104K5R', 'C6186'])
      expect(looksLikeDistributorNumber(v), v).toBe(true);
    for (const v of [
      '750-400',
      '2002-1201',
      '3RV2011-0BA15',
      '3209510',
      'LC1D09BD',
      'CL21A106KAYNNNE',
      'C0805C104K5RACTU',
    ])
      expect(looksLikeDistributorNumber(v), v).toBe(false);
  });

  it('finds a project’s own running item numbers, not one maker’s sorted types', () => {
    expect(isRunningCode(['SP-2000', 'SP-2001', 'SP-2002', 'SP-2005', 'SP-2010'])).toBe(true);
    expect(isRunningCode(['POS-001', 'POS-002', '', 'POS-003', 'POS-004'])).toBe(true);
    expect(isRunningCode(['DILM7', 'DILM9', 'DILM12', 'DILM17'])).toBe(false);
    expect(isRunningCode(['3RT2015-1BB41', '3RT2015-1BB42', '3RT2016-1BB41'])).toBe(false);
    expect(isRunningCode(['SP-2004', 'SP-2001', 'SP-2009', 'SP-2000'])).toBe(false);
    expect(isRunningCode(['C1525', 'C6186', 'C25804'])).toBe(false);
    expect(isRunningCode(['1', '2', '3'])).toBe(false);
  });

  it('knows distributor names in cells and headers; links and stock are no numbers', () => {
    for (const v of ['Digi-Key', 'DigiKey', 'Mouser Electronics', 'RS Components', 'Farnell', 'Sonepar', 'LCSC'])
      expect(isDistributorName(v), v).toBe(true);
    for (const v of ['Siemens', 'Phoenix Contact', 'Rittal', 'Spraying Systems Co. (spray.com)', ''])
      expect(isDistributorName(v), v).toBe(false);
    for (const h of ['Digikey', 'Digi-Key', 'Mouser (Bestellnr.)', 'https://www.reichelt.de', 'reichelt.de', 'TME'])
      expect(headerNamesDistributor(h), h).toBe(true);
    for (const h of ['Digikey Link', 'LCSC Link', 'Mouser stock', 'Datasheet', 'Hersteller', 'Time'])
      expect(headerNamesDistributor(h), h).toBe(false);
    expect(headerNamesVendor('VENDOR')).toBe(true);
    expect(headerNamesVendor('Lieferant')).toBe(true);
    // the vendor's number column names the vendor too, but is not the vendor column
    expect(headerNamesVendor('Supplier Part #')).toBe(false);
    expect(headerNamesVendor('Hersteller')).toBe(false);
  });

  it('profiles: links are no part numbers; each signal lowers only the fields it contradicts', () => {
    expect(looksLikePartNumber('https://lcsc.com/p/C6186')).toBe(false);
    const vendors = profileColumn(['Digi-Key', 'Mouser', 'Digi-Key', 'Farnell']);
    expect(vendors.distributorName).toBe(1);
    expect(contentFit('manufacturerName', vendors)).toBeLessThan(0.5);
    const dk = profileColumn(['296-1395-5-ND', '399-1170-1-ND', '595-SN74HC595N']);
    expect(dk.distributorNumber).toBe(1);
    expect(contentFit('orderNumber', dk)).toBe(1);
    expect(contentFit('manufacturerNumber', dk)).toBeLessThan(0.7);
    const own = profileColumn(['SP-2000', 'SP-2001', 'SP-2002']);
    expect(own.runningCode).toBe(true);
    expect(contentFit('orderNumber', own)).toBeLessThan(0.7);
    const links = profileColumn(['https://www.mouser.com/ProductDetail/1', 'https://www.mouser.com/ProductDetail/2']);
    expect(contentFit('orderNumber', links)).toBeLessThan(0.5);
  });
});

describe('name rules for builders’ columns', () => {
  it('a builder’s own numbers and stock counts are never key columns', () => {
    for (const h of ['ERP-Nummer', 'ERP-\nNummer', 'ERP-Nr.', 'SAP-Nummer', 'Interne Nummer', 'Sachnummer'])
      for (const f of ['orderNumber', 'manufacturerNumber'] as const) expect(fieldScore(h, f), `${h} ${f}`).toBe(0);
    // the article import still has its ERP field
    expect(fieldScore('ERP-Nummer', 'erpNumber')).toBe(1);
    for (const h of ['Anzahl vorhanden', 'Anzahl\nvorhanden', 'Menge Lager', 'Avail', 'Qty in stock'])
      expect(fieldScore(h, 'quantity'), h).toBe(0);
    expect(fieldScore('Anzahl', 'quantity')).toBe(1);
  });

  it('"Typ" is the manufacturer’s type number; "Type" only with evidence', () => {
    expect(fieldScore('Typ', 'manufacturerNumber')).toBeGreaterThanOrEqual(0.85);
    expect(fieldScore('Typ', 'orderNumber')).toBeLessThan(0.7);
    expect(fieldScore('Typ-Nr.', 'manufacturerNumber')).toBe(1);
    expect(fieldScore('Type', 'manufacturerNumber')).toBeLessThan(0.7);
    // names only (no rows): beside the manufacturer it is the manufacturer number, alone it is not offered
    expect(byField(suggestMapping(['Qty', 'Manufacturer', 'Type'], 'bom')).manufacturerNumber).toBe('Type');
    expect(byField(suggestMapping(['Qty', 'Type', 'Description'], 'bom')).manufacturerNumber).toBeUndefined();
  });
});

describe('more shapes of the classes', () => {
  it('German "Hersteller | Typ" without any order number column', () => {
    const headers = ['Menge', 'Bezeichnung', 'Hersteller', 'Typ'];
    const rows = [
      ['1', 'Leistungsschalter', 'Siemens', '3RV2011-0BA15'],
      ['24', 'Reihenklemme', 'Phoenix Contact', 'PT 2,5'],
      ['2', 'Schütz', 'Schneider Electric', 'LC1D09BD'],
    ];
    expect(byField(suggestMapping(headers, 'bom', { rows }))).toMatchObject({
      manufacturerName: 'Hersteller',
      manufacturerNumber: 'Typ',
      quantity: 'Menge',
    });
  });

  it('a "Mouser (…)" column alone holds the order numbers; a "Farnell" one of plain digits too', () => {
    const mouser = suggestMapping(['Menge', 'Bezeichnung', 'Mouser (Bestellnr.)'], 'bom', {
      rows: [
        ['3', 'Kondensator 100n', '80-C0805C104K5R'],
        ['1', 'Mikrocontroller', '556-ATMEGA328P-AU'],
      ],
    });
    expect(byField(mouser).orderNumber).toBe('Mouser (Bestellnr.)');
    const farnell = suggestMapping(['Qty', 'Description', 'Farnell'], 'bom', {
      rows: [
        ['3', 'Capacitor 100n', '1759122'],
        ['1', 'MCU', '1715487'],
      ],
    });
    expect(byField(farnell).orderNumber).toBe('Farnell');
  });

  it('of two equally named columns, the one right of "Bezugsquelle" is the order number', () => {
    const headers = ['Menge', 'Code', 'Bezeichnung', 'Bezugsquelle', 'Code'];
    const rows = [
      ['1', 'NT24-10', 'Netzteil 24V', 'Sonepar', '3502118'],
      ['60', 'KL-25', 'Klemme', 'Rexel', '8040012'],
      ['2', 'K3-4KW', 'Schütz', 'Sonepar', '2218553'],
    ];
    const s = suggestMapping(headers, 'bom', { rows });
    expect(s.find((x) => x.articleField === 'orderNumber')?.columnIndex).toBe(4);
  });
});

describe('guards: what the new rules must leave alone', () => {
  it('a "Type" column of component kinds beside the manufacturer stays unmapped', () => {
    const headers = ['Qty', 'Manufacturer', 'Type', 'Order number'];
    const rows = [
      ['2', 'Yageo', 'Resistor', '311-10.0KCRCT-ND'],
      ['1', 'KEMET', 'Capacitor', '399-1170-1-ND'],
      ['1', 'Microchip', 'MCU', '556-ATMEGA328P-AU'],
    ];
    const m = byField(suggestMapping(headers, 'bom', { rows }));
    expect(m.manufacturerNumber).toBeUndefined();
    expect(m.orderNumber).toBe('Order number');
  });

  it('a "Vendor" column naming makers (Eagle attribute) is still the manufacturer', () => {
    const headers = ['Qty', 'Vendor', 'MPN'];
    const rows = [
      ['1', 'Siemens', '3RT2015-1BB41'],
      ['4', 'Phoenix Contact', '3209510'],
      ['2', 'WAGO', '2002-1201'],
    ];
    expect(byField(suggestMapping(headers, 'bom', { rows }))).toMatchObject({
      manufacturerName: 'Vendor',
      manufacturerNumber: 'MPN',
    });
  });

  it('an order number column of one maker’s numbers is not mistaken for running item numbers', () => {
    const headers = ['Pos', 'Menge', 'Bestellnummer'];
    const rows = [
      ['1', '2', '3RT2015-1BB41'],
      ['2', '1', '3RT2015-1BB42'],
      ['3', '1', '3RT2016-1BB41'],
    ];
    expect(byField(suggestMapping(headers, 'bom', { rows })).orderNumber).toBe('Bestellnummer');
  });

  it('in an article import a supplier’s own running numbers are the order numbers', () => {
    const headers = ['Artikelnummer', 'Bezeichnung', 'Listenpreis'];
    const rows = [
      ['WG-10001', 'Klemme grau', '0,80'],
      ['WG-10002', 'Klemme blau', '0,80'],
      ['WG-10003', 'Endplatte', '0,20'],
    ];
    expect(byField(suggestMapping(headers, 'article', { rows })).orderNumber).toBe('Artikelnummer');
    expect(byField(suggestMapping(headers, 'bom', { rows })).orderNumber).toBeUndefined();
  });

  it('a distributor column of links is no order number', () => {
    const headers = ['Reference', 'Quantity', 'Mouser'];
    const rows = [
      ['C1', '2', 'https://www.mouser.com/ProductDetail/Murata/GRM155R60J475ME87D'],
      ['R1', '1', 'https://www.mouser.com/ProductDetail/Yageo/RC0402FR-0710KL'],
    ];
    expect(byField(suggestMapping(headers, 'bom', { rows })).orderNumber).toBeUndefined();
  });
});
