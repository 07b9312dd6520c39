import { Alert, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import EventIcon from '@mui/icons-material/Event';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { useTranslation } from 'react-i18next';
import { BOOKING_CALENDAR_URL, DOCUMENTATION_URL } from '@model/constants';
import { RecordPanels } from '@/components/record-panels';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { useDownloadAvv } from '../api/download-avv';
import { PasswordChangeForm } from './password-change-form';

/** Label and value side by side; on a phone the value goes below its label and long ones (mail) wrap. */
function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ width: { sm: 180 }, flexShrink: 0 }} color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * /profile (spec 2): greeting, logout, booking link, profile fields, banners, AVV download, password change, and the
 * sections other areas attach to the profile (the record-panel slot `profile`, e.g. the chat's mail digest).
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user, logout } = useCurrentUser();
  const downloadAvv = useDownloadAvv();
  const company = user.company;
  const external = company.type === 'EXTERNAL';
  const typeText = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <span>{t(`company.types.${company.type}`)}</span>
      {user.admin && <Chip size="small" color="primary" label={t('user.admin')} data-testid="admin-marker" />}
    </Stack>
  );

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      {company.pendingRegistration && (
        <Alert severity="warning" data-testid="pending-banner">
          {t('pendingBanner')}
        </Alert>
      )}
      {user.passwordChangeNeeded && (
        <Alert severity="warning" data-testid="password-banner">
          {t('passwordBanner')}
        </Alert>
      )}
      <Paper sx={{ p: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography variant="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {t('greeting', { name: external ? user.mail : `${user.name} ${user.lastname}`.trim() })}
          </Typography>
          <Button startIcon={<EventIcon />} href={BOOKING_CALENDAR_URL} target="_blank" rel="noopener noreferrer">
            {t('nav.booking')}
          </Button>
          <Button startIcon={<LogoutIcon />} variant="outlined" onClick={() => void logout()}>
            {t('logout')}
          </Button>
        </Stack>
        {external ? (
          <>
            <Field label={t('user.mail')} value={user.mail} />
            <Field label={t('company.type')} value={typeText} />
          </>
        ) : (
          <>
            <Field label={t('user.name')} value={user.name} />
            <Field label={t('user.lastname')} value={user.lastname} />
            <Field label={t('company.name')} value={company.name} />
            <Field label={t('company.type')} value={typeText} />
            <Field label={t('user.mail')} value={user.mail} />
            <Field label={t('user.phoneNumber')} value={user.phoneNumber} />
          </>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
          {!external && (
            <Button
              startIcon={<DownloadIcon />}
              variant="outlined"
              disabled={downloadAvv.isPending}
              onClick={() => downloadAvv.mutate()}
            >
              {t('avv')}
            </Button>
          )}
          {company.type === 'ADMIN' && (
            <Link
              href={DOCUMENTATION_URL}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <MenuBookIcon fontSize="small" />
              {t('documentation')}
            </Link>
          )}
        </Stack>
      </Paper>
      <PasswordChangeForm />
      <RecordPanels record="profile" value={user} caller={principalOf(user)} canChange />
    </Stack>
  );
}
