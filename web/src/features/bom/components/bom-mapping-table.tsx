import { Box, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BOM_MAPPABLE_FIELDS, type BomMappableField } from '@model/bom/fields';

export type Choice = BomMappableField | '';

export interface BomMappingTableProps {
  headers: string[];
  /** the field chosen for each column ('' none) */
  choices: Choice[];
  onChange: (choices: Choice[]) => void;
}

/** The Map panel's table: one row per named column with its article field (a field used by another column is not offered). */
export function BomMappingTable({ headers, choices, onChange }: BomMappingTableProps) {
  const { t } = useTranslation('bom');
  const used = new Set(choices.filter(Boolean));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('mapping.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('mapping.column')}</TableCell>
            <TableCell>{t('mapping.field')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {headers.map((header, col) =>
            header.trim() ? (
              <TableRow key={col}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{header}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    value={choices[col] ?? ''}
                    label={header}
                    onChange={(e) => onChange(choices.map((v, i) => (i === col ? (e.target.value as Choice) : v)))}
                  >
                    <MenuItem value="">{t('mapping.none')}</MenuItem>
                    {BOM_MAPPABLE_FIELDS.filter((f) => f === choices[col] || !used.has(f)).map((f) => (
                      <MenuItem key={f} value={f}>
                        {t(`fields.${f}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            ) : null,
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
