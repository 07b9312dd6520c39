import { useState } from 'react';
import { Alert, Drawer, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldMapping } from '@model/bom/fields';
import type { BomMappingProposal } from '@model/bom-job';
import { errorMessage } from '@/lib/errors';
import { useBomMapping, type BomOwnerRef } from '../api/bom-jobs';
import { BomMappingForm } from './bom-mapping-form';

/** What the mapping table saves (the enquiry's map call, or the admin import's). */
export interface BomMappingSave {
  headerRowIndex: number;
  mapping: FieldMapping;
  suppliedPartString?: string;
}

/**
 * Where the panel reads and saves a mapping when it is not an enquiry's stored file (the admin import: the file is
 * held by the page). `proposal` is what the panel starts with; Update header and Save go through the callbacks.
 */
export interface BomMapper {
  proposal: { data?: BomMappingProposal; isFetching: boolean; error: unknown; dataUpdatedAt: number };
  updateHeader: (headerRowIndex: number) => Promise<void>;
  save: (request: BomMappingSave) => Promise<void>;
}

export interface BomMappingDrawerProps {
  /** the enquiry's job, or (with `offerId`) the offer's (omit with `mapper`) */
  owner?: BomOwnerRef;
  /** maps something else than an enquiry's file (the admin import) */
  mapper?: BomMapper;
  open: boolean;
  onClose: () => void;
  /**
   * A background mapping started (202): the caller follows it (BomTaskProgress on the panel) and the side panel
   * closes; without it the side panel shows the progress itself while it stays open.
   */
  onTaskStarted?: (taskId: string) => void;
}

/** No owner: the admin import's `mapper` reads and saves instead. */
const NO_OWNER: BomOwnerRef = { enquiryId: '' };

/**
 * Spec 02 §2 "BOM upload and mapping panels": the Map side panel — header-row index with Update header (POST
 * /enquiry/bom/header re-reads the stored file and saves the row on the enquiry; an offer's panel asks GET
 * /enquiry/bom/mapping for that row instead: the supplier never changes the enquiry), the mapping table pre-filled with the saved, remembered or
 * suggested mapping (a field already used by another column is not offered), the supplied-part marker, Save
 * (POST /enquiry/bom/map). The spec's warnings: missing mapping, header row index wrong, index invalid,
 * headerIndexChangeFailed, no headers found.
 */
export function BomMappingDrawer({ owner = NO_OWNER, mapper, open, onClose, onTaskStarted }: BomMappingDrawerProps) {
  const { t } = useTranslation('bom');
  // an offer's Update header: the proposal for that header row (nothing saved until Save)
  const [headerRowIndex, setHeaderRowIndex] = useState<number | undefined>();
  const ownerProposal = useBomMapping(owner, open && !mapper, headerRowIndex);
  const proposal = mapper?.proposal ?? ownerProposal;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 }, p: 2 } } }}
    >
      <Stack spacing={2} role="region" aria-label={t('mapping.title')} data-testid="bom-mapping">
        <Typography variant="h2">{t('mapping.title')}</Typography>
        {proposal.isFetching && <LinearProgress aria-label={t('common:common.loading')} />}
        {!!proposal.error && <Alert severity="error">{errorMessage(proposal.error, t('mapping.loadFailed'))}</Alert>}
        {proposal.data && (
          <Typography variant="body2" color="text.secondary">
            {t(`mapping.source.${proposal.data.source}`)}
          </Typography>
        )}
        {proposal.data && (
          <BomMappingForm
            // a new proposal (after Update header) starts the form again
            key={proposal.dataUpdatedAt}
            owner={owner}
            mapper={mapper}
            proposal={proposal.data}
            reload={() => void ownerProposal.refetch()}
            readHeaderRow={setHeaderRowIndex}
            onClose={onClose}
            onTaskStarted={onTaskStarted}
          />
        )}
      </Stack>
    </Drawer>
  );
}
