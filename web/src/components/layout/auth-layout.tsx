import type { ReactNode } from 'react';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VersionLabel } from '@/components/version-label';
import { paths } from '@/config/paths';

export interface AuthLayoutProps {
  /** the card's heading; pages that bring their own (legal pages) leave it out */
  title?: string;
  children: ReactNode;
  /** extra footer links (e.g. /forget and /login on the wizard) */
  links?: { to: string; labelKey: string }[];
  width?: number;
  /** a "Zur Anmeldung" link in the footer (signed-out pages other than the sign-in pages) */
  loginLink?: boolean;
}

/**
 * The card layout of the signed-out pages: the app name (a link to the sign-in), the card, a footer with privacy,
 * imprint (and optionally the sign-in) and the version.
 */
export function AuthLayout({ title, children, links = [], width = 440, loginLink = false }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Typography variant="h1" component="p" sx={{ mt: { xs: 2, sm: 8 }, mb: 3, letterSpacing: 1 }}>
        <Link component={RouterLink} to={paths.auth.login.getHref()} underline="none" color="primary">
          {t('app.name')}
        </Link>
      </Typography>
      <Paper component="main" sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: width, minWidth: 0 }}>
        {title && (
          <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
        )}
        {children}
        {links.length > 0 && (
          <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
            {links.map((l) => (
              <Link key={l.to} component={RouterLink} to={l.to}>
                {t(l.labelKey)}
              </Link>
            ))}
          </Stack>
        )}
      </Paper>
      <Stack
        direction="row"
        sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, rowGap: 1 }}
        component="footer"
      >
        {loginLink && (
          <Link component={RouterLink} to={paths.auth.login.getHref()} variant="caption">
            {t('common.toLogin')}
          </Link>
        )}
        <Link component={RouterLink} to={paths.legal.privacy.getHref()} variant="caption">
          {t('legal.privacy')}
        </Link>
        <Link component={RouterLink} to={paths.legal.imprint.getHref()} variant="caption">
          {t('legal.imprint')}
        </Link>
        <VersionLabel />
      </Stack>
    </Box>
  );
}
