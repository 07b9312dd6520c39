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

/** The article page's "Änderungsverlauf": its saves and the imports that changed it (GET /article/history). */
export function ArticleHistory({ id }: { id: string }) {
  const { t } = useTranslation('articles');
  return (
    <ChangeHistory
      query={articleHistoryQueryOptions(id)}
      fieldLabel={(field) => t(OTHER_LABELS[field] ?? `field.${field}`)}
      formatValue={(field: string, value: HistoryValue) =>
        PRICES.has(field) && typeof value === 'number' ? formatEur(value) : undefined
      }
    />
  );
}
