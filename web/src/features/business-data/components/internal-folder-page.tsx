import { Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { RecordError } from '@/components/errors/record-error';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { useFolder } from '../api/get-folder';
import { accessOf } from './folder-access';
import { FolderFilesSection } from './folder-files-section';

/**
 * /business-data/{id} signed in (spec 2 "Project folder views"): the folder of the offer (any version's id), its
 * files with upload where the caller may write, download (one file, or the selection as ZIP) and delete.
 */
export function InternalFolderPage() {
  const { t } = useTranslation('business-data');
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const folder = useFolder({ offerId: id });
  if (folder.isError) return <RecordError error={folder.error} backTo={paths.businessData.list.getHref()} />;
  const view = folder.data;
  const access = view && accessOf(principalOf(user), user.mail, view);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Button
          component={RouterLink}
          to={paths.businessData.list.getHref()}
          startIcon={<ArrowBackIcon />}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('folder.back')}
        </Button>
        <Typography variant="h1">
          {view ? t('folder.title', { ref: view.referenceNumber, number: view.offerNumber }) : t('title')}
        </Typography>
        {view && access && (
          <>
            <Typography variant="body2" color="text.secondary">
              {access.write ? t('folder.hintWrite') : t('folder.hintRead')}
            </Typography>
            <FolderFilesSection view={view} canWrite={access.write} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
