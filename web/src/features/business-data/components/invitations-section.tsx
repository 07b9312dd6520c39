import { Form, Formik } from 'formik';
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
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import {
  berlinDate,
  visibilityEntryRefusal,
  visibilityEntrySchema,
  type FolderView,
  type VisibilityEntry,
} from '@model/business-data';
import { FormDateField, FormTextField } from '@/components/form-page';
import { isEntryValid } from '@model/permissions-business-data';
import { TableScrollRegion } from '@/components/table-scroll-region';
import { showError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useShareFolder } from '../api/share-folder';
import { useUnshareFolder } from '../api/unshare-folder';

/**
 * Invitations of named people (spec 2 "external-user add", §5: an e-mail, an optional end date, read and write):
 * add (an address without an account gets an EXTERNAL account and a mail), list, remove. The model's schema checks
 * the address and the day (the portal's German date field, TT.MM.JJJJ), its rule refuses write without read and a
 * past end date before the call; the API checks all of it again.
 */
export function InvitationsSection({ view }: { view: FolderView }) {
  const { t } = useTranslation('business-data');
  const share = useShareFolder();
  const unshare = useUnshareFolder();
  const today = berlinDate(new Date());
  const entries = view.facts.settings.visibilities;

  const add = async (values: InvitationValues): Promise<boolean> => {
    const entry: VisibilityEntry = {
      email: values.email.trim(),
      read: values.read,
      write: values.write,
      ...(values.endDate ? { endDate: values.endDate } : {}),
    };
    const refusal = visibilityEntryRefusal(entry, today);
    if (refusal) {
      notify.error(t(`errors.${refusal}`));
      return false;
    }
    try {
      await share.mutateAsync({ offerId: view.offerId, visibilityEntries: [entry] });
      notify.success(t('invitations.added', { email: entry.email }));
      return true;
    } catch (error) {
      showError(error);
      return false;
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
      <InvitationForm onAdd={add} />
      <InvitationTable entries={entries} today={today} onRemove={(address) => void remove(address)} />
    </Stack>
  );
}

const NEW_INVITATION = { email: '', endDate: '', read: true, write: false };
type InvitationValues = typeof NEW_INVITATION;

/** The add row: address, optional end day, read and write; emptied after a successful add. */
function InvitationForm({ onAdd }: { onAdd: (values: InvitationValues) => Promise<boolean> }) {
  const { t } = useTranslation('business-data');
  return (
    <Formik
      initialValues={NEW_INVITATION}
      validationSchema={visibilityEntrySchema}
      onSubmit={async (values, helpers) => {
        if (await onAdd(values)) helpers.resetForm();
      }}
    >
      {({ values, setFieldValue, isSubmitting }) => (
        <Form noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormTextField
              name="email"
              labelKey="business-data:invitations.email"
              type="email"
              required
              sx={{ minWidth: 260 }}
            />
            <FormDateField name="endDate" labelKey="business-data:invitations.endDate" />
            <FormControlLabel
              control={
                <Checkbox checked={values.read} onChange={(e) => void setFieldValue('read', e.target.checked)} />
              }
              label={t('invitations.read')}
            />
            <FormControlLabel
              control={
                <Checkbox checked={values.write} onChange={(e) => void setFieldValue('write', e.target.checked)} />
              }
              label={t('invitations.write')}
            />
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {t('invitations.add')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** The invited people: address, end day (expired marked), rights, remove. */
function InvitationTable({
  entries,
  today,
  onRemove,
}: {
  entries: VisibilityEntry[];
  today: string;
  onRemove: (address: string) => void;
}) {
  const { t } = useTranslation('business-data');
  return (
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
                    onClick={() => onRemove(e.email)}
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
  );
}
