import { useTranslation } from 'react-i18next';
import type { HistoryValue } from '@model/change-history';
import { ChangeHistory } from '@/components/change-history';
import { formatEur } from '@/lib/format';
import { articleHistoryQueryOptions } from '../api/get-article-history';

const PRICES = new Set(['listPrice', 'purchasePrice', 'copperBaseValue']);
/** history fields whose label is not the form's `field.<name>` key */
const OTHER_LABELS: Record<string, string> = {
  manufacturerName: 'field.manufacturer',
  possibleOrderNumbers: 'alternatives.possibleOrderNumbers',
  possibleManufacturerNumbers: 'alternatives.possibleManufacturerNumbers',
  wholesalerInfos: 'wholesalers.title',
};

/** The wholesaler entries as the history answers them: JSON objects (the wholesaler by name) joined by ", ". */
const WHOLESALER_ITEM = /\{[^{}]*\}/g;
interface WholesalerEntry {
  wholesaler?: string;
  wholesalerId?: string;
  orderNumber?: string;
  purchasePrice?: number;
}

/** The article page's "Änderungsverlauf": its saves and the imports that changed it (GET /article/history). */
export function ArticleHistory({ id }: { id: string }) {
  const { t } = useTranslation('articles');
  const wholesalers = (value: string) =>
    [...value.matchAll(WHOLESALER_ITEM)]
      .map(({ 0: item }) => {
        const w = JSON.parse(item) as WholesalerEntry;
        return t('wholesalers.historyEntry', {
          wholesaler: w.wholesaler ?? w.wholesalerId ?? '–',
          orderNumber: w.orderNumber ?? '–',
          price: w.purchasePrice === undefined ? '–' : formatEur(w.purchasePrice),
        });
      })
      .join('; ');
  return (
    <ChangeHistory
      query={articleHistoryQueryOptions(id)}
      fieldLabel={(field) => t(OTHER_LABELS[field] ?? `field.${field}`)}
      formatValue={(field: string, value: HistoryValue) => {
        if (PRICES.has(field) && typeof value === 'number') return formatEur(value);
        if (field === 'wholesalerInfos' && typeof value === 'string') return wholesalers(value);
        return undefined;
      }}
    />
  );
}
