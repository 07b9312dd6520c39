import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TableScrollRegion } from '@/components/table-scroll-region';

/** The columns of a BOM line (spec 02 §3 "BOM line") the mapping will fill. */
const ARTICLE_COLUMNS = ['orderNumber', 'manufacturerNumber', 'quantity', 'bmk'] as const;

/**
 * The article table of the BOM lines. Its rows come with the catalogue's BOM mapping (the BOM issue); until
 * then it is a real, empty table saying why it is empty.
 */
export function BomArticleTable() {
  const { t } = useTranslation('enquiries');
  return (
    <TableScrollRegion label={t('sections.articles')}>
      <Table size="small" aria-label={t('sections.articles')}>
        <TableHead>
          <TableRow>
            {ARTICLE_COLUMNS.map((column) => (
              <TableCell key={column}>{t(`articles.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell colSpan={ARTICLE_COLUMNS.length}>
              <Typography variant="body2" color="text.secondary" data-testid="articles-empty">
                {t('articles.empty')}
              </Typography>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}

/** The chat slot of a released enquiry: an empty, labelled area the chat issue fills. */
export function EnquiryChatSlot() {
  const { t } = useTranslation('enquiries');
  return (
    <Stack
      role="region"
      aria-label={t('sections.chat')}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 96 }}
      data-testid="chat-slot"
    >
      <Typography variant="body2" color="text.secondary">
        {t('chat.empty')}
      </Typography>
    </Stack>
  );
}
