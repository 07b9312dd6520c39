import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SharedFolderRow } from '@model/business-data';
import { ListPage, type ListColumn } from '@/components/list-page';
import { paths } from '@/config/paths';
import { useSharedFolders } from '../api/get-shared-folders';

/**
 * /business-data (spec 2 "Project folder views"): the offers shared with the caller's e-mail - reference number,
 * item count and a display action, the empty message. EXTERNAL users land here; customers and suppliers reach it
 * from the project-folder panel of the offer page.
 */
export function SharedFoldersPage() {
  const { t } = useTranslation('business-data');
  const folders = useSharedFolders();
  const columns: ListColumn<SharedFolderRow>[] = [
    { id: 'referenceNumber', labelKey: 'business-data:list.referenceNumber', value: (r) => r.referenceNumber },
    { id: 'offerNumber', labelKey: 'business-data:list.offerNumber', value: (r) => r.offerNumber },
    { id: 'itemCount', labelKey: 'business-data:list.itemCount', value: (r) => r.itemCount },
    {
      id: 'display',
      labelKey: 'list.actions',
      action: true,
      render: (r) => (
        <Button
          component={RouterLink}
          to={paths.businessData.detail.getHref(r.offerId)}
          size="small"
          startIcon={<VisibilityIcon />}
          aria-label={t('list.displayNamed', { ref: r.referenceNumber })}
        >
          {t('list.display')}
        </Button>
      ),
    },
  ];
  return (
    <ListPage
      title={t('list.title')}
      rows={folders.data ?? []}
      loading={folders.isPending}
      columns={columns}
      getRowId={(r) => r.offerId}
      defaultSort={{ columnId: 'referenceNumber', direction: 'asc' }}
      emptyKey="business-data:list.empty"
    />
  );
}
