import { useMemo } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ImportConfig } from '@model/import-config';
import { ListPage, type BulkAction, type ListColumn } from '@/components/list-page';
import { paths } from '@/config/paths';
import { useDeleteImportConfigs, useFieldValueChoices, useImportConfigs } from '../api/import-configs';

/**
 * /import/config (spec 02 §2): manufacturer name, title, description and the display action; the whole list in
 * client mode (search, sort, paging in memory), multi-delete with a confirmation naming the count, add.
 */
export function ImportConfigListPage() {
  const { t } = useTranslation('import-configs');
  const navigate = useNavigate();
  const configs = useImportConfigs();
  const manufacturers = useFieldValueChoices('manufacturer');
  const remove = useDeleteImportConfigs();

  const columns = useMemo<ListColumn<ImportConfig>[]>(() => {
    const names = new Map((manufacturers.data ?? []).map((m) => [m.id, m.displayName]));
    return [
      {
        id: 'manufacturer',
        labelKey: 'import-configs:field.manufacturer',
        value: (c) => names.get(c.manufacturerId ?? '') ?? '',
      },
      { id: 'title', labelKey: 'import-configs:field.title', value: (c) => c.title },
      { id: 'description', labelKey: 'import-configs:field.description', value: (c) => c.description },
      {
        id: 'display',
        labelKey: 'list.actions',
        action: true,
        render: (c) => (
          <Button
            size="small"
            startIcon={<VisibilityIcon />}
            aria-label={t('displayNamed', { title: c.title })}
            onClick={() => navigate(paths.imports.config.getHref(c.id))}
          >
            {t('display')}
          </Button>
        ),
      },
    ];
  }, [manufacturers.data, navigate, t]);

  const bulkAction: BulkAction<ImportConfig> = {
    labelKey: 'list.delete',
    icon: <DeleteIcon />,
    confirmTitleKey: 'import-configs:deleteTitle',
    confirmTextKey: 'import-configs:deleteConfirm',
    runAll: (rows) => remove.mutateAsync(rows.map((c) => c.id)),
    successKey: 'import-configs:deleted',
    errorKey: 'import-configs:deleteFailed',
  };

  return (
    <ListPage
      title={t('title')}
      rows={configs.data ?? []}
      loading={configs.isPending}
      columns={columns}
      getRowId={(c) => c.id}
      onAdd={() => navigate(paths.imports.config.getHref('new'))}
      bulkAction={bulkAction}
      defaultSort={{ columnId: 'title', direction: 'asc' }}
      cardTitle="title"
    />
  );
}
