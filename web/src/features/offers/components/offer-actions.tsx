import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DocumentType } from '@model/files';
import type { Offer, OfferAction } from '@model/offer';
import { canActOnOffer, type OfferCaller } from '@model/permissions-offers';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { filesQueryOptions } from '@/components/file-table';
import { paths } from '@/config/paths';
import { ApiError, errorText } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useArchiveOffer } from '../api/archive-offer';
import { useChangeOfferState, type ChangeOfferStateRequest } from '../api/change-offer-state';
import { offerDocumentsPath } from '../api/offer-files';
import { useReleaseOffer } from '../api/release-offer';
import { useReviseOffer } from '../api/revise-offer';
import { DeclineDialog } from './decline-dialog';
import { DocumentActionDialog, documentOf } from './document-action-dialog';

/** The server's refusals for a missing document, shown as the spec's warnings (offers:notices.<code>). */
const MISSING_FILE_CODES = ['missingOfferFile', 'missingOrderFile', 'missingOrderConfirmationFile'] as const;
type MissingFile = (typeof MISSING_FILE_CODES)[number];
const MISSING_BY_TYPE: Partial<Record<DocumentType, MissingFile>> = {
  OFFER: 'missingOfferFile',
  ORDER: 'missingOrderFile',
  ORDER_CONFIRMATION: 'missingOrderConfirmationFile',
};

/** The warning code of a 422 for a missing document, if the error is one. */
export function missingFileOf(error: unknown): MissingFile | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return MISSING_FILE_CODES.find((code) => code === (error.code as string));
}

/** The actions the table offers this caller now, in the order the page shows them. */
export const ACTION_ORDER: readonly OfferAction[] = ['release', 'accept', 'decline', 'confirm', 'revise', 'archive'];

export function availableActions(caller: OfferCaller, offer: Offer): OfferAction[] {
  return ACTION_ORDER.filter((action) => canActOnOffer(caller, offer, action));
}

type Dialog = 'accept' | 'decline' | 'confirm' | 'revise' | 'archive' | null;

/**
 * The offer's buttons from the ONE transition table (`canActOnOffer` over OFFER_TRANSITIONS): release (the
 * offer PDF checked first), accept (the order PDF, uploadable in its dialog), decline (reason dialog), confirm
 * (the order-confirmation PDF), revise and archive (confirmed). Afterwards (spec 01 §2): confirm -> /job,
 * accept or decline -> /order, revision -> /offer/{newId}. `dirty`: unsaved edits a release would not include.
 */
export function OfferActions({ offer, caller, dirty = false }: { offer: Offer; caller: OfferCaller; dirty?: boolean }) {
  const { t } = useTranslation('offers');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const release = useReleaseOffer();
  const changeState = useChangeOfferState();
  const revise = useReviseOffer();
  const archive = useArchiveOffer();
  const busy = release.isPending || changeState.isPending || revise.isPending || archive.isPending;
  const actions = availableActions(caller, offer);

  const failed = (error: unknown) => {
    const missing = missingFileOf(error);
    if (missing) notify.warn(t(`notices.${missing}`));
    else notify.error(error instanceof ApiError && error.status > 0 ? errorText(error.code) : errorText('unknown'));
  };

  /** Is the needed PDF among the offer's files (read through the documents section's query)? */
  const hasDocument = async (type: DocumentType): Promise<boolean> => {
    try {
      const files = await queryClient.fetchQuery(filesQueryOptions(offerDocumentsPath(offer.id)));
      return !!documentOf(files, type);
    } catch {
      return true; // the listing failed: the server's answer decides
    }
  };
  const warnMissing = (type: DocumentType) => notify.warn(t(`notices.${MISSING_BY_TYPE[type]!}`));

  const doRelease = async () => {
    if (dirty) return notify.warn(t('notices.saveFirst'));
    if (!(await hasDocument('OFFER'))) return warnMissing('OFFER');
    try {
      await release.mutateAsync(offer.id);
      notify.success(t('notices.released'));
    } catch (error) {
      failed(error);
    }
  };

  const doChange = async (request: ChangeOfferStateRequest, notice: string, to: string) => {
    try {
      await changeState.mutateAsync(request);
      setDialog(null);
      notify.success(notice);
      navigate(to);
    } catch (error) {
      failed(error);
    }
  };
  const doAccept = async () => {
    if (!(await hasDocument('ORDER'))) return warnMissing('ORDER');
    await doChange({ offerId: offer.id, state: 'ACCEPTED' }, t('notices.accepted'), paths.orders.list.getHref());
  };
  const doConfirm = async () => {
    if (!(await hasDocument('ORDER_CONFIRMATION'))) return warnMissing('ORDER_CONFIRMATION');
    await doChange({ offerId: offer.id, state: 'CONFIRMED' }, t('notices.confirmed'), paths.jobs.list.getHref());
  };
  const doRevise = async () => {
    setDialog(null);
    try {
      const next = await revise.mutateAsync(offer.id);
      notify.success(t('notices.revised', { version: next.version }));
      navigate(paths.offers.detail.getHref(next.id));
    } catch (error) {
      failed(error);
    }
  };
  const doArchive = async () => {
    setDialog(null);
    try {
      await archive.mutateAsync(offer.id);
      notify.success(t('notices.archived'));
    } catch (error) {
      failed(error);
    }
  };

  const buttons: Record<OfferAction, React.ReactNode> = {
    release: (
      <Button key="release" variant="outlined" color="success" disabled={busy} onClick={() => void doRelease()}>
        {t('actions.release')}
      </Button>
    ),
    accept: (
      <Button key="accept" variant="contained" color="success" disabled={busy} onClick={() => setDialog('accept')}>
        {t('actions.accept')}
      </Button>
    ),
    decline: (
      <Button key="decline" variant="outlined" color="error" disabled={busy} onClick={() => setDialog('decline')}>
        {t('actions.decline')}
      </Button>
    ),
    confirm: (
      <Button key="confirm" variant="contained" disabled={busy} onClick={() => setDialog('confirm')}>
        {t('actions.confirm')}
      </Button>
    ),
    revise: (
      <Button key="revise" variant="outlined" disabled={busy} onClick={() => setDialog('revise')}>
        {t('actions.revise')}
      </Button>
    ),
    archive: (
      <Button key="archive" color="error" disabled={busy} onClick={() => setDialog('archive')}>
        {t('actions.archive')}
      </Button>
    ),
  };

  return (
    <>
      {actions.map((action) => buttons[action])}
      <DocumentActionDialog
        open={dialog === 'accept'}
        offerId={offer.id}
        documentType="ORDER"
        textKey="accept"
        actionLabel={t('actions.accept')}
        missingText={t('notices.missingOrderFile')}
        busy={busy}
        onConfirm={() => void doAccept()}
        onCancel={() => setDialog(null)}
      />
      <DocumentActionDialog
        open={dialog === 'confirm'}
        offerId={offer.id}
        documentType="ORDER_CONFIRMATION"
        textKey="confirmOrder"
        actionLabel={t('actions.confirm')}
        missingText={t('notices.missingOrderConfirmationFile')}
        busy={busy}
        onConfirm={() => void doConfirm()}
        onCancel={() => setDialog(null)}
      />
      <DeclineDialog
        open={dialog === 'decline'}
        busy={busy}
        onDecline={(reason) =>
          doChange(
            { offerId: offer.id, state: 'DECLINED', ...reason },
            t('notices.declined'),
            paths.orders.list.getHref(),
          )
        }
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'revise'}
        title={t('confirm.reviseTitle')}
        text={t('confirm.reviseText', { offerNumber: offer.offerNumber })}
        onConfirm={() => void doRevise()}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'archive'}
        title={t('confirm.archiveTitle')}
        text={t('confirm.archiveOneText', { offerNumber: offer.offerNumber })}
        onConfirm={() => void doArchive()}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
