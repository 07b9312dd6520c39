import { BomErrorType } from '../model/bom/bom-error.js';
import type { BomLine } from '../model/bom/bom-line.js';
import { estimatePrice, linePrice, successRate, type PriceEstimate } from '../model/bom/price.js';

/** Line price of a BOM line from its matched article (0 when unmatched or without list price). */
export function bomLinePrice(line: BomLine): number {
  const a = line.matchedArticle;
  if (!a) return 0;
  return linePrice({
    listPrice: a.listPrice,
    priceUnitSize: a.priceUnitSize,
    quantity: line.quantity,
    discountPercent: a.discountPercent,
  });
}

export interface BomSummary {
  lineCount: number;
  errorCount: number;
  /** percent with 2 decimals */
  successRate: number;
  errorsByType: Record<BomErrorType, number>;
  duplicateCount: number;
  estimate: PriceEstimate;
}

/** Success rate and estimated price range of a BOM result (spec section 9). */
export function summariseBom(lines: readonly BomLine[]): BomSummary {
  const errorsByType = Object.fromEntries(Object.values(BomErrorType).map((t) => [t, 0])) as Record<
    BomErrorType,
    number
  >;
  let errorCount = 0;
  let duplicateCount = 0;
  for (const l of lines) {
    if (l.bomError) {
      errorCount++;
      errorsByType[l.bomError]++;
    }
    if (l.duplicateOfRow !== undefined) duplicateCount++;
  }
  const estimate = estimatePrice(
    lines.map((l) => ({
      isSuppliedPart: l.isSuppliedPart,
      quantity: l.quantity,
      listPrice: l.matchedArticle?.listPrice,
      priceUnitSize: l.matchedArticle?.priceUnitSize,
      discountPercent: l.matchedArticle?.discountPercent,
    })),
  );
  return {
    lineCount: lines.length,
    errorCount,
    successRate: successRate(lines),
    errorsByType,
    duplicateCount,
    estimate,
  };
}
