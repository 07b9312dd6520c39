import { useTranslation } from 'react-i18next';
import { ChangeHistory } from '@/components/change-history';
import { importConfigHistoryQueryOptions } from '../api/get-import-config-history';

/** history fields whose label is not the form's `field.<name>` key */
const LABELS: Record<string, string> = {
  manufacturerId: 'field.manufacturer',
  wholesalerId: 'field.wholesaler',
  defaultUnitId: 'field.defaultUnit',
  filename: 'field.file',
  fieldMapping: 'mapping.title',
};

/** The configuration page's "Änderungsverlauf": its edits and each article import run with it (with its counts). */
export function ImportConfigHistory({ id }: { id: string }) {
  const { t } = useTranslation('import-configs');
  return (
    <ChangeHistory
      query={importConfigHistoryQueryOptions(id)}
      fieldLabel={(field) => t(LABELS[field] ?? `field.${field}`)}
      formatValue={(field, value) =>
        field === 'sourceFormat' && typeof value === 'string' ? t(`sourceFormat.${value}`) : undefined
      }
    />
  );
}
