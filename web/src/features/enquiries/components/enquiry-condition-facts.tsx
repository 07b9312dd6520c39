import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ENQUIRY_FOLDERS, enquiryFolderPath, type Enquiry, type EnquiryFolder } from '@model/enquiry';
import {
  applicableJobConditions,
  individualTextApplies,
  JOB_CONDITION_FLAGS,
  type JobConditionChoice,
  type JobConditionFlag,
} from '@model/job-conditions';
import { FolderFiles } from '@/components/file-table';
import { FactList } from '@/components/record-summary';

/** The folders of the sub-dialogs, listed read-only under the conditions (their labels: jobConditions.*). */
const FOLDERS: { folder: EnquiryFolder; labelKey: string }[] = [
  { folder: 'regulation', labelKey: 'jobConditions.regulationFiles' },
  { folder: 'language', labelKey: 'jobConditions.languageFiles' },
];

const isFlag = (field: string): field is JobConditionFlag => (JOB_CONDITION_FLAGS as readonly string[]).includes(field);

/**
 * The job conditions of an enquiry read, not edited: every condition that applies (the model's
 * `applicableJobConditions`: a disabled detail does not) as "label: value", its free text under it, then the files
 * of the regulation and cabinet-language folders.
 */
export function EnquiryConditionFacts({ enquiry }: { enquiry: Enquiry }) {
  const { t } = useTranslation('enquiries');
  const values = enquiry as unknown as Record<string, unknown>;
  const valueOf = (field: JobConditionChoice | JobConditionFlag) => {
    const value = values[field];
    if (isFlag(field)) return t(value ? 'common:common.yes' : 'common:common.no');
    return value === undefined || value === '' ? t('none') : t(`values.${String(value)}`);
  };
  return (
    <Stack spacing={3}>
      <FactList
        facts={applicableJobConditions(enquiry).map((field) => {
          const text = values[`${field}Individual`];
          return {
            id: field,
            label: t(`condition.${field}`),
            value: valueOf(field),
            note: individualTextApplies(enquiry, field) && typeof text === 'string' && text ? text : undefined,
          };
        })}
      />
      {FOLDERS.map(({ folder, labelKey }) => (
        <Stack key={folder} spacing={1}>
          <Typography variant="subtitle2" component="h3">
            {t(labelKey)}
          </Typography>
          <FolderFiles
            path={enquiryFolderPath(folder, enquiry.id)}
            context={ENQUIRY_FOLDERS[folder].context}
            canChange={false}
          />
        </Stack>
      ))}
    </Stack>
  );
}
