import { Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';
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
  if (!sections.length) return null;
  // side by side where the page is wide enough (from `lg`), one below the other on smaller screens
  return (
    <Box
      sx={{
        mt: 3,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(auto-fit, minmax(480px, 1fr))' },
        alignItems: 'start',
      }}
    >
      {sections.map(({ id, titleKey, component: Section }) => (
        <FormSection key={id} title={t(titleKey)} id={`${page}-${id}`} placement="column">
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            <Section />
          </Suspense>
        </FormSection>
      ))}
    </Box>
  );
}
