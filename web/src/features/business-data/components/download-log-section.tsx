import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TableScrollRegion } from '@/components/table-scroll-region';
import { formatDateTime } from '@/lib/format';
import { useDownloadLog } from '../api/get-download-log';

/**
 * The download log of the offer's admins ("beyond the spec"): who (a user's name and e-mail, or the password link)
 * downloaded which file when - never a network address - with the counts per person.
 */
export function DownloadLogSection({ offerId }: { offerId: string }) {
  const { t } = useTranslation('business-data');
  const log = useDownloadLog({ offerId });
  const data = log.data;
  const who = (name: string, email?: string) =>
    name ? (email && email !== name ? `${name} (${email})` : name) : t('log.anonymous');
  return (
    <Stack spacing={2} data-testid="folder-log">
      <Typography variant="h3" component="h3">
        {t('log.title')}
      </Typography>
      {data && data.perPerson.length > 0 && (
        <Typography variant="body2">
          {data.perPerson.map((p) => `${p.key === 'anonymous' ? t('log.anonymous') : p.name}: ${p.count}`).join(' · ')}
          {!data.complete && ` ${t('log.incomplete')}`}
        </Typography>
      )}
      <TableScrollRegion label={t('log.title')}>
        <Table size="small" aria-label={t('log.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('log.when')}</TableCell>
              <TableCell>{t('log.who')}</TableCell>
              <TableCell>{t('log.file')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.entries ?? []).map((e, i) => (
              <TableRow key={`${e.itemId}-${String(e.at)}-${i}`}>
                <TableCell>{formatDateTime(e.at)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {e.by.kind === 'user' ? who(e.by.name, e.by.email) : t('log.anonymous')}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.filename}</TableCell>
              </TableRow>
            ))}
            {!log.isPending && !data?.entries.length && (
              <TableRow>
                <TableCell colSpan={3}>{t('log.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableScrollRegion>
    </Stack>
  );
}
