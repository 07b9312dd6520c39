import { useState } from 'react';
import {
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { berlinDate, visibilityEntryRefusal, type FolderView } from '@model/business-data';
import { mailSchema } from '@model/user';
import { isEntryValid } from '@model/permissions-business-data';
import { TableScrollRegion } from '@/components/table-scroll-region';
import { showError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useShareFolder } from '../api/share-folder';
import { useUnshareFolder } from '../api/unshare-folder';

/**
 * Invitations of named people (spec 2 "external-user add", §5: an e-mail, an optional end date, read and write):
 * add (an address without an account gets an EXTERNAL account and a mail), list, remove. The model's rule refuses
 * write without read and a past end date before the call, the API again.
 */
export function InvitationsSection({ view }: { view: FolderView }) {
  const { t } = useTranslation('business-data');
  const share = useShareFolder();
  const unshare = useUnshareFolder();
  const [email, setEmail] = useState('');
  const [endDate, setEndDate] = useState('');
  const [read, setRead] = useState(true);
  const [write, setWrite] = useState(false);
  // the address as the model's schema checks it (the API again): a German message below the field
  const [mailError, setMailError] = useState<string>();
  const today = berlinDate(new Date());
  const entries = view.facts.settings.visibilities;

  const add = async () => {
    const entry = { email: email.trim(), read, write, ...(endDate ? { endDate } : {}) };
    if (!entry.email) return setMailError(t('invitations.mailRequired'));
    if (!mailSchema.isValidSync(entry.email)) return setMailError(t('common:validation.email'));
    setMailError(undefined);
    const refusal = visibilityEntryRefusal(entry, today);
    if (refusal) return notify.error(t(`errors.${refusal}`));
    try {
      await share.mutateAsync({ offerId: view.offerId, visibilityEntries: [entry] });
      notify.success(t('invitations.added', { email: entry.email }));
      setEmail('');
      setEndDate('');
    } catch (error) {
      showError(error);
    }
  };
  const remove = async (address: string) => {
    try {
      await unshare.mutateAsync({ offerId: view.offerId, email: address });
      notify.success(t('invitations.removed', { email: address }));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack spacing={2} data-testid="folder-invitations">
      <Typography variant="h3" component="h3">
        {t('invitations.title')}
      </Typography>
      {!view.facts.settings.allowExternal && (
        <Typography variant="body2" color="text.secondary">
          {t('invitations.externalOff')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label={t('invitations.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(mailError)}
          helperText={mailError}
          required
          sx={{ minWidth: 260 }}
        />
        <TextField
          label={t('invitations.endDate')}
          type="date"
          value={endDate}
          onChange={(e) => setEndDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        />
        <FormControlLabel
          control={<Checkbox checked={read} onChange={(e) => setRead(e.target.checked)} />}
          label={t('invitations.read')}
        />
        <FormControlLabel
          control={<Checkbox checked={write} onChange={(e) => setWrite(e.target.checked)} />}
          label={t('invitations.write')}
        />
        <Button variant="contained" onClick={() => void add()} disabled={share.isPending}>
          {t('invitations.add')}
        </Button>
      </Stack>
      <TableScrollRegion label={t('invitations.title')}>
        <Table size="small" aria-label={t('invitations.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('invitations.email')}</TableCell>
              <TableCell>{t('invitations.endDate')}</TableCell>
              <TableCell>{t('invitations.rights')}</TableCell>
              <TableCell align="right">{t('files:table.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.email} data-testid="invitation-row">
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.email}</TableCell>
                <TableCell>
                  {e.endDate ? formatDate(`${e.endDate}T12:00:00`) : t('invitations.unlimited')}
                  {!isEntryValid(e, today) && ` (${t('invitations.expired')})`}
                </TableCell>
                <TableCell>
                  {t(e.write ? 'invitations.readWrite' : e.read ? 'invitations.readOnly' : 'invitations.none')}
                </TableCell>
                <TableCell align="right">
                  <Tooltip title={t('invitations.remove')}>
                    <IconButton
                      aria-label={t('invitations.removeNamed', { email: e.email })}
                      onClick={() => void remove(e.email)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {!entries.length && (
              <TableRow>
                <TableCell colSpan={4}>{t('invitations.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableScrollRegion>
    </Stack>
  );
}
