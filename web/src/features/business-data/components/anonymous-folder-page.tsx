import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { PublicFolderView } from '@model/business-data';
import { TextInput } from '@/components/form-page/text-input';
import { TableScrollRegion } from '@/components/table-scroll-region';
import { WRAP_WORDS } from '@/components/record-summary/wrap-words';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { checkFolderPassword, downloadPublicFile, downloadPublicZip, getPublicFolder } from '../api/public-folder';

/** The folder token of this tab (a reload keeps the access until the token ends). */
const tokenKey = (offerId: string) => `schrankwerk.folderToken.${offerId}`;

/** Toasts only when one is needed: the page loads the toast machinery with its first message. */
async function toastError(text: string) {
  (await import('@/lib/notify')).notify.error(text);
}

/** The password form (and the way to the invitees' sign-in). */
function PasswordForm(props: {
  id: string;
  password: string;
  onPassword: (password: string) => void;
  /** why the last try failed */
  failed: string | undefined;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation('business-data');
  const { id, password, onPassword, failed, busy, onSubmit } = props;
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onSubmit}>
      <Typography variant="h2" component="h1">
        {t('anonymous.title')}
      </Typography>
      <Typography>{t('anonymous.intro')}</Typography>
      <TextInput
        id="folder-password"
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('anonymous.password')}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={Boolean(failed)}
        helperText={failed}
        required
      />
      <Button type="submit" variant="contained" disabled={busy || !password} sx={{ alignSelf: 'flex-start' }}>
        {t('anonymous.open')}
      </Button>
      <Link component={RouterLink} to={paths.businessData.invite.getHref(id)}>
        {t('anonymous.inviteLogin')}
      </Link>
    </Stack>
  );
}

type FolderItemView = PublicFolderView['items'][number];

/** The folder's files: select, name (on a phone with date and counter under it), downloads, last update, download. */
function FolderFiles({
  folder,
  selected,
  onSelect,
  onDownload,
}: {
  folder: PublicFolderView;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onDownload: (item: FolderItemView) => void;
}) {
  const { t } = useTranslation('business-data');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const all = folder.items.length > 0 && selected.length === folder.items.length;
  const toggle = (itemId: string) =>
    onSelect(selected.includes(itemId) ? selected.filter((x) => x !== itemId) : [...selected, itemId]);
  return (
    <TableScrollRegion label={t('anonymous.files')}>
      <Table size="small" aria-label={t('anonymous.files')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={selected.length > 0 && !all}
                disabled={!folder.items.length}
                onChange={() => onSelect(all ? [] : folder.items.map((i) => i.id))}
                slotProps={{ input: { 'aria-label': t('files:table.selectAll') } }}
              />
            </TableCell>
            <TableCell sx={{ width: '100%' }}>{t('files:table.name')}</TableCell>
            {!phone && <TableCell align="right">{t('files:table.downloads')}</TableCell>}
            {!phone && <TableCell>{t('anonymous.lastUpdate')}</TableCell>}
            <TableCell align="right">{t('files:table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {folder.items.map((item) => (
            <TableRow key={item.id} data-testid="folder-row" hover>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.includes(item.id)}
                  onChange={() => toggle(item.id)}
                  slotProps={{ input: { 'aria-label': t('files:table.select', { name: item.filename }) } }}
                />
              </TableCell>
              <TableCell sx={WRAP_WORDS}>
                {item.filename}
                {/* on a phone date and counter go under the name: the name keeps the width, the button stays in view */}
                {phone && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {formatDateTime(item.lastUpdate)} ·{' '}
                    {t('files:table.downloadCount', { count: item.downloadCounter })}
                  </Typography>
                )}
              </TableCell>
              {!phone && <TableCell align="right">{item.downloadCounter}</TableCell>}
              {!phone && <TableCell>{formatDateTime(item.lastUpdate)}</TableCell>}
              <TableCell align="right">
                <IconButton
                  aria-label={t('files:table.downloadNamed', { name: item.filename })}
                  onClick={() => onDownload(item)}
                >
                  <DownloadIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {!folder.items.length && (
            <TableRow>
              <TableCell colSpan={phone ? 3 : 5}>{t('files:table.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}

/**
 * /business-data/{id} signed out (spec 2, §7 check, §8): the password form or the invitation sign-in; after a correct
 * password the file table (name, download counter, last update) with a selection and "download selected" (one ZIP;
 * 'selectedEmpty' without a selection). 403 wrong password; 412 (anonymous access off, or no such folder) says
 * 'notAllowed' and goes to /. Every later call carries the folder token; when it no longer counts (new password,
 * access turned off, expired) the password form returns. Plain state, no TanStack Query (delivery budget).
 */
export function AnonymousFolderPage() {
  const { t } = useTranslation('business-data');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => sessionStorage.getItem(tokenKey(id)) ?? undefined);
  const [folder, setFolder] = useState<PublicFolderView>();
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  const forget = useCallback(() => {
    sessionStorage.removeItem(tokenKey(id));
    setToken(undefined);
    setFolder(undefined);
    setSelected([]);
  }, [id]);

  const fail = useCallback(
    async (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'unknown';
      if (code === 'folderTokenInvalid') {
        forget();
        setFailed(t('errors.folderTokenInvalid'));
        return;
      }
      if (code === 'notAllowed') {
        await toastError(t('errors.notAllowed'));
        navigate(paths.home.getHref(), { replace: true });
        return;
      }
      const { errorMessage } = await import('@/lib/errors');
      const text = errorMessage(error);
      setFailed(text);
      await toastError(text);
    },
    [forget, navigate, t],
  );

  // a token of this tab: show the folder at once (or the form again when it no longer counts)
  useEffect(() => {
    if (!token || folder) return;
    getPublicFolder(id, token).then(setFolder, fail);
  }, [id, token, folder, fail]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    setFailed(undefined);
    try {
      const answer = await checkFolderPassword(id, password);
      sessionStorage.setItem(tokenKey(id), answer.token);
      setToken(answer.token);
      setFolder(answer.folder);
      setPassword('');
    } catch (error) {
      await fail(error);
    } finally {
      setBusy(false);
    }
  };

  const download = async (run: () => Promise<unknown>) => {
    try {
      await run();
      setFolder(await getPublicFolder(id, token!));
    } catch (error) {
      await fail(error);
    }
  };
  const downloadSelected = async () => {
    if (!selected.length) return toastError(t('files:selectedEmpty'));
    await download(() => downloadPublicZip(id, token!, selected));
  };

  if (!token || !folder) {
    return (
      <PasswordForm
        id={id}
        password={password}
        onPassword={setPassword}
        failed={failed}
        busy={busy}
        onSubmit={(e) => void submit(e)}
      />
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h1">
        {t('anonymous.folderTitle', { ref: folder.referenceNumber })}
      </Typography>
      <Button
        variant="contained"
        startIcon={<DownloadIcon />}
        onClick={() => void downloadSelected()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('anonymous.downloadSelected')}
      </Button>
      <FolderFiles
        folder={folder}
        selected={selected}
        onSelect={setSelected}
        onDownload={(item) => void download(() => downloadPublicFile(id, token, item))}
      />
    </Stack>
  );
}
