import { useState } from 'react';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Offer } from '@model/offer';
import type { OfferAction } from '@model/offer-states';
import { canActOnOffer, type OfferCaller } from '@model/permissions-offers';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CancelJobDialog } from './cancel-job-dialog';
import { DeclineDialog } from './decline-dialog';
import { DocumentActionDialog } from './document-action-dialog';
import { useOfferActionRuns } from './use-offer-action-runs';

/** A caller's actions (the lapse is the scheduled task's, never a button). */
type CallerAction = Exclude<OfferAction, 'lapse'>;

/** The actions the table offers this caller now, in the order the page shows them. */
const ACTION_ORDER: readonly CallerAction[] = [
  'release',
  'accept',
  'decline',
  'confirm',
  'revise',
  'archive',
  'deliver',
  'finish',
  'cancel',
];

export function availableActions(caller: OfferCaller, offer: Offer): CallerAction[] {
  return ACTION_ORDER.filter((action) => canActOnOffer(caller, offer, action));
}

type Dialog = Exclude<CallerAction, 'release'> | null;

/**
 * The offer's buttons from the ONE transition table (`canActOnOffer` over OFFER_TRANSITIONS): release (the
 * offer PDF checked first), accept (the order PDF, uploadable in its dialog), decline (reason dialog), confirm
 * (the order-confirmation PDF), revise and archive (confirmed); a job's end: deliver (the supplier) and finish (the
 * customer), each confirmed, and cancel (the customer, reason dialog). The required document is the model's
 * `missingDocument(offer, action)` on the record; the server's 422 is shown the same way. Afterwards (spec 01
 * §2): confirm -> /job, accept or decline -> /order, revision -> /offer/{newId}. `dirty`: unsaved edits a
 * release would not include.
 */
export function OfferActions({ offer, caller, dirty = false }: { offer: Offer; caller: OfferCaller; dirty?: boolean }) {
  const { t } = useTranslation('offers');
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = availableActions(caller, offer);
  const runs = useOfferActionRuns(offer, dirty, () => setDialog(null));
  const { busy, doRelease, doAccept, doConfirm, doDecline, doRevise, doArchive } = runs;
  const opens = (action: Exclude<CallerAction, 'release'>, variant: 'contained' | 'outlined', color?: 'error') => (
    <Button key={action} variant={variant} color={color} disabled={busy} onClick={() => setDialog(action)}>
      {t(action === 'cancel' ? 'actions.cancelJob' : `actions.${action}`)}
    </Button>
  );

  const buttons: Record<CallerAction, React.ReactNode> = {
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
    deliver: opens('deliver', 'contained'),
    finish: opens('finish', 'contained'),
    cancel: opens('cancel', 'outlined', 'error'),
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
      <DeclineDialog open={dialog === 'decline'} busy={busy} onDecline={doDecline} onCancel={() => setDialog(null)} />
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
      <ConfirmDialog
        open={dialog === 'deliver'}
        title={t('confirm.deliverTitle')}
        text={t('confirm.deliverText', { offerNumber: offer.offerNumber })}
        onConfirm={() => void runs.doDeliver()}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'finish'}
        title={t('confirm.finishTitle')}
        text={t('confirm.finishText', { offerNumber: offer.offerNumber })}
        onConfirm={() => void runs.doFinish()}
        onCancel={() => setDialog(null)}
      />
      <CancelJobDialog
        open={dialog === 'cancel'}
        busy={busy}
        onCancelJob={runs.doCancel}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
