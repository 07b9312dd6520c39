import { BOM_ERROR_PRIORITY, BomErrorType } from '../model/bom/bom-error.js';
import { BOM_LINE_NUMBER_MAX_LENGTH, BOM_LINE_TEXT_MAX_LENGTH, type BomLine } from '../model/bom/bom-line.js';
import type { FieldMapping, MappableField } from '../model/bom/fields.js';
import { normalisePartNumberKey } from '../model/bom/part-number.js';
import { withoutControlCharacters } from '../model/text.js';
import { toCatalogueUnit, type LengthUnit, type WeightUnit } from '../model/bom/units.js';
import { resolveColumn } from './mapping.js';
import { parseDecimal } from './parse-number.js';
import { classifyNonDataRow, headerKey, type SkippedRow } from './table.js';

/** A unit of the field-value list (for the quantity unit column). */
export interface UnitRef {
  id: string;
  displayName: string;
  nameVariants?: string[];
}

export interface LineBuildOptions {
  /** header texts of the header row (used to resolve mapping entries without columnIndex) */
  headers: readonly string[];
  mapping: FieldMapping;
  /** marker text of supplied parts; compared case- and space-insensitively */
  suppliedPartString?: string;
  /** units used when no unit column is mapped (import configuration unitWidth … unitWeight) */
  unitWidth?: LengthUnit;
  unitHeight?: LengthUnit;
  unitDepth?: LengthUnit;
  unitWeight?: WeightUnit;
  /** system units; when given, a quantity unit that matches none is 'unit does not match' */
  units?: readonly UnitRef[];
  /**
   * Skip rows that are no lines (default true): repeated header rows (lists in sections), subtotal/total
   * rows and notes or section titles without an order or manufacturer number. They are reported in `skipped`.
   */
  skipNonData?: boolean;
}

/** Markers understood when no suppliedPartString is configured. */
const DEFAULT_SUPPLIED_MARKERS = new Set([
  'x',
  'ja',
  'yes',
  'y',
  'j',
  'true',
  'wahr',
  '1',
  'beistellung',
  'beigestellt',
]);

function addProblem(list: BomErrorType[], p: BomErrorType): void {
  if (!list.includes(p)) list.push(p);
}

const squash = (s: string): string => s.toLowerCase().replace(/\s+/g, '');

/**
 * Text fields copied as written (only surrounding whitespace trimmed); designations stay verbatim:
 * "+A1", "++S1", "-K1", "=G1", "==F1".
 */
const TEXT_FIELDS = [
  'orderNumber',
  'manufacturerNumber',
  'manufacturerName',
  'description',
  'installationLocation',
  'locationIdentifier',
  'bmk',
  'functionDesignation',
  'functionalAssignment',
  'wholesalerOrderNumber',
] as const satisfies readonly (MappableField & keyof BomLine)[];

/**
 * The longest text a line keeps of each text field: the line edit's rules (single-line texts of at most 200
 * characters, numbers of at most 100) hold for what the file brings too (docs/decisions-imports.md "BOM line texts").
 */
const TEXT_LIMITS: Record<(typeof TEXT_FIELDS)[number], number> = {
  orderNumber: BOM_LINE_NUMBER_MAX_LENGTH,
  manufacturerNumber: BOM_LINE_NUMBER_MAX_LENGTH,
  wholesalerOrderNumber: BOM_LINE_NUMBER_MAX_LENGTH,
  manufacturerName: BOM_LINE_TEXT_MAX_LENGTH,
  description: BOM_LINE_TEXT_MAX_LENGTH,
  installationLocation: BOM_LINE_TEXT_MAX_LENGTH,
  locationIdentifier: BOM_LINE_TEXT_MAX_LENGTH,
  bmk: BOM_LINE_TEXT_MAX_LENGTH,
  functionDesignation: BOM_LINE_TEXT_MAX_LENGTH,
  functionalAssignment: BOM_LINE_TEXT_MAX_LENGTH,
};

/**
 * A file cell as a line's text: line breaks and tabs as spaces, control and bidi characters removed (U+202E would
 * show "gnp.exe" as "exe.png"), cut to the field's limit. The position stays: a parts list must not lose a line
 * because of its text.
 */
function lineText(cell: string, max: number): string {
  return withoutControlCharacters(cell.slice(0, 4 * max).replace(/[\r\n\t]+/g, ' '))
    .slice(0, max)
    .trim();
}

/** Measured fields, their unit column (also the name of the configured-unit option) and kind. */
const MEASURES = [
  ['width', 'unitWidth', 'length'],
  ['height', 'unitHeight', 'length'],
  ['depth', 'unitDepth', 'length'],
  ['weight', 'unitWeight', 'weight'],
] as const;

export interface Duplicate {
  rowNumber: number;
  duplicateOfRow: number;
}

/**
 * Turns data rows (below the header row) into typed BOM lines. Feed rows in file order with `add`
 * (works with the chunked reader), then `finish`. Blank rows are skipped.
 */
export class BomLineBuilder {
  private readonly cols = new Map<MappableField, number>();
  private readonly seen = new Map<string, number>();
  private readonly unitIndex = new Map<string, UnitRef>();
  readonly lines: BomLine[] = [];
  readonly duplicates: Duplicate[] = [];
  /** rows below the header that were not turned into lines, and why */
  readonly skipped: SkippedRow[] = [];
  private readonly suppliedMarker?: string;
  private readonly headerKeyText?: string;
  private readonly keyColumns: number[] = [];
  private readonly tableWidth: number;
  private readonly mappedColumns: number[];
  private readonly textColumns: number[] = [];

  constructor(private readonly options: LineBuildOptions) {
    for (const m of options.mapping) {
      const col = resolveColumn(m, options.headers);
      if (col >= 0 && !this.cols.has(m.articleField)) this.cols.set(m.articleField, col);
    }
    for (const u of options.units ?? [])
      for (const n of [u.displayName, ...(u.nameVariants ?? [])]) this.unitIndex.set(squash(n), u);
    if (options.suppliedPartString?.trim()) this.suppliedMarker = squash(options.suppliedPartString);
    if (options.headers.filter((h) => h.trim() !== '').length >= 2) this.headerKeyText = headerKey(options.headers);
    for (const f of ['orderNumber', 'manufacturerNumber'] as const) {
      const c = this.cols.get(f);
      if (c !== undefined) this.keyColumns.push(c);
    }
    this.mappedColumns = [...new Set(this.cols.values())];
    for (const f of ['description', 'manufacturerName'] as const) {
      const c = this.cols.get(f);
      if (c !== undefined) this.textColumns.push(c);
    }
    this.tableWidth = Math.max(options.headers.filter((h) => h.trim() !== '').length, this.cols.size);
  }

  private cell(row: readonly string[], field: MappableField): string | undefined {
    const col = this.cols.get(field);
    if (col === undefined) return undefined;
    let v = row[col]?.trim();
    // undo the apostrophe our generated files put before "-K1", "+A1", "=G1" (see spreadsheet/csv-writer.ts)
    if (v && v.charCodeAt(0) === 39 && /^'[=+\-@]/.test(v)) v = v.slice(1);
    return v ? v : undefined;
  }

  add(row: readonly string[], rowNumber: number): BomLine | undefined {
    if (this.options.skipNonData === false) {
      if (!row.some((c) => c.trim() !== '')) return undefined;
    } else {
      const reason = classifyNonDataRow(
        row,
        this.headerKeyText,
        this.keyColumns,
        this.tableWidth,
        this.mappedColumns,
        this.textColumns,
      );
      if (reason) {
        this.skipped.push({ rowNumber, reason });
        return undefined;
      }
    }
    const problems: BomErrorType[] = [];
    const line: BomLine = {
      rowNumber,
      quantity: 1,
      isSuppliedPart: false,
      problems: [],
      manualReplacement: false,
      edited: false,
    };
    for (const f of TEXT_FIELDS) {
      const v = this.cell(row, f);
      const text = v === undefined ? '' : lineText(v, TEXT_LIMITS[f]);
      if (text) line[f] = text;
    }
    if (!line.orderNumber && !line.manufacturerNumber) addProblem(problems, BomErrorType.DATA_MISSING);

    const qtyText = this.cell(row, 'quantity');
    if (qtyText !== undefined) {
      const q = parseDecimal(qtyText);
      if (q === undefined || q <= 0) addProblem(problems, BomErrorType.DATA_MISSING);
      else line.quantity = q;
    }
    const unitText = this.cell(row, 'quantityUnit');
    if (unitText !== undefined) {
      line.quantityUnitName = unitText;
      if (this.unitIndex.size) {
        const u = this.unitIndex.get(squash(unitText));
        if (u) {
          line.quantityUnitId = u.id;
          line.quantityUnitName = u.displayName;
        } else addProblem(problems, BomErrorType.UNIT_MISMATCH);
      }
    }
    const supplied = this.cell(row, 'isSuppliedPart');
    if (supplied !== undefined)
      line.isSuppliedPart = this.suppliedMarker
        ? squash(supplied) === this.suppliedMarker
        : DEFAULT_SUPPLIED_MARKERS.has(squash(supplied));

    for (const [field, unitField, kind] of MEASURES) this.measure(row, line, problems, field, unitField, kind);

    if (problems.length) {
      line.problems = BOM_ERROR_PRIORITY.filter((p) => problems.includes(p));
      line.bomError = line.problems[0];
    }

    if (line.orderNumber || line.manufacturerNumber) {
      const key = [
        normalisePartNumberKey(line.orderNumber ?? ''),
        normalisePartNumberKey(line.manufacturerNumber ?? ''),
        line.installationLocation,
        line.locationIdentifier,
        line.bmk,
        line.functionDesignation,
        line.functionalAssignment,
      ].join('\u0000');
      const first = this.seen.get(key);
      if (first !== undefined) {
        line.duplicateOfRow = first;
        this.duplicates.push({ rowNumber, duplicateOfRow: first });
      } else this.seen.set(key, rowNumber);
    }
    this.lines.push(line);
    return line;
  }

  private measure(
    row: readonly string[],
    line: BomLine,
    problems: BomErrorType[],
    field: (typeof MEASURES)[number][0],
    unitField: (typeof MEASURES)[number][1],
    kind: 'length' | 'weight',
  ): void {
    const text = this.cell(row, field);
    if (text === undefined) return;
    const value = parseDecimal(text);
    if (value === undefined || value < 0) return void addProblem(problems, BomErrorType.DATA_MISSING);
    const converted = toCatalogueUnit(value, kind, this.cell(row, unitField), this.options[unitField]);
    if (converted === undefined) return void addProblem(problems, BomErrorType.UNIT_MISMATCH);
    line[field] = converted;
  }
}

export interface BomLinesResult {
  lines: BomLine[];
  duplicates: Duplicate[];
  skipped: SkippedRow[];
}

/** All rows of a sheet → lines of the rows below the 1-based header row. */
export function buildBomLines(
  rows: readonly (readonly string[])[],
  headerRowIndex: number,
  options: LineBuildOptions,
): BomLinesResult {
  const b = new BomLineBuilder(options);
  for (let i = headerRowIndex; i < rows.length; i++) b.add(rows[i]!, i + 1);
  return { lines: b.lines, duplicates: b.duplicates, skipped: b.skipped };
}
