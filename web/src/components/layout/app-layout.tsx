import { Suspense, useState } from 'react';
import {
  AppBar,
  Box,
  Button,
  Container,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircle from '@mui/icons-material/AccountCircle';
import EventIcon from '@mui/icons-material/Event';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BOOKING_CALENDAR_URL } from '@model/constants';
import { VersionLabel } from '@/components/version-label';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { useHeaderWidgets } from '@/lib/slots';

export interface AppLayoutMenuEntry {
  path: string;
  labelKey: string;
}

export interface AppLayoutProps {
  menu: AppLayoutMenuEntry[];
}

/** The header-widget slot: what the features contribute (lib/slots), shown where their `visible` holds. */
function HeaderWidgets() {
  const widgets = useHeaderWidgets();
  const { user } = useCurrentUser();
  const caller = principalOf(user);
  return (
    <>
      {widgets
        .filter((widget) => widget.visible?.(caller) ?? true)
        .map(({ id, component: Widget }) => (
          <Suspense key={id} fallback={null}>
            <Widget />
          </Suspense>
        ))}
    </>
  );
}

/**
 * Signed-in shell: header with the role-based menu (drawer on small screens), the features' header widgets, booking
 * link, profile icon (loaded lazily, after the sign-in). The date field brings its own German localization
 * (components/form-page FormDateField).
 */
export function AppLayout({ menu }: AppLayoutProps) {
  const { t } = useTranslation();
  const hasWidgets = useHeaderWidgets().length > 0;
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const active = (path: string) => pathname === path || pathname.startsWith(`${path}/`);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          {menu.length > 0 && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('nav.openMenu')}
              onClick={() => setOpen(true)}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            variant="h6"
            component={RouterLink}
            to={paths.home.getHref()}
            sx={{ color: 'inherit', textDecoration: 'none', mr: 2, fontWeight: 700 }}
          >
            {t('app.name')}
          </Typography>
          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}
          >
            {menu.map((entry) => (
              <Button
                key={entry.path}
                component={RouterLink}
                to={entry.path}
                color="inherit"
                sx={{
                  opacity: active(entry.path) ? 1 : 0.8,
                  borderBottom: active(entry.path) ? '2px solid #fff' : '2px solid transparent',
                  borderRadius: 0,
                }}
              >
                {t(entry.labelKey)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          {hasWidgets && <HeaderWidgets />}
          <Tooltip title={t('nav.booking')}>
            <IconButton
              color="inherit"
              component="a"
              href={BOOKING_CALENDAR_URL}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('nav.booking')}
            >
              <EventIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('nav.profile')}>
            <IconButton
              color="inherit"
              component={RouterLink}
              to={paths.profile.getHref()}
              aria-label={t('nav.profile')}
            >
              <AccountCircle />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Drawer open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 260 }} role="presentation" onClick={() => setOpen(false)}>
          <Typography variant="h6" sx={{ p: 2, color: 'primary.main', fontWeight: 700 }}>
            {t('app.name')}
          </Typography>
          <List>
            {menu.map((entry) => (
              <ListItemButton key={entry.path} component={RouterLink} to={entry.path} selected={active(entry.path)}>
                <ListItemText primary={t(entry.labelKey)} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
      <Container maxWidth="xl" component="main" sx={{ py: 3, flexGrow: 1 }}>
        <Outlet />
      </Container>
      <Box
        component="footer"
        sx={{ py: 1, px: 2, display: 'flex', gap: 2, justifyContent: 'flex-end', alignItems: 'center' }}
      >
        <Button size="small" component={RouterLink} to={paths.legal.privacy.getHref()}>
          {t('legal.privacy')}
        </Button>
        <Button size="small" component={RouterLink} to={paths.legal.imprint.getHref()}>
          {t('legal.imprint')}
        </Button>
        <VersionLabel />
      </Box>
    </Box>
  );
}
