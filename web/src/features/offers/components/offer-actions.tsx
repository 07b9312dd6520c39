import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  missingDocument,
  MISSING_DOCUMENT_REFUSALS,
  type MissingDocumentRefusal,
  type Offer,
  type OfferAction,
} from '@model/offer';
import { canActOnOffer, type OfferCaller } from '@model/permissions-offers';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { latestRecord, queryKeys } from '@/lib/query-keys';
import { useArchiveOffer } from '../api/archive-offer';
import { useChangeOfferState, type ChangeOfferStateRequest } from '../api/change-offer-state';
import { getOffer } from '../api/get-offer';
import { useReleaseOffer } from '../api/release-offer';
import { useReviseOffer } from '../api/revise-offer';
import { DeclineDialog } from './decline-dialog';
import { DocumentActionDialog } from './document-action-dialog';

/** The server's 422 for a missing document (the model's refusal codes), if the error is one. */
export function missingFileOf(error: unknown): MissingDocumentRefusal | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return MISSING_DOCUMENT_REFUSALS.find((code) => code === error.code);
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
 * (the order-confirmation PDF), revise and archive (confirmed). The required document is the model's
 * `missingDocument(offer, action)` on the record; the server's 422 is shown the same way. Afterwards (spec 01
 * §2): confirm -> /job, accept or decline -> /order, revision -> /offer/{newId}. `dirty`: unsaved edits a
 * release would not include.
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

  const warnMissing = (missing: MissingDocumentRefusal) => notify.warn(t(`notices.${missing}`));
  const failed = (error: unknown) => {
    const missing = missingFileOf(error);
    if (missing) warnMissing(missing);
    else showError(error);
  };

  /**
   * The document the action still needs (spec 01 §4/§5): the model's rule on the record as the server last
   * answered it (a refetch after a document upload is awaited); the server decides again.
   */
  const missingFor = async (action: OfferAction) =>
    missingDocument(
      await latestRecord(queryClient, queryKeys.offers.detail(offer.id), () => getOffer(offer.id), offer),
      action,
    );

  const doRelease = async () => {
    if (dirty) return notify.warn(t('notices.saveFirst'));
    const missing = await missingFor('release');
    if (missing) return warnMissing(missing);
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
    const missing = await missingFor('accept');
    if (missing) return warnMissing(missing);
    await doChange({ offerId: offer.id, state: 'ACCEPTED' }, t('notices.accepted'), paths.orders.list.getHref());
  };
  const doConfirm = async () => {
    const missing = await missingFor('confirm');
    if (missing) return warnMissing(missing);
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
        offer={offer}
        action="accept"
        actionLabel={t('actions.accept')}
        busy={busy}
        onConfirm={() => void doAccept()}
        onCancel={() => setDialog(null)}
      />
      <DocumentActionDialog
        open={dialog === 'confirm'}
        offer={offer}
        action="confirm"
        actionLabel={t('actions.confirm')}
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
