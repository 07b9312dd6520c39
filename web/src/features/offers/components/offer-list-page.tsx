import { useMemo } from 'react';
import { Button, Stack } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { OFFER_LIST_STATES, OFFER_SORT_COLUMNS, type OfferListView, type OfferSortColumn } from '@model/offer';
import type { OfferCaller } from '@model/permissions-offers';
import { ListPage, type ListColumn, type ListRequest } from '@/components/list-page';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { useArchiveOffers } from '../api/archive-offer';
import { getOffersQueryOptions } from '../api/get-offers';
import type { OfferListItem } from '../api/offer-types';
import { OfferStateChip, OfferTagChip, offerTag } from './offer-chips';
import { offerHref } from './offer-href';

/** The list's search box is the reference-number search; the view fixes the states (spec 01 §2). */
const offersSource = (view: OfferListView) => ({
  queryOptions: ({ search, filter: _filter, ...request }: ListRequest<OfferSortColumn>) =>
    getOffersQueryOptions({ ...request, referenceNumber: search, states: OFFER_LIST_STATES[view] }),
  sortColumns: OFFER_SORT_COLUMNS,
});

/** An archive of the selection is possible only in the offer view: orders and jobs are binding. */
const ARCHIVABLE_VIEW: OfferListView = 'offer';

/**
 * /offer (OPEN, DECLINED), /order (ACCEPTED), /job (CONFIRMED): offer number, reference number, the
 * counterparty (suppliers see the customer, customers the supplier), release date, state and tag; display;
 * suppliers archive a selection of offers (confirmed; a success notice only when every call succeeded).
 */
export function OfferListPage({ view }: { view: OfferListView }) {
  const { t } = useTranslation('offers');
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const caller: OfferCaller = principalOf(user);
  const isSupplier = caller.companyType === 'SUPPLIER' && !caller.restriction;
  const archive = useArchiveOffers();
  const server = useMemo(() => offersSource(view), [view]);

  const columns = useMemo<ListColumn<OfferListItem>[]>(
    () => [
      { id: 'offerNumber', labelKey: 'offers:field.offerNumber', value: (o) => o.offerNumber },
      { id: 'referenceNumber', labelKey: 'offers:field.referenceNumber', value: (o) => o.referenceNumber },
      isSupplier
        ? { id: 'customerName', labelKey: 'offers:field.customerName', value: (o) => o.customerName }
        : { id: 'supplierName', labelKey: 'offers:field.supplierName', value: (o) => o.supplierName },
      { id: 'releaseDate', labelKey: 'offers:field.releaseDate', value: (o) => o.releaseDate },
      {
        id: 'state',
        labelKey: 'offers:field.state',
        value: (o) => t(`state.${o.state}`),
        render: (o) => <OfferStateChip state={o.state} />,
      },
      {
        id: 'tag',
        labelKey: 'offers:field.tag',
        value: (o) => t(`tag.${offerTag(o)}`),
        render: (o) => <OfferTagChip offer={o} />,
      },
      {
        id: 'actions',
        labelKey: 'list.actions',
        action: true,
        render: (o) => (
          <Stack direction="row" spacing={1}>
            <Button size="small" startIcon={<VisibilityIcon />} onClick={() => navigate(offerHref(o))}>
              {t('actions.display')}
            </Button>
          </Stack>
        ),
      },
    ],
    [isSupplier, navigate, t],
  );

  return (
    <ListPage
      key={view}
      title={t(`title.${view}`)}
      server={server}
      columns={columns}
      getRowId={(o) => o.id}
      bulkAction={
        isSupplier && view === ARCHIVABLE_VIEW
          ? {
              labelKey: 'offers:actions.archive',
              icon: <ArchiveIcon />,
              confirmTitleKey: 'offers:confirm.archiveTitle',
              confirmTextKey: 'offers:confirm.archiveText',
              runAll: (rows) => archive.mutateAsync(rows.map((o) => o.id)),
              successKey: 'offers:notices.archivedMany',
              errorKey: 'offers:notices.archiveFailed',
            }
          : undefined
      }
      exportFileName={t(`title.${view}`).toLowerCase()}
      defaultSort={{ columnId: 'createDate', direction: 'desc' }}
      emptyKey={`offers:empty.${view}`}
    />
  );
}

export const OffersListPage = () => <OfferListPage view="offer" />;
export const OrdersListPage = () => <OfferListPage view="order" />;
export const JobsListPage = () => <OfferListPage view="job" />;
