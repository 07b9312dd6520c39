import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { ENQUIRY_FOLDERS, enquiryFolderPath, type EnquiryFolder } from '@model/enquiry';
import {
  JOB_CONDITION_CHOICES,
  JOB_CONDITION_DIALOGS,
  jobConditionControls,
  type JobConditionChoice,
  type JobConditionDialog,
  type JobConditionFlag,
  type JobConditions,
} from '@model/job-conditions';
import { ChoiceField, FlagField } from './condition-fields';
import { FolderFiles } from '@/components/file-table';

/**
 * The sub-dialogs with a folder of their own: the model's enquiry folders (path and upload context; spec 01 §5:
 * these uploads omit csv and txt).
 */
const DIALOG_FOLDERS: Partial<Record<JobConditionDialog, { folder: EnquiryFolder; labelKey: string }>> = {
  regulation: { folder: 'regulation', labelKey: 'jobConditions.regulationUpload' },
  cabinetLanguage: { folder: 'language', labelKey: 'jobConditions.languageUpload' },
};

const isChoice = (field: string): field is JobConditionChoice => field in JOB_CONDITION_CHOICES;

export interface JobConditionDialogProps {
  dialog: JobConditionDialog | null;
  onClose: () => void;
  /** the stored enquiry (its folders); absent on a new enquiry */
  enquiryId?: string;
  /** may the caller change the enquiry's files (canEditEnquiry) */
  canChangeFiles: boolean;
}

/**
 * One job-condition sub-dialog (spec 01 §2): the fields the model assigns to it (JOB_CONDITION_DIALOGS),
 * each shown and enabled as `jobConditionControls` says; the regulation and cabinet-language dialogs also
 * hold their folder's upload.
 */
export function JobConditionDialogView({ dialog, onClose, enquiryId, canChangeFiles }: JobConditionDialogProps) {
  const { t } = useTranslation('enquiries');
  const { values } = useFormikContext<JobConditions>();
  if (!dialog) return null;
  const controls = jobConditionControls(values).fields as Partial<
    Record<JobConditionChoice | JobConditionFlag, { visible: boolean; enabled: boolean }>
  >;
  const folder = DIALOG_FOLDERS[dialog];
  return (
    <Dialog open onClose={onClose} aria-labelledby="job-condition-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="job-condition-dialog-title">{t(`jobConditions.dialogs.${dialog}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {JOB_CONDITION_DIALOGS[dialog].map((field) => {
            const state = controls[field] ?? { visible: true, enabled: true };
            if (!state.visible) return null;
            return isChoice(field) ? (
              <ChoiceField key={field} field={field} disabled={!state.enabled} />
            ) : (
              <FlagField key={field} field={field} disabled={!state.enabled} />
            );
          })}
          {folder && (
            <>
              <Typography variant="subtitle2">{t(folder.labelKey)}</Typography>
              {enquiryId ? (
                <FolderFiles
                  path={enquiryFolderPath(folder.folder, enquiryId)}
                  context={ENQUIRY_FOLDERS[folder.folder].context}
                  canChange={canChangeFiles}
                />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('documents.saveFirst')}
                </Typography>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('jobConditions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
