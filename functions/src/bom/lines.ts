import { BOM_ERROR_PRIORITY, BomErrorType } from '../model/bom/bom-error.js';
import type { BomLine } from '../model/bom/bom-line.js';
import type { FieldMapping, MappableField } from '../model/bom/fields.js';
import { normalisePartNumberKey } from '../model/bom/part-number.js';
import {
  DEFAULT_LENGTH_UNIT, DEFAULT_WEIGHT_UNIT, isLengthUnit, isWeightUnit, parseConversionUnit, toCentimetres, toKilograms,
  type LengthUnit, type WeightUnit,
} from '../model/bom/units.js';
import { resolveColumn } from './mapping.js';
import { parseDecimal } from './parse-number.js';

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
}

/** Markers understood when no suppliedPartString is configured. */
const DEFAULT_SUPPLIED_MARKERS = new Set(['x', 'ja', 'yes', 'y', 'j', 'true', 'wahr', '1', 'beistellung', 'beigestellt']);

const squash = (s: string): string => s.toLowerCase().replace(/\s+/g, '');

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
  private readonly suppliedMarker?: string;

  constructor(private readonly options: LineBuildOptions) {
    for (const m of options.mapping) {
      const col = resolveColumn(m, options.headers);
      if (col >= 0 && !this.cols.has(m.articleField)) this.cols.set(m.articleField, col);
    }
    for (const u of options.units ?? []) for (const n of [u.displayName, ...(u.nameVariants ?? [])]) this.unitIndex.set(squash(n), u);
    if (options.suppliedPartString?.trim()) this.suppliedMarker = squash(options.suppliedPartString);
  }

  private cell(row: readonly string[], field: MappableField): string | undefined {
    const col = this.cols.get(field);
    if (col === undefined) return undefined;
    let v = row[col]?.trim();
    // undo the apostrophe our generated files put before "-K1", "+A1", "=G1" (see csv-writer.ts)
    if (v && v.charCodeAt(0) === 39 && /^'[=+\-@]/.test(v)) v = v.slice(1);
    return v ? v : undefined;
  }

  add(row: readonly string[], rowNumber: number): BomLine | undefined {
    if (!row.some((c) => c.trim() !== '')) return undefined;
    const problems = new Set<BomErrorType>();
    const get = (f: MappableField): string | undefined => this.cell(row, f);
    const line: BomLine = { rowNumber, quantity: 1, isSuppliedPart: false, problems: [], manualReplacement: false, edited: false };
    const assign = <K extends keyof BomLine>(key: K, value: BomLine[K] | undefined): void => {
      if (value !== undefined) line[key] = value;
    };
    assign('orderNumber', get('orderNumber'));
    assign('manufacturerNumber', get('manufacturerNumber'));
    assign('manufacturerName', get('manufacturerName'));
    assign('description', get('description'));
    // designations verbatim (only surrounding whitespace trimmed): "+A1", "++S1", "-K1", "=G1", "==F1"
    assign('installationLocation', get('installationLocation'));
    assign('locationIdentifier', get('locationIdentifier'));
    assign('bmk', get('bmk'));
    assign('functionDesignation', get('functionDesignation'));
    assign('functionalAssignment', get('functionalAssignment'));
    assign('wholesalerOrderNumber', get('wholesalerOrderNumber'));
    if (!line.orderNumber && !line.manufacturerNumber) problems.add(BomErrorType.DATA_MISSING);

    const qtyText = get('quantity');
    if (qtyText !== undefined) {
      const q = parseDecimal(qtyText);
      if (q === undefined || q <= 0) problems.add(BomErrorType.DATA_MISSING);
      else line.quantity = q;
    }
    const unitText = get('quantityUnit');
    if (unitText !== undefined) {
      line.quantityUnitName = unitText;
      if (this.unitIndex.size) {
        const u = this.unitIndex.get(squash(unitText));
        if (u) {
          line.quantityUnitId = u.id;
          line.quantityUnitName = u.displayName;
        } else problems.add(BomErrorType.UNIT_MISMATCH);
      }
    }
    const supplied = get('isSuppliedPart');
    if (supplied !== undefined) line.isSuppliedPart = this.suppliedMarker ? squash(supplied) === this.suppliedMarker : DEFAULT_SUPPLIED_MARKERS.has(squash(supplied));

    this.dimension(row, line, problems, 'width', 'unitWidth', this.options.unitWidth);
    this.dimension(row, line, problems, 'height', 'unitHeight', this.options.unitHeight);
    this.dimension(row, line, problems, 'depth', 'unitDepth', this.options.unitDepth);
    this.weight(row, line, problems);

    line.problems = BOM_ERROR_PRIORITY.filter((p) => problems.has(p));
    if (line.problems.length) line.bomError = line.problems[0];

    if (line.orderNumber || line.manufacturerNumber) {
      const key = [
        normalisePartNumberKey(line.orderNumber ?? ''), normalisePartNumberKey(line.manufacturerNumber ?? ''),
        line.installationLocation, line.locationIdentifier, line.bmk, line.functionDesignation, line.functionalAssignment,
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

  private dimension(row: readonly string[], line: BomLine, problems: Set<BomErrorType>, field: 'width' | 'height' | 'depth', unitField: MappableField, fallback?: LengthUnit): void {
    const text = this.cell(row, field);
    if (text === undefined) return;
    const value = parseDecimal(text);
    if (value === undefined || value < 0) return void problems.add(BomErrorType.DATA_MISSING);
    const unitText = this.cell(row, unitField);
    const unit = unitText === undefined ? (fallback ?? DEFAULT_LENGTH_UNIT) : parseConversionUnit(unitText);
    if (!unit || !isLengthUnit(unit)) return void problems.add(BomErrorType.UNIT_MISMATCH);
    line[field] = toCentimetres(value, unit);
  }

  private weight(row: readonly string[], line: BomLine, problems: Set<BomErrorType>): void {
    const text = this.cell(row, 'weight');
    if (text === undefined) return;
    const value = parseDecimal(text);
    if (value === undefined || value < 0) return void problems.add(BomErrorType.DATA_MISSING);
    const unitText = this.cell(row, 'unitWeight');
    const unit = unitText === undefined ? (this.options.unitWeight ?? DEFAULT_WEIGHT_UNIT) : parseConversionUnit(unitText);
    if (!unit || !isWeightUnit(unit)) return void problems.add(BomErrorType.UNIT_MISMATCH);
    line.weight = toKilograms(value, unit);
  }
}

export interface BomLinesResult {
  lines: BomLine[];
  duplicates: Duplicate[];
}

/** All rows of a sheet → lines of the rows below the 1-based header row. */
export function buildBomLines(rows: readonly (readonly string[])[], headerRowIndex: number, options: LineBuildOptions): BomLinesResult {
  const b = new BomLineBuilder(options);
  for (let i = headerRowIndex; i < rows.length; i++) b.add(rows[i]!, i + 1);
  return { lines: b.lines, duplicates: b.duplicates };
}
