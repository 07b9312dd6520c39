import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { paths } from '@/config/paths';

export type LegalPageKey = 'avb' | 'imprint' | 'privacy' | 'tom' | 'subcontractors';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** Reads an array from the `legal` namespace; anything else (e.g. not yet loaded) yields an empty list. */
export function useLegalList<T>(key: string): T[] {
  const { t } = useTranslation('legal');
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

function Paragraph({ text }: { text: string }) {
  return (
    <Typography variant="body1" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
      {text}
    </Typography>
  );
}

function SectionBlock({ section }: { section: LegalSection }) {
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {section.heading}
      </Typography>
      {section.paragraphs?.map((text, i) => (
        <Paragraph key={i} text={text} />
      ))}
      {section.items && section.items.length > 0 && (
        <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3 }}>
          {section.items.map((item, i) => (
            <Typography key={i} component="li" variant="body1" sx={{ mb: 0.5 }}>
              {item}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

export interface LegalPageProps {
  page: LegalPageKey;
  /** Shows a button back to /profile (TOM and subcontractor list, which belong to the AVV on the profile). */
  backToProfile?: boolean;
  /** Extra content (e.g. a table) rendered between the introduction and the sections. */
  children?: ReactNode;
}

/** Shared layout of all legal pages: title, "Stand" line, introduction and numbered sections from `legal.json`. */
export function LegalPage({ page, backToProfile = false, children }: LegalPageProps) {
  const { t, i18n } = useTranslation('legal');
  const intro = useLegalList<string>(`${page}.intro`);
  const sections = useLegalList<LegalSection>(`${page}.sections`);
  const hasStand = i18n.exists(`${page}.stand`, { ns: 'legal' });

  return (
    <Container component="article" maxWidth="md" sx={{ py: 4 }}>
      {backToProfile && (
        <Button component={RouterLink} to={paths.profile.getHref()} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
          {t('backToProfile')}
        </Button>
      )}
      <Typography variant="h4" component="h1" gutterBottom>
        {t(`${page}.title`)}
      </Typography>
      {hasStand && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t(`${page}.stand`)}
        </Typography>
      )}
      {intro.map((text, i) => (
        <Paragraph key={i} text={text} />
      ))}
      {children}
      {sections.map((section, i) => (
        <SectionBlock key={i} section={section} />
      ))}
    </Container>
  );
}
