import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  missingDocument,
  MISSING_DOCUMENT_REFUSALS,
  type MissingDocumentRefusal,
  type Offer,
  type RejectionReason,
} from '@model/offer';
import { type OfferAction } from '@model/offer-states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { latestRecord } from '@/lib/query-keys';
import { useArchiveOffer } from '../api/archive-offer';
import { useChangeOfferState, type ChangeOfferStateRequest } from '../api/change-offer-state';
import { getOffer } from '../api/get-offer';
import { offerKeys } from '../api/keys';
import { useReleaseOffer } from '../api/release-offer';
import { useReviseOffer } from '../api/revise-offer';

/** The server's 422 for a missing document (the model's refusal codes), if the error is one. */
function missingFileOf(error: unknown): MissingDocumentRefusal | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return MISSING_DOCUMENT_REFUSALS.find((code) => code === error.code);
}

/**
 * The runs behind the offer's buttons (OfferActions): each checks the document the action still needs first, calls,
 * says what happened and goes where spec 01 §2 leads (confirm -> /job, accept or decline -> /order, revision ->
 * /offer/{newId}; a job's delivery, finish or cancellation stays on the job); `closeDialog` closes the action's dialog once it succeeded (or, for revise and archive, at once).
 */
export function useOfferActionRuns(offer: Offer, dirty: boolean, closeDialog: () => void) {
  const { t } = useTranslation('offers');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const release = useReleaseOffer();
  const changeState = useChangeOfferState();
  const revise = useReviseOffer();
  const archive = useArchiveOffer();
  const busy = release.isPending || changeState.isPending || revise.isPending || archive.isPending;

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
      await latestRecord(queryClient, offerKeys.detail(offer.id), () => getOffer(offer.id), offer),
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
      closeDialog();
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
    closeDialog();
    try {
      const next = await revise.mutateAsync(offer.id);
      notify.success(t('notices.revised', { version: next.version }));
      navigate(paths.offers.detail.getHref(next.id));
    } catch (error) {
      failed(error);
    }
  };
  const doArchive = async () => {
    closeDialog();
    try {
      await archive.mutateAsync(offer.id);
      notify.success(t('notices.archived'));
    } catch (error) {
      failed(error);
    }
  };

  const doDecline = (reason: { rejectionReason: RejectionReason; rejectionReasonIndividual?: string }) =>
    doChange({ offerId: offer.id, state: 'DECLINED', ...reason }, t('notices.declined'), paths.orders.list.getHref());

  // a job's end: the job stays where it is shown (its page tells the new state)
  const jobs = paths.jobs.detail.getHref(offer.id);
  const doDeliver = () => doChange({ offerId: offer.id, state: 'DELIVERED' }, t('notices.delivered'), jobs);
  const doFinish = () => doChange({ offerId: offer.id, state: 'FINISHED' }, t('notices.finished'), jobs);
  const doCancel = (cancellationReason: string) =>
    doChange({ offerId: offer.id, state: 'CANCELLED', cancellationReason }, t('notices.cancelled'), jobs);

  return { busy, doRelease, doAccept, doConfirm, doDecline, doRevise, doArchive, doDeliver, doFinish, doCancel };
}
