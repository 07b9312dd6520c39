import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RecordPanelProps } from '@/lib/feature';
import { useDigestSetting, useSaveDigestSetting } from '../api/digest-setting';

/**
 * The profile's switch for the e-mail digest of unread messages (issue 21 "beyond the spec"): at most one mail an
 * hour, for messages unread for 15 minutes.
 */
export function DigestSwitch(_props: RecordPanelProps<'profile'>) {
  const { t } = useTranslation('chat');
  const setting = useDigestSetting();
  const save = useSaveDigestSetting();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('digest.hint')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={setting.data?.enabled ?? false}
            disabled={!setting.data || save.isPending}
            onChange={(e) => save.mutate({ enabled: e.target.checked })}
          />
        }
        label={t('digest.label')}
      />
    </Stack>
  );
}
