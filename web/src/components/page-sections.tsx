import { Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormSection } from '@/components/form-page';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import type { SectionPage } from '@/lib/feature';
import { usePageSections } from '@/lib/slots';

/**
 * The section slot of a page: every section the features contributed to it (lib/slots), in their order and where
 * their `visible` predicate holds, each as a titled section (`<page>-<id>` names it). The page does not know who
 * fills it: `<PageSections page="articles" />`.
 */
export function PageSections({ page }: { page: SectionPage }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const caller = principalOf(user);
  const sections = usePageSections(page).filter((s) => s.visible?.(caller) ?? true);
  return (
    <>
      {sections.map(({ id, titleKey, component: Section }) => (
        <FormSection key={id} title={t(titleKey)} id={`${page}-${id}`}>
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            <Section />
          </Suspense>
        </FormSection>
      ))}
    </>
  );
}
