import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import TuneIcon from '@mui/icons-material/Tune';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecordPanelProps } from '@/lib/feature';
import { notify } from '@/lib/notify';
import { offerBomSummaryQueryOptions } from '../api/bom-jobs';
import { useDownloadBom } from '../api/download-bom';
import { BomJobSection } from './bom-job-section';

/**
 * The BOM panel of the offer page (feature.ts, the supplier's side only): the enquiry's BOM revision the offer priced
 * (`enquiryBomRevision`), which the supplier maps and matches for his offer while it is an unreleased draft
 * (`canChange`, the offer's `canEditOffer`); a released offer offers only the downloads (docs/decisions-bom.md
 * "Offers"). The mapped part is the enquiry panel's BomJobSection with the offer as owner.
 */
export function OfferBomPanel({ record: offer, caller, canChange }: RecordPanelProps<'offer'>) {
  const { t } = useTranslation('bom');
  const [mapping, setMapping] = useState(false);
  const owner = { enquiryId: offer.enquiryId, offerId: offer.id };
  const revision = offer.enquiryBomRevision;
  const summary = useQuery({ ...offerBomSummaryQueryOptions(owner), enabled: revision > 0 });
  const downloadBom = useDownloadBom();

  if (revision < 1)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="offer-bom-panel">
        {t('offer.none')}
      </Typography>
    );

  const download = async () => {
    try {
      await downloadBom.mutateAsync({ enquiryId: offer.enquiryId, revision, fallbackName: 'Stueckliste' });
    } catch {
      notify.error(t('files:errors.downloadFailed'));
    }
  };

  return (
    <Stack spacing={2} data-testid="offer-bom-panel">
      <Typography variant="body2" color="text.secondary">
        {t('offer.hint', { revision })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {canChange && (
          <Button size="small" startIcon={<TuneIcon />} onClick={() => setMapping(true)}>
            {t('map')}
          </Button>
        )}
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()}>
          {t('download')}
        </Button>
      </Stack>
      {summary.isError && <Alert severity="error">{t('offer.loadFailed')}</Alert>}
      {summary.isSuccess && (
        <BomJobSection
          owner={owner}
          hasFile
          summary={summary.data ?? undefined}
          caller={caller}
          canChange={canChange}
          mapping={mapping}
          onCloseMapping={() => setMapping(false)}
        />
      )}
    </Stack>
  );
}
