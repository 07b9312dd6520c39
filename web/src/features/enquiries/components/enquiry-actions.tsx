import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { releaseRefusals, type Enquiry, type ReleaseRefusal } from '@model/enquiry';
import {
  canArchiveEnquiry,
  canCopyEnquiry,
  canOfferOnEnquiry,
  canReleaseEnquiry,
  canReopenEnquiry,
  type EnquiryCaller,
} from '@model/permissions-enquiries';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { latestRecord } from '@/lib/query-keys';
import { enquiryKeys } from '../api/keys';
import { useArchiveEnquiry } from '../api/archive-enquiry';
import { useCopyEnquiry } from '../api/copy-enquiry';
import { getEnquiry } from '../api/get-enquiry';
import { releaseRefusalsOf, useReleaseEnquiry } from '../api/release-enquiry';
import { useReopenEnquiry } from '../api/reopen-enquiry';

/** The customer compares the released offers on his released (or, after an accept, closed) enquiry. */
function mayCompareOffers(caller: EnquiryCaller, enquiry: Enquiry): boolean {
  return caller.companyType === 'CUSTOMER' && !caller.restriction && (enquiry.released || enquiry.closed);
}

/** Does the caller have any action on the enquiry now (else a read-only page shows no action bar)? */
export function hasEnquiryActions(caller: EnquiryCaller, enquiry: Enquiry): boolean {
  return (
    mayCompareOffers(caller, enquiry) ||
    canOfferOnEnquiry(caller, enquiry) ||
    canCopyEnquiry(caller, enquiry) ||
    canArchiveEnquiry(caller, enquiry) ||
    canReopenEnquiry(caller, enquiry) ||
    canReleaseEnquiry(caller, enquiry)
  );
}

/**
 * The enquiry's actions (spec 01 §4), each shown as the model's record rules allow: release (the model's
 * `releaseRefusals` on the record first, the server's 422 shown the same way), reopen (never on a closed
 * enquiry), copy, archive (confirmed; a closed enquiry once its order is confirmed), for suppliers 'Angebot erstellen' and for the customer of a released enquiry 'Angebote
 * vergleichen' (the offers side by side). `dirty`: unsaved edits, which a release or copy would not include.
 */
export function EnquiryActions({
  enquiry,
  caller,
  dirty = false,
}: {
  enquiry: Enquiry;
  caller: EnquiryCaller;
  dirty?: boolean;
}) {
  const { t } = useTranslation('enquiries');
  const navigate = useNavigate();
  const [confirmArchive, setConfirmArchive] = useState(false);
  const release = useReleaseEnquiry();
  const reopen = useReopenEnquiry();
  const copy = useCopyEnquiry();
  const archive = useArchiveEnquiry();
  const queryClient = useQueryClient();
  const mayRelease = canReleaseEnquiry(caller, enquiry);
  const busy = release.isPending || reopen.isPending || copy.isPending || archive.isPending;

  const warn = (refusals: ReleaseRefusal[]) => refusals.forEach((r) => notify.warn(t(`notices.${r}`)));

  const doRelease = async () => {
    if (dirty) return notify.warn(t('notices.saveFirst'));
    // spec 01 §5: a BOM and a circuit-diagram PDF - the model's rule on the record (as the server last answered
    // it: a refetch after a document upload is awaited); the server decides again
    const id = enquiry.id;
    const missing = releaseRefusals(
      await latestRecord(queryClient, enquiryKeys.detail(id), () => getEnquiry(id), enquiry),
    );
    if (missing.length) return warn(missing);
    try {
      await release.mutateAsync(enquiry.id);
      notify.success(t('notices.released'));
    } catch (error) {
      const refusals = releaseRefusalsOf(error);
      if (refusals.length) warn(refusals);
      else showError(error);
    }
  };
  const doReopen = async () => {
    try {
      await reopen.mutateAsync(enquiry.id);
      notify.success(t('notices.reopened'));
    } catch (error) {
      showError(error);
    }
  };
  const doCopy = async () => {
    if (dirty) return notify.warn(t('notices.saveFirst'));
    try {
      const created = await copy.mutateAsync(enquiry.id);
      notify.success(t('notices.copied'));
      navigate(paths.enquiries.detail.getHref(created.id));
    } catch (error) {
      showError(error, t('notices.copyFailed'));
    }
  };
  const doArchive = async () => {
    setConfirmArchive(false);
    try {
      await archive.mutateAsync(enquiry.id);
      notify.success(t('notices.archived'));
    } catch (error) {
      showError(error, t('notices.archiveFailed'));
    }
  };

  const mayCompare = mayCompareOffers(caller, enquiry);

  return (
    <>
      {mayCompare && (
        <Button variant="outlined" onClick={() => navigate(paths.enquiries.offers.getHref(enquiry.id))}>
          {t('actions.compareOffers')}
        </Button>
      )}
      {canOfferOnEnquiry(caller, enquiry) && (
        <Button variant="contained" onClick={() => navigate(paths.offers.create.getHref(enquiry.id))}>
          {t('actions.createOffer')}
        </Button>
      )}
      {canCopyEnquiry(caller, enquiry) && (
        <Button disabled={busy} onClick={() => void doCopy()}>
          {t('actions.copy')}
        </Button>
      )}
      {canArchiveEnquiry(caller, enquiry) && (
        <Button color="error" disabled={busy} onClick={() => setConfirmArchive(true)}>
          {t('actions.archive')}
        </Button>
      )}
      {canReopenEnquiry(caller, enquiry) && (
        <Button variant="outlined" disabled={busy} onClick={() => void doReopen()}>
          {t('actions.reopen')}
        </Button>
      )}
      {mayRelease && (
        <Button variant="outlined" color="success" disabled={busy} onClick={() => void doRelease()}>
          {t('actions.release')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmArchive}
        title={t('confirm.archiveTitle')}
        text={t('confirm.archiveOneText', { title: enquiry.title })}
        onConfirm={() => void doArchive()}
        onCancel={() => setConfirmArchive(false)}
      />
    </>
  );
}
