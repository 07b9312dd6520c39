import type * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cellText } from '../spreadsheet/read-workbook.js';
import { charPlausibility } from '../spreadsheet/text-decode.js';
import { contentFit, looksLikePartNumber, profileColumn, profileColumns } from './column-profile.js';
import { classifyNonDataRow, headerKey, suggestHeaderRow } from './table.js';
import { normaliseHeader, repairMojibake } from './text-normalise.js';

describe('column profile and content fit', () => {
  it('recognises positions, prices, units, markers, designators and part numbers', () => {
    expect(profileColumn(['1', '2', '3', '4'])).toMatchObject({ sequential: true, integer: 1 });
    expect(profileColumn(['10', '20', '30'])).toMatchObject({ sequential: true });
    expect(profileColumn(['2', '1', '5', '2']).sequential).toBe(false);
    expect(profileColumn(['0,80 €', '$1.20', '12.50 EUR'])).toMatchObject({ price: 1, number: 1 });
    expect(profileColumn(['Stk', 'm', 'ST', 'pcs.']).unit).toBe(1);
    expect(profileColumn(['x', '', 'ja', 'X']).marker).toBe(1);
    expect(profileColumn(['C1,C2', 'R6 R7', '-K1', 'C4-C6']).designator).toBe(1);
    expect(profileColumn(['', '', '']).filled).toBe(0);
    for (const pn of ['3RT2015-1BB41', '870055775005', '2002-1201', '6ES7 214-1AG40-0XB0', '09551667812741'])
      expect(looksLikePartNumber(pn)).toBe(true);
    for (const no of ['12', '2,5', 'Schütz', 'Klemme grau mit Deckel und Brücke 2', '1.5'])
      expect(looksLikePartNumber(no)).toBe(false);
  });

  it('contradicting content lowers the fit, missing content does not', () => {
    const positions = profileColumn(['1', '2', '3', '4']);
    expect(contentFit('orderNumber', positions)).toBeLessThan(0.5);
    expect(contentFit('quantity', positions)).toBe(1);
    expect(contentFit('quantityUnit', profileColumn(['0.054', '0.098']))).toBeLessThan(0.5);
    expect(contentFit('isSuppliedPart', profileColumn(['Conrad', 'Reichelt']))).toBeLessThan(0.5);
    expect(contentFit('orderNumber', profileColumn(['3RT2015-1BB41', '3209510']))).toBe(1);
    expect(contentFit('manufacturerNumber', profileColumn(['09551667812741']))).toBe(1);
    expect(contentFit('bmk', profileColumn(['C1', 'R2']))).toBe(1);
    expect(contentFit('bmk', profileColumn(['3RT2015-1BB41 Schütz', 'Klemme']))).toBeLessThan(1);
    expect(contentFit('orderNumber', profileColumn([]))).toBe(1);
  });

  it('position numbers are never part numbers: 1 … n, 10, 20, 30 …, sections starting again, "2." and "0010"', () => {
    for (const positions of [
      ['1', '2', '3', '4', '5'],
      ['10', '20', '30', '40'],
      ['1', '2', '3', '1', '2', '3', '4', '5', '1', '2'],
      ['1.', '2.', '3.', '', '4.'],
      ['0010', '0020', '0030', '0040'],
      ['1', '2', '3', '5', '6', '7', '8', '9', '10', '11'],
    ]) {
      const p = profileColumn(positions);
      expect(p.sequential, positions.join()).toBe(true);
      for (const field of ['orderNumber', 'manufacturerNumber', 'wholesalerOrderNumber'] as const)
        expect(contentFit(field, p), `${field} ${positions.join()}`).toBe(0);
    }
    for (const counts of [
      ['2', '1', '5', '2'],
      ['3', '3', '3'],
      ['12', '13', '14'],
      ['3209510', '3209511', '3209512'],
    ])
      expect(profileColumn(counts).sequential, counts.join()).toBe(false);
  });

  it('a column of supplier or manufacturer names is never a part number, a few part-number-like cells or not', () => {
    const suppliers = profileColumn([
      'Sonepar',
      'Rexel',
      'Stock 12',
      'Elektro Wiesemann',
      'Sonepar',
      'Stock 7',
      'Rexel',
      'Sonepar',
      'Rexel',
      'Sonepar',
    ]);
    expect(suppliers).toMatchObject({ nameLike: true });
    expect(contentFit('orderNumber', suppliers)).toBe(0);
    const makers = profileColumn(['Siemens AG', 'Phoenix Contact GmbH & Co. KG', 'PXC', 'Rittal', 'Weidmüller']);
    expect(makers.makerName).toBe(1);
    expect(contentFit('orderNumber', makers)).toBe(0);
    expect(contentFit('manufacturerName', makers)).toBe(1);
    // five different type numbers are no names, nor are a maker's letter-and-digit types
    expect(profileColumn(['DILM7', 'DILM9', 'DILM12', 'PT 2,5', 'S201-C6']).nameLike).toBe(false);
    expect(contentFit('manufacturerNumber', profileColumn(['PT 2,5', 'UT 4', 'PT 2,5', 'UT 4']))).toBe(1);
  });

  it('samples at most the given number of data rows and ignores repeated header rows', () => {
    const rows = [['Menge', 'Nr'], ...Array.from({ length: 500 }, (_, i) => [String(i + 1), `A${i}`])];
    expect(profileColumns(rows, 2, 200, ['Menge', 'Nr'])[0]).toMatchObject({ rows: 200, filled: 200, number: 1 });
  });
});

describe('rows that are no lines', () => {
  const head = headerKey(['Pos', 'Menge', 'Bestellnummer']);
  it.each([
    [['', ' ', ''], 'blank'],
    [['pos', 'MENGE', 'Bestellnummer'], 'repeatedHeader'],
    [['', 'Summe', ''], 'total'],
    [['Zwischensumme', '', '7'], 'total'],
    [['Total', '', ''], 'total'],
    [['Schaltschrank Einspeisung', '', ''], 'note'],
    [['', 'Used currency rates:', '1.18'], 'note'],
  ])('%j → %s', (row, reason) => {
    expect(classifyNonDataRow(row, head, [0], 3, [1, 2])).toBe(reason);
  });

  it.each([
    [['3RT2015-1BB41', '2', '']],
    [['Summe 3RT2015-1BB41', '', '']],
    [['', '2', '']],
    [['3RT2015-1BB41', 'Total', '']],
    [['0815', 'Bemerkung:', '']],
  ])('%j is a line', (row) => {
    expect(classifyNonDataRow(row, head, [0], 3, [1, 2])).toBeUndefined();
  });

  it('header keys ignore case, punctuation and trailing empty cells', () => {
    expect(headerKey(['Best.-Nr.', 'Menge', '', ''])).toBe(headerKey(['best nr', 'MENGE']));
  });

  it('keeps the existing header suggestions for a single-column list and an empty sheet', () => {
    expect(suggestHeaderRow([['manf#'], ['A759MW157M1JAAE048'], ['ZLLS350TA']])).toEqual({
      headerRowIndex: 1,
      confidence: 0,
    });
    expect(suggestHeaderRow([])).toEqual({ headerRowIndex: 1, confidence: 0 });
  });
});

describe('cell text of workbook numbers', () => {
  it.each([
    [{ t: 'n', v: 223879123456, w: '2.23879E+11' }, '223879123456'],
    [{ t: 'n', v: 1234, w: '1,234' }, '1234'],
    [{ t: 'n', v: 123, w: '000123', z: '000000' }, '000123'],
    [{ t: 'n', v: 45306, w: '15.01.2024', z: 'dd\\.mm\\.yyyy' }, '15.01.2024'],
    [{ t: 'n', v: 1.5, w: '1.50 €', z: '0.00 €' }, '1.50 €'],
    [{ t: 'n', v: 0.0000123, w: '1.23E-05' }, '0.0000123'],
    [{ t: 'n', v: 1e21, w: '1E+21' }, '1E+21'],
    [{ t: 's', v: '4011209123456', w: '4011209123456' }, '4011209123456'],
    [{ t: 'n', v: 7 }, '7'],
  ] as [XLSX.CellObject, string][])('%j → %s', (cell, text) => {
    expect(cellText(cell)).toBe(text);
  });
});

describe('header text repairs and character weights', () => {
  it('repairs UTF-8 read as Latin-1 and leaves real Latin-1 alone', () => {
    expect(repairMojibake('StÃ¼ckzahl')).toBe('Stückzahl');
    expect(normaliseHeader('GehÃ¤use')).toBe('gehaeuse');
    expect(repairMojibake('Größe')).toBe('Größe');
    expect(normaliseHeader('Manf#')).toBe('manf nr');
    expect(normaliseHeader('N° de commande')).toBe('nr de commande');
  });

  it('weighs umlauts over symbols over rare letters over box drawing', () => {
    expect(charPlausibility('ü')).toBeGreaterThan(charPlausibility('µ'));
    expect(charPlausibility('µ')).toBeGreaterThan(charPlausibility('Á'));
    expect(charPlausibility('Á')).toBeGreaterThan(charPlausibility('░'));
    expect(charPlausibility('\u0081')).toBeLessThan(0);
  });
});
