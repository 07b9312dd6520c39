import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import type { __Pascal__Record } from '@model/__kebab__';
import { RecordError } from '@/components/errors/record-error';
import { Loading } from '@/components/loading';
import { FactList, RecordLayout, RecordSummary, SummarySection } from '@/components/record-summary';
import { formatDateTime } from '@/lib/format';
import { use__Pascal__ } from '../api/get-__kebab__';
import { __camel__Paths } from '../paths';

/** /__kebab__/:id (platform admin): one record, read; not found or no access shows the record error page. */
export function __Pascal__RecordPage() {
  const { t } = useTranslation('__kebab__');
  const { id = '' } = useParams();
  // a row passed by the list (navigation state) is shown at once instead of being loaded again
  const fromList = (useLocation().state as { record?: __Pascal__Record } | null)?.record;
  const loaded = use__Pascal__({ id, initialData: fromList?.id === id ? fromList : undefined });
  const backTo = __camel__Paths.list.getHref();
  if (loaded.isError) return <RecordError error={loaded.error} backTo={backTo} onRetry={() => void loaded.refetch()} />;
  if (!loaded.data) return <Loading />;
  const record = loaded.data;
  return (
    <RecordLayout
      header={<RecordSummary title={t('recordTitle')} name={record.title} status={null} backTo={backTo} />}
      main={
        <SummarySection title={t('details')} id="__kebab__-details">
          <FactList
            facts={[
              { id: 'note', label: t('field.note'), value: record.note || '–' },
              { id: 'createDate', label: t('field.createDate'), value: formatDateTime(record.createDate) },
              { id: 'lastUpdate', label: t('field.lastUpdate'), value: formatDateTime(record.lastUpdate) },
            ]}
          />
        </SummarySection>
      }
    />
  );
}
