import { useState } from 'react';
import {
  Button,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  OutlinedInput,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import {
  FOLDER_TYPES,
  type FolderRights,
  type FolderSettings,
  type FolderType,
  type FolderView,
} from '@model/business-data';
import { paths } from '@/config/paths';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useSaveFolderSettings } from '../api/save-folder-settings';
import { PasswordDialog } from './password-dialog';

/** The choices per company type: a right pair, or "follows the invitations" (the setting absent). */
const CHOICES = ['readWrite', 'read', 'none', 'invitation'] as const;
type Choice = (typeof CHOICES)[number];

function choiceOf(rights: FolderRights | undefined): Choice {
  if (!rights) return 'invitation';
  if (rights.read && rights.write) return 'readWrite';
  return rights.read ? 'read' : 'none';
}

function rightsOf(choice: Choice): FolderRights | null {
  if (choice === 'invitation') return null;
  return { read: choice !== 'none', write: choice === 'readWrite' };
}

interface Draft {
  allowExternal: boolean;
  allowAnonymous: boolean;
  types: Record<FolderType, Choice>;
}

const draftOf = (s: FolderSettings): Draft => ({
  allowExternal: s.allowExternal,
  allowAnonymous: s.allowAnonymous,
  types: { CUSTOMER: choiceOf(s.types.CUSTOMER), SUPPLIER: choiceOf(s.types.SUPPLIER) },
});

/**
 * The project-folder settings of the offer's admins (spec 2 "settings, a password reset", §4: turning anonymous
 * access on without a password opens the password step first), with the share link `{host}/business-data/{offerId}`
 * and its copy button once the password link is open.
 */
export function FolderSettingsSection({ view }: { view: FolderView }) {
  const { t } = useTranslation('business-data');
  const save = useSaveFolderSettings();
  const settings = view.facts.settings;
  // the user's unsaved edits over the folder as last answered (another admin's change shows where nothing was edited)
  const [edits, setEdits] = useState<Partial<Draft>>({});
  const stored = draftOf(settings);
  const draft: Draft = { ...stored, ...edits, types: { ...stored.types, ...edits.types } };
  const setDraft = (next: Draft) => setEdits(next);
  const [passwordStep, setPasswordStep] = useState<'none' | 'set' | 'forAnonymous'>('none');

  /** `passwordSet`: the password step just ran (the folder's answer may not be rendered yet) */
  const submit = async (next: Draft, passwordSet = false) => {
    if (next.allowAnonymous && !settings.hasPassword && !passwordSet) return setPasswordStep('forAnonymous');
    try {
      await save.mutateAsync({
        offerId: view.offerId,
        allowExternal: next.allowExternal,
        allowAnonymous: next.allowAnonymous,
        types: { CUSTOMER: rightsOf(next.types.CUSTOMER), SUPPLIER: rightsOf(next.types.SUPPLIER) },
      });
      setEdits({});
      notify.success(t('settings.saved'));
    } catch (error) {
      showError(error);
    }
  };

  const link = `${window.location.origin}${paths.businessData.detail.getHref(view.offerId)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(t('settings.linkCopied'));
    } catch {
      notify.error(t('settings.linkCopyFailed'));
    }
  };

  return (
    <Stack spacing={2} data-testid="folder-settings">
      <Typography variant="h3" component="h3">
        {t('settings.title')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={draft.allowExternal}
            onChange={(e) => setDraft({ ...draft, allowExternal: e.target.checked })}
          />
        }
        label={t('settings.allowExternal')}
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.allowAnonymous}
            onChange={(e) => setDraft({ ...draft, allowAnonymous: e.target.checked })}
          />
        }
        label={t('settings.allowAnonymous')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {FOLDER_TYPES.map((type) => (
          <TextField
            key={type}
            select
            label={t(`settings.types.${type}`)}
            value={draft.types[type]}
            onChange={(e) => setDraft({ ...draft, types: { ...draft.types, [type]: e.target.value as Choice } })}
            sx={{ minWidth: 240 }}
          >
            {CHOICES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`settings.choices.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => void submit(draft)} disabled={save.isPending}>
          {t('settings.save')}
        </Button>
        <Button onClick={() => setPasswordStep('set')}>
          {t(settings.hasPassword ? 'password.reset' : 'password.create')}
        </Button>
      </Stack>
      {settings.allowAnonymous && settings.hasPassword && (
        <Stack spacing={1}>
          <Typography variant="body2">{t('settings.shareLink')}</Typography>
          <OutlinedInput
            value={link}
            readOnly
            inputProps={{ 'aria-label': t('settings.shareLink') }}
            endAdornment={
              <InputAdornment position="end">
                <Tooltip title={t('settings.copyLink')}>
                  <IconButton aria-label={t('settings.copyLink')} onClick={() => void copy()}>
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            }
          />
        </Stack>
      )}
      <PasswordDialog
        offerId={view.offerId}
        open={passwordStep !== 'none'}
        reset={settings.hasPassword}
        onClose={() => setPasswordStep('none')}
        onDone={passwordStep === 'forAnonymous' ? () => submit(draft, true) : undefined}
      />
    </Stack>
  );
}
