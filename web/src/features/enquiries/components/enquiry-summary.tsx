import { useTranslation } from 'react-i18next';
import type { Enquiry } from '@model/enquiry';
import type { EnquiryCaller } from '@model/permissions-enquiries';
import { RecordPanels } from '@/components/record-panels';
import { FactList, RecordLayout, RecordSummary, SummarySection } from '@/components/record-summary';
import { paths } from '@/config/paths';
import type { WebPrincipal } from '@/lib/current-user/principal';
import { formatDateTime, formatDay, formatEur } from '@/lib/format';
import { EnquiryActions, hasEnquiryActions } from './enquiry-actions';
import { EnquiryConditionFacts } from './enquiry-condition-facts';
import { EnquiryStatusChip } from './enquiry-status-chip';

/**
 * A locked enquiry (the customer's released one, any a supplier views), read, not edited: the header with its state,
 * what matters (customer, desired delivery date, amount, target price, release) and the actions its rules allow
 * ('Angebot erstellen', 'Angebote vergleichen', reopen, copy, archive - fixed at the bottom on a phone); the project
 * data and job conditions as lists; the panels other features attach (BOM, documents) beside them from `lg`.
 */
export function EnquirySummary({ enquiry, caller }: { enquiry: Enquiry; caller: WebPrincipal & EnquiryCaller }) {
  const { t } = useTranslation('enquiries');
  const supplier = caller.companyType === 'SUPPLIER';
  const key = [
    ...(supplier ? [{ id: 'customerName', label: t('field.customerName'), value: enquiry.customerName }] : []),
    { id: 'desiredDeliveryDate', label: t('field.desiredDeliveryDate'), value: formatDay(enquiry.desiredDeliveryDate) },
    { id: 'amount', label: t('field.amount'), value: enquiry.amount },
    ...(enquiry.price !== undefined ? [{ id: 'price', label: t('field.price'), value: formatEur(enquiry.price) }] : []),
    ...(enquiry.releaseDate
      ? [{ id: 'releaseDate', label: t('field.releaseDate'), value: formatDateTime(enquiry.releaseDate) }]
      : []),
  ];
  // the delivery date and amount are in the header
  const project = [
    { id: 'title', label: t('field.title'), value: enquiry.title },
    { id: 'referenceNumber', label: t('field.referenceNumber'), value: enquiry.referenceNumber },
    {
      id: 'deliveryCondition',
      label: t('field.deliveryCondition'),
      value: t(`deliveryConditions.${enquiry.deliveryCondition}`),
    },
    ...(enquiry.additionalInfo
      ? [{ id: 'additionalInfo', label: t('field.additionalInfo'), value: enquiry.additionalInfo }]
      : []),
  ];
  return (
    <RecordLayout
      header={
        <RecordSummary
          title={t('viewTitle')}
          name={enquiry.title}
          status={<EnquiryStatusChip enquiry={enquiry} />}
          testId="enquiry-info"
          backTo={paths.enquiries.list.getHref()}
          actions={
            hasEnquiryActions(caller, enquiry) ? <EnquiryActions enquiry={enquiry} caller={caller} /> : undefined
          }
        >
          <FactList facts={key} dense />
        </RecordSummary>
      }
      main={
        <>
          <SummarySection title={t('sections.projectData')} id="enquiry-project-data">
            <FactList facts={project} />
          </SummarySection>
          <SummarySection title={t('sections.jobConditions')} id="enquiry-job-conditions">
            <EnquiryConditionFacts enquiry={enquiry} />
          </SummarySection>
        </>
      }
      side={<RecordPanels record="enquiry" value={enquiry} caller={caller} canChange={false} />}
    />
  );
}
