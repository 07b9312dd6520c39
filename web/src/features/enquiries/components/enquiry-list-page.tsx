import { useCallback, useMemo } from 'react';
import { Button, Stack } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  ENQUIRY_SORT_COLUMNS,
  ENQUIRY_STATUSES,
  enquiryStatus,
  type EnquiryListItem,
  type EnquirySortColumn,
} from '@model/enquiry';
import { canArchiveEnquiry, canCopyEnquiry, type EnquiryCaller } from '@model/permissions-enquiries';
import { ListPage, type ListColumn, type ListExportRequest, type ListRequest } from '@/components/list-page';
import { paths } from '@/config/paths';
import { showError } from '@/lib/errors';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { formatDay } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useArchiveEnquiries } from '../api/archive-enquiry';
import { useCopyEnquiry } from '../api/copy-enquiry';
import { exportEnquiries } from '../api/export-enquiries';
import { getEnquiriesQueryOptions } from '../api/get-enquiries';
import { EnquiryStatusChip } from './enquiry-status-chip';

/** Pages of GET /enquiry/filter: the list's search box is the title search. */
const enquiriesSource = {
  queryOptions: ({ search, filter: _filter, ...request }: ListRequest<EnquirySortColumn>) =>
    getEnquiriesQueryOptions({ ...request, title: search }),
  sortColumns: ENQUIRY_SORT_COLUMNS,
  exportRows: ({ query: { search, filter: _filter, ...query }, ...request }: ListExportRequest<EnquirySortColumn>) =>
    exportEnquiries({ ...request, query: { ...query, title: search } }),
};

/**
 * /enquiry (spec 01 §2): title search, sort by the server's columns (default createDate descending), status
 * badge, display action. Customers: add, copy per row and archive of the selection (rows the model's
 * `canArchiveEnquiry` allows); suppliers: the customer-name column.
 */
export function EnquiryListPage() {
  const { t } = useTranslation('enquiries');
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const caller: EnquiryCaller = principalOf(user);
  const isCustomer = caller.companyType === 'CUSTOMER' && !caller.restriction;
  const archive = useArchiveEnquiries();
  const copy = useCopyEnquiry();
  const { mutateAsync: copyEnquiry } = copy;

  const copyRow = useCallback(
    async (enquiry: EnquiryListItem) => {
      try {
        await copyEnquiry(enquiry.id);
        notify.success(t('notices.copied'));
      } catch (error) {
        showError(error, t('notices.copyFailed'));
      }
    },
    [copyEnquiry, t],
  );

  const columns = useMemo<ListColumn<EnquiryListItem>[]>(
    () => [
      { id: 'title', labelKey: 'enquiries:field.title', value: (e) => e.title },
      { id: 'referenceNumber', labelKey: 'enquiries:field.referenceNumber', value: (e) => e.referenceNumber },
      ...(caller.companyType === 'SUPPLIER'
        ? [
            {
              id: 'customerName',
              labelKey: 'enquiries:field.customerName',
              value: (e: EnquiryListItem) => e.customerName,
            },
          ]
        : []),
      {
        id: 'desiredDeliveryDate',
        labelKey: 'enquiries:field.desiredDeliveryDate',
        value: (e) => formatDay(e.desiredDeliveryDate),
      },
      { id: 'amount', labelKey: 'enquiries:field.amount', value: (e) => e.amount },
      { id: 'createDate', labelKey: 'enquiries:field.createDate', value: (e) => e.createDate },
      { id: 'releaseDate', labelKey: 'enquiries:field.releaseDate', value: (e) => e.releaseDate },
      {
        id: 'status',
        labelKey: 'enquiries:field.status',
        value: (e) => t(`status.${enquiryStatus(e)}`),
        render: (e) => <EnquiryStatusChip enquiry={e} />,
        exportValues: Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, t(`status.${status}`)])),
      },
      {
        id: 'actions',
        labelKey: 'list.actions',
        action: true,
        render: (e) => (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<VisibilityIcon />}
              onClick={() => navigate(paths.enquiries.detail.getHref(e.id))}
            >
              {t('list.display')}
            </Button>
            {canCopyEnquiry(caller, e) && (
              <Button
                size="small"
                startIcon={<ContentCopyIcon />}
                disabled={copy.isPending}
                onClick={() => void copyRow(e)}
              >
                {t('actions.copy')}
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    [caller, copy.isPending, copyRow, navigate, t],
  );

  return (
    <ListPage
      title={t('title')}
      server={enquiriesSource}
      columns={columns}
      getRowId={(e) => e.id}
      onAdd={isCustomer ? () => navigate(paths.enquiries.create.getHref()) : undefined}
      bulkAction={
        isCustomer
          ? {
              labelKey: 'enquiries:actions.archive',
              icon: <ArchiveIcon />,
              confirmTitleKey: 'enquiries:confirm.archiveTitle',
              confirmTextKey: 'enquiries:confirm.archiveText',
              // only rows the server would archive (not archived yet; closed ones once their order is confirmed)
              appliesTo: (e) => canArchiveEnquiry(caller, e),
              runAll: (rows) => archive.mutateAsync(rows.map((e) => e.id)),
              successKey: 'enquiries:notices.archivedMany',
              errorKey: 'enquiries:notices.archiveFailed',
            }
          : undefined
      }
      exportFileName="anfragen"
      defaultSort={{ columnId: 'createDate', direction: 'desc' }}
      emptyKey="enquiries:empty"
      cardState="status"
    />
  );
}
