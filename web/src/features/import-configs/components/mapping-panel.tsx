import { MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ARTICLE_MAPPABLE_FIELDS, type ArticleMappableField } from '@model/bom/fields';

/** The chosen field per column (index of the header); '' = not mapped. */
export type ColumnFields = Record<number, ArticleMappableField | ''>;

interface MappingPanelProps {
  headers: string[];
  value: ColumnFields;
  onChange: (next: ColumnFields) => void;
}

/**
 * The mapping side panel (spec 02 §2 /import/config/{id}): one select per column of the sample's header row; a
 * field another column already uses is not offered again (each field at most once, as the server checks).
 */
export function MappingPanel({ headers, value, onChange }: MappingPanelProps) {
  const { t } = useTranslation('import-configs');
  const used = new Set(Object.values(value).filter(Boolean));
  return (
    <Paper
      component="section"
      aria-label={t('mapping.title')}
      sx={{ p: { xs: 2, sm: 3 }, width: { lg: 420 }, flexShrink: 0 }}
    >
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('mapping.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {headers.length ? t('mapping.hint') : t('mapping.empty')}
      </Typography>
      <Stack spacing={2}>
        {headers.map((header, index) => {
          const own = value[index] ?? '';
          return (
            <TextField
              key={index}
              select
              size="small"
              id={`mapping-${index}`}
              label={t('mapping.column', { index: index + 1, header: header || '–' })}
              value={own}
              onChange={(e) => onChange({ ...value, [index]: e.target.value as ArticleMappableField | '' })}
              slotProps={{ inputLabel: { shrink: true } }}
            >
              <MenuItem value="">
                <em>{t('mapping.notMapped')}</em>
              </MenuItem>
              {ARTICLE_MAPPABLE_FIELDS.filter((f) => f === own || !used.has(f)).map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`articleField.${f}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Stack>
    </Paper>
  );
}
