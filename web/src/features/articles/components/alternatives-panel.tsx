import { useState } from 'react';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { normalisePartNumberKey } from '@model/bom/part-number';
import { notify } from '@/lib/notify';
import { numberOwner } from '../api/find-number-owner';
import type { ArticleFormValues } from './article-form-values';

type Kind = 'possibleOrderNumbers' | 'possibleManufacturerNumbers';
const MAIN: Record<Kind, 'orderNumber' | 'manufacturerNumber'> = {
  possibleOrderNumbers: 'orderNumber',
  possibleManufacturerNumbers: 'manufacturerNumber',
};

/**
 * One list of alternative numbers (spec 02 §5): the input is trimmed and disabled while the main number is empty;
 * a number equal to the main one or to an alternative (compared like the server: normalised) or held by another
 * article (POST /article/replace) gets the number-taken warning.
 */
function AlternativeList({ kind, articleId }: { kind: Kind; articleId?: string }) {
  const { t } = useTranslation('articles');
  const formik = useFormikContext<ArticleFormValues>();
  const [input, setInput] = useState('');
  const [checking, setChecking] = useState(false);
  const main = formik.values[MAIN[kind]];
  const list = formik.values[kind];

  const add = async () => {
    const value = input.trim();
    if (!value) return;
    const key = normalisePartNumberKey(value);
    if ([main, ...list].some((n) => normalisePartNumberKey(n) === key)) return notify.warn(t('alternatives.taken'));
    setChecking(true);
    try {
      const owner = await numberOwner(
        kind === 'possibleOrderNumbers'
          ? { orderNumber: value, matchId: articleId }
          : {
              manufacturerNumber: value,
              manufacturerId: formik.values.manufacturerId || undefined,
              matchId: articleId,
            },
      );
      if (owner) return notify.warn(t('alternatives.taken'));
      await formik.setFieldValue(kind, [...list, value]);
      setInput('');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t(`alternatives.${kind}`)}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {list.map((n) => (
          <Chip
            key={n}
            label={n}
            onDelete={() =>
              void formik.setFieldValue(
                kind,
                list.filter((x) => x !== n),
              )
            }
          />
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          label={t(`alternatives.add_${kind}`)}
          value={input}
          disabled={!main.trim()}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
        />
        <Button startIcon={<AddIcon />} disabled={!main.trim() || !input.trim() || checking} onClick={() => void add()}>
          {t('alternatives.add')}
        </Button>
      </Stack>
      {/* not the disabled field's helper text: its grey fails the contrast ratio (WCAG 1.4.3) */}
      {!main.trim() && (
        <Typography variant="body2" color="text.secondary">
          {t('alternatives.mainFirst')}
        </Typography>
      )}
    </Stack>
  );
}

/** The alternatives panel of the article form: alternative order numbers and manufacturer numbers. */
export function AlternativesPanel({ articleId }: { articleId?: string }) {
  const { t } = useTranslation('articles');
  return (
    <Stack spacing={2} component="section" aria-label={t('alternatives.title')}>
      <Typography variant="h2">{t('alternatives.title')}</Typography>
      <AlternativeList kind="possibleOrderNumbers" articleId={articleId} />
      <AlternativeList kind="possibleManufacturerNumbers" articleId={articleId} />
    </Stack>
  );
}
