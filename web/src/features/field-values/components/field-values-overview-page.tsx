import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FIELD_VALUE_LISTS, paths } from '@/config/paths';

/** /fieldvalues (spec 02 §2): a button to each of the four lists. */
export function FieldValuesOverviewPage() {
  const { t } = useTranslation('field-values');
  const navigate = useNavigate();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {FIELD_VALUE_LISTS.map((list) => (
          <Button key={list} variant="outlined" onClick={() => navigate(paths.fieldValues.list.getHref(list))}>
            {t(`${list}.title`)}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
