import { Divider, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import type { RecordPanelProps } from '@/lib/feature';
import { ApiError } from '@/lib/api-error';
import { useFolder } from '../api/get-folder';
import { DownloadLogSection } from './download-log-section';
import { accessOf } from './folder-access';
import { FolderFilesSection } from './folder-files-section';
import { FolderSettingsSection } from './folder-settings-section';
import { InvitationsSection } from './invitations-section';

/**
 * The project folder on the offer page (spec 2 "project-folder sidebar, settings, password reset, external-user
 * add"): its files for whoever may read them; for the admins of the offer's two companies the settings, the
 * password, the share link, the invitations and the download log. Links to the folder's own page and to the list
 * of folders shared with the caller (CUSTOMER and SUPPLIER users have no menu entry for it).
 */
export function OfferFolderPanel({ record: offer, caller }: RecordPanelProps<'offer'>) {
  const { t } = useTranslation('business-data');
  const { user } = useCurrentUser();
  const folder = useFolder({ offerId: offer.id });
  const view = folder.data;
  const links = (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={paths.businessData.detail.getHref(offer.id)}>
        {t('panel.open')}
      </Link>
      <Link component={RouterLink} to={paths.businessData.list.getHref()}>
        {t('panel.shared')}
      </Link>
    </Stack>
  );
  if (folder.isError) {
    const noRead = folder.error instanceof ApiError && folder.error.status === 403;
    return (
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">
          {t(noRead ? 'panel.noRead' : 'panel.unavailable')}
        </Typography>
        {links}
      </Stack>
    );
  }
  if (!view) return null;
  const access = accessOf(caller, user.mail, view);
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        {t(access.write ? 'folder.hintWrite' : 'folder.hintRead')}
      </Typography>
      <FolderFilesSection view={view} canWrite={access.write} />
      {links}
      {access.settings && (
        <>
          <Divider />
          <FolderSettingsSection view={view} />
          <Divider />
          <InvitationsSection view={view} />
          <Divider />
          <DownloadLogSection offerId={offer.id} />
        </>
      )}
    </Stack>
  );
}
