import { downloadBlob } from '@/lib/api-client';

/** GET /discountgroup/export: every discount group as discountGroups.csv (spec 02 §7). */
export function exportDiscountGroups(): Promise<string> {
  return downloadBlob('/discountgroup/export', 'discountGroups.csv');
}
