import { useState } from 'react';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { nameKey, namesOf, type FieldValue, type FieldValueKind } from '@model/catalogue';
import { notify } from '@/lib/notify';
import { findByName } from '../api/find-by-name';

/**
 * The name variants of an item (spec 02 §5): trimmed; a name another item of the kind uses already gets the
 * variant-taken warning ('Diese Bezeichnung wird bereits verwendet.'), the item's own names are fine. Units are
 * checked through GET /unit/name as the spec says; the others against the loaded list (the server refuses a taken
 * name in the save transaction either way).
 */
export function NameVariantsField({
  kind,
  itemId,
  others,
}: {
  kind: FieldValueKind;
  itemId?: string;
  others: FieldValue[];
}) {
  const { t } = useTranslation('field-values');
  const formik = useFormikContext<{ displayName: string; nameVariants: string[]; manufacturerId?: string }>();
  const [input, setInput] = useState('');
  const list = formik.values.nameVariants;

  const add = async () => {
    const value = input.trim();
    if (!value) return;
    if ([formik.values.displayName, ...list].some((n) => nameKey(n) === nameKey(value))) return setInput('');
    const sameScope = (o: FieldValue) => kind !== 'discountGroup' || o.manufacturerId === formik.values.manufacturerId;
    const takenHere = others.some(
      (o) => o.id !== itemId && sameScope(o) && namesOf(o).some((n) => nameKey(n) === nameKey(value)),
    );
    const owner = kind === 'unit' && !takenHere ? await findByName('unit', value) : null;
    if (takenHere || (owner && owner.id !== itemId)) return notify.warn(t('variantTaken'));
    await formik.setFieldValue('nameVariants', [...list, value]);
    setInput('');
  };

  return (
    <Stack spacing={1} component="section" aria-label={t('field.nameVariants')}>
      <Typography variant="subtitle2">{t('field.nameVariants')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {list.map((n) => (
          <Chip
            key={n}
            label={n}
            onDelete={() =>
              void formik.setFieldValue(
                'nameVariants',
                list.filter((x) => x !== n),
              )
            }
          />
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          label={t('variantInput')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
        />
        <Button startIcon={<AddIcon />} disabled={!input.trim()} onClick={() => void add()}>
          {t('variantAdd')}
        </Button>
      </Stack>
    </Stack>
  );
}
