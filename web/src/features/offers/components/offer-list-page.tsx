import { useMemo } from 'react';
import { Button, Stack } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { OFFER_SORT_COLUMNS, type OfferSortColumn } from '@model/offer';
import {
  OFFER_LIST_DEFAULT_STATES,
  OFFER_LIST_STATES,
  OFFER_STATES,
  type OfferListView,
  type OfferState,
} from '@model/offer-states';
import type { OfferCaller } from '@model/permissions-offers';
import { ListPage, type ListColumn, type ListExportRequest, type ListRequest } from '@/components/list-page';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { useArchiveOffers } from '../api/archive-offer';
import { exportOffers } from '../api/export-offers';
import { getOffersQueryOptions } from '../api/get-offers';
import type { OfferListItem } from '../api/offer-types';
import { EnquiryStandingChip, enquiryStandingNotice, OfferStateChip, OfferTagChip, offerTag } from './offer-chips';
import { offerHref } from './offer-href';

/** The states a view asks for: the ticked ones of its own, or all of them (no filter). */
function statesOf(view: OfferListView, filter: string[] | undefined): readonly OfferState[] {
  const own: readonly OfferState[] = OFFER_LIST_STATES[view];
  return filter ? own.filter((s) => filter.includes(s)) : own;
}

/**
 * The list's search box is the reference-number search; the view fixes the states it may show (spec 01 §2), and the
 * order and job views filter them: the running ones at first, ended jobs and lapsed orders when ticked.
 */
const offersSource = (view: OfferListView) => ({
  queryOptions: ({ search, filter, ...request }: ListRequest<OfferSortColumn>) =>
    getOffersQueryOptions({ ...request, referenceNumber: search, states: statesOf(view, filter) }),
  sortColumns: OFFER_SORT_COLUMNS,
  exportRows: ({ query: { search, filter, ...query }, ...request }: ListExportRequest<OfferSortColumn>) =>
    exportOffers({ ...request, query: { ...query, referenceNumber: search, states: statesOf(view, filter) } }),
});

/** An archive of the selection is possible only in the offer view: orders and jobs are binding. */
const ARCHIVABLE_VIEW: OfferListView = 'offer';

/**
 * /offer (OPEN, DECLINED), /order (ACCEPTED; LAPSED by the state filter), /job (CONFIRMED, DELIVERED; FINISHED and
 * CANCELLED by the state filter): offer number, reference number, the
 * counterparty (suppliers see the customer, customers the supplier), release date, state, tag and where the
 * enquiry stands (when it matters); display;
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
  const filter = useMemo(
    () =>
      view === 'offer'
        ? undefined
        : {
            titleKey: 'offers:filterByState',
            options: OFFER_LIST_STATES[view].map((state) => ({ value: state, label: t(`state.${state}`) })),
            initial: [...OFFER_LIST_DEFAULT_STATES[view]],
          },
    [view, t],
  );

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
        exportValues: Object.fromEntries(OFFER_STATES.map((state) => [state, t(`state.${state}`)])),
      },
      {
        id: 'tag',
        labelKey: 'offers:field.tag',
        value: (o) => t(`tag.${offerTag(o)}`),
        render: (o) => <OfferTagChip offer={o} />,
        // the export names a draft 'draft' (the tag 'default')
        exportValues: { archived: t('tag.archived'), released: t('tag.released'), draft: t('tag.default') },
      },
      {
        // where the enquiry stands, when it matters: withdrawn, archived, closed by another order
        id: 'enquiryStanding',
        labelKey: 'offers:field.enquiryStanding',
        value: (o) => {
          const notice = enquiryStandingNotice(o);
          return notice ? t(`standing.${notice}`) : '';
        },
        render: (o) => <EnquiryStandingChip offer={o} />,
        exportValues: {
          open: '',
          reopened: t('standing.reopened'),
          archived: t('standing.archived'),
          closed: t('standing.closed'),
        },
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
      filter={filter}
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
      cardState="state"
    />
  );
}

export const OffersListPage = () => <OfferListPage view="offer" />;
export const OrdersListPage = () => <OfferListPage view="order" />;
export const JobsListPage = () => <OfferListPage view="job" />;
