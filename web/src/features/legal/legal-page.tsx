import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format';
import { CurrentUserContext } from '@/lib/current-user/current-user-context';

type LegalPageKey = 'avb' | 'imprint' | 'privacy' | 'tom' | 'subcontractors';

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
    <Box component="section" sx={{ mt: 4, overflowWrap: 'anywhere' }}>
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

/**
 * Back to where the visitor came from: the previous page when there is one in this tab's history of the app,
 * otherwise the profile (signed in: TOM and subcontractor list belong to the AVV there) or the sign-in.
 */
function BackLink() {
  const { t } = useTranslation('legal');
  const navigate = useNavigate();
  const cameFromApp = useLocation().key !== 'default';
  const signedIn = useContext(CurrentUserContext) !== null;
  const fallback = signedIn ? paths.profile.getHref() : paths.auth.login.getHref();
  const label = cameFromApp ? t('back') : signedIn ? t('backToProfile') : t('backToLogin');
  return (
    <Button
      component={RouterLink}
      to={fallback}
      onClick={(event: React.MouseEvent) => {
        if (!cameFromApp) return;
        event.preventDefault();
        void navigate(-1);
      }}
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 2 }}
    >
      {label}
    </Button>
  );
}

export interface LegalPageProps {
  page: LegalPageKey;
  /** Shows a link back (TOM and subcontractor list, linked from the profile's AVV and from the AVB). */
  backLink?: boolean;
  /** Extra content (e.g. a table) rendered between the introduction and the sections. */
  children?: ReactNode;
  /** The version in force (a model constant, `YYYY-MM-DD`): the "Stand" line names its day. */
  version?: string;
}

/** Shared layout of all legal pages: title, "Stand" line, introduction and numbered sections from `legal.json`. */
export function LegalPage({ page, backLink = false, children, version }: LegalPageProps) {
  const { t, i18n } = useTranslation('legal');
  const intro = useLegalList<string>(`${page}.intro`);
  const sections = useLegalList<LegalSection>(`${page}.sections`);
  const hasStand = i18n.exists(`${page}.stand`, { ns: 'legal' });

  return (
    <Container component="article" maxWidth="md" sx={{ py: 4 }}>
      {backLink && <BackLink />}
      {/* long German compounds ("Unterauftragsverarbeiter") must break on a 390 px phone */}
      <Typography
        variant="h4"
        component="h1"
        gutterBottom
        sx={{ overflowWrap: 'anywhere', hyphens: 'auto', fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {t(`${page}.title`)}
      </Typography>
      {hasStand && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t(`${page}.stand`, { date: formatDay(version) })}
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
