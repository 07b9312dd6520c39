import type { ReactNode } from 'react';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VersionLabel } from '@/components/version-label';
import { paths } from '@/config/paths';

export interface AuthLayoutProps {
  title: string;
  children: ReactNode;
  /** extra footer links (e.g. /forget and /login on the wizard) */
  links?: { to: string; labelKey: string }[];
  width?: number;
}

/** The card layout of the signed-out pages; the footer links privacy and imprint and shows the version. */
export function AuthLayout({ title, children, links = [], width = 440 }: AuthLayoutProps) {
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
      <Typography variant="h1" color="primary" sx={{ mt: { xs: 2, sm: 8 }, mb: 3, letterSpacing: 1 }}>
        {t('app.name')}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: width }}>
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
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
      <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center' }} component="footer">
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
