import { Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormSection } from '@/components/form-page';
import type { WebPrincipal } from '@/lib/current-user/principal';
import type { RecordKind, SlotRecords } from '@/lib/feature';
import { useRecordPanels } from '@/lib/slots';

export interface RecordPanelsProps<K extends RecordKind> {
  /** which record page this is: the panels attached to this kind are shown */
  record: K;
  /** the record itself */
  value: SlotRecords[K];
  caller: WebPrincipal;
  /** the page's rule: may the caller change the record */
  canChange: boolean;
}

/**
 * The record-panel slot of a record page: every panel the features attached to this kind (lib/slots), in their
 * order and where their `visible` predicate holds, each as a titled section (`<record>-<id>` names it). The page
 * does not know who fills it: `<RecordPanels record="enquiry" value={enquiry} caller={caller} canChange={mayEdit} />`.
 * They fill the side column of the page's RecordLayout (components/record-summary).
 */
export function RecordPanels<K extends RecordKind>({ record, value, caller, canChange }: RecordPanelsProps<K>) {
  const { t } = useTranslation();
  const panels = useRecordPanels(record).filter((panel) => panel.visible?.(value, caller) ?? true);
  return (
    <>
      {panels.map(({ id, titleKey, component: Panel }) => (
        <FormSection key={id} title={t(titleKey)} id={`${record}-${id}`} placement="column">
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            <Panel record={value} caller={caller} canChange={canChange} />
          </Suspense>
        </FormSection>
      ))}
    </>
  );
}
