import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import {
  jobConditionControls,
  type JobConditionChoice,
  type JobConditionDialog,
  type JobConditionFlag,
  type JobConditions,
} from '@model/job-conditions';
import { ChoiceField, FlagField } from './condition-fields';
import { JobConditionDialogView } from './job-condition-dialog';

/**
 * The job conditions on the form itself, each with the sub-dialog that details it (spec 01 §2 "opened from
 * sidebars"); the fields inside the dialogs are the model's JOB_CONDITION_DIALOGS.
 */
export const MAIN_CONDITIONS: { field: JobConditionChoice | JobConditionFlag; dialog?: JobConditionDialog }[] = [
  { field: 'individualWireIdentification', dialog: 'markingStructure' },
  { field: 'deviceIdentification', dialog: 'deviceIdentification' },
  { field: 'cableDuctAttachment' },
  { field: 'cableDuctManufacturer' },
  { field: 'terminalManufacturer' },
  { field: 'regulation', dialog: 'regulation' },
  { field: 'cabinetLabelLanguage', dialog: 'cabinetLanguage' },
  { field: 'screwConnections', dialog: 'screwConnection' },
  { field: 'packaging', dialog: 'packaging' },
];

const FLAGS: readonly string[] = ['individualWireIdentification', 'wireTagLabel', 'customerRegulation'];

export function JobConditionsSection({ enquiryId, canChangeFiles }: { enquiryId?: string; canChangeFiles: boolean }) {
  const { t } = useTranslation('enquiries');
  const { values } = useFormikContext<JobConditions>();
  const [open, setOpen] = useState<JobConditionDialog | null>(null);
  const dialogs = jobConditionControls(values).dialogs;
  return (
    <Box component="section" aria-labelledby="job-conditions-title">
      <Typography variant="h2" id="job-conditions-title" sx={{ mb: 2 }}>
        {t('sections.jobConditions')}
      </Typography>
      <Stack spacing={2}>
        {MAIN_CONDITIONS.map(({ field, dialog }) => (
          <Stack
            key={field}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
            data-testid={`condition-${field}`}
          >
            <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
              {FLAGS.includes(field) ? (
                <FlagField field={field as JobConditionFlag} />
              ) : (
                <ChoiceField field={field as JobConditionChoice} />
              )}
            </Stack>
            {dialog && (
              // the sidebar button: enabled as the model's dependency rules say (also in the locked view, to read)
              <Button
                variant="outlined"
                startIcon={<TuneIcon />}
                disabled={!dialogs[dialog].enabled}
                onClick={() => setOpen(dialog)}
                aria-label={t('jobConditions.openDialog', { name: t(`jobConditions.dialogs.${dialog}`) })}
                sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' }, minWidth: 120 }}
              >
                {t('actions.details')}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      <JobConditionDialogView
        dialog={open}
        onClose={() => setOpen(null)}
        enquiryId={enquiryId}
        canChangeFiles={canChangeFiles}
      />
    </Box>
  );
}
