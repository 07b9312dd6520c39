import { useState, type ReactNode } from 'react';
import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FieldValue, FieldValueKind } from '@model/catalogue';
import { api } from '@/lib/api-client';
import { resource } from '@/lib/query-keys';
import { FIELD_VALUE_PATHS, useFieldValueSearch, withChosen } from './use-field-value-search';

export interface FieldValueSelectProps {
  kind: FieldValueKind;
  /** the chosen item's id; '' or undefined: none */
  value: string | undefined;
  onChange: (item: FieldValue | null) => void;
  label: string;
  id?: string;
  name?: string;
  error?: boolean;
  helperText?: ReactNode;
  /** the label's asterisk */
  required?: boolean;
  onBlur?: () => void;
  sx?: SxProps<Theme>;
}

/**
 * Choosing a manufacturer, unit, discount group or wholesaler (issue 32): the user types any of its names — the
 * display name, the abbreviation or a name variant ("PXC", "Phoenix" find "Phoenix Contact") — and the server
 * answers the first page of matches (useFieldValueSearch); a match by a variant shows that variant under the name.
 * The one way a field value is chosen or filtered on the web (several at once: FieldValueMultiSelect).
 */
export function FieldValueSelect({ kind, value, onChange, label, helperText, sx, ...field }: FieldValueSelectProps) {
  const { options, props } = useFieldValueSearch(kind);
  const [picked, setPicked] = useState<FieldValue | null>(null);
  const known = picked?.id === value ? picked : options.find((o) => o.id === value);
  // a preset id (a saved article's unit) is read once to show its name
  const chosen = useQuery({
    queryKey: resource('field-values', kind).detail(value ?? ''),
    queryFn: () => api.get<FieldValue>(`${FIELD_VALUE_PATHS[kind]}/`, { query: { id: value } }),
    enabled: !!value && !known,
  });
  const selected = (value && (known ?? chosen.data)) || null;
  return (
    <Autocomplete<FieldValue, false, false, false>
      {...props}
      id={field.id}
      options={withChosen(options, selected ? [selected] : [])}
      value={selected}
      onChange={(_e, item: FieldValue | null) => {
        setPicked(item);
        onChange(item);
      }}
      onBlur={field.onBlur}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={label}
          error={field.error}
          helperText={helperText}
          required={field.required}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}

/** Several field values (the article export's manufacturers), found like FieldValueSelect; at most `max`. */
export function FieldValueMultiSelect({
  kind,
  value,
  onChange,
  label,
  helperText,
  max,
}: {
  kind: FieldValueKind;
  value: FieldValue[];
  onChange: (items: FieldValue[]) => void;
  label: string;
  helperText?: ReactNode;
  max: number;
}) {
  const { options, props } = useFieldValueSearch(kind);
  return (
    <Autocomplete<FieldValue, true, false, false>
      {...props}
      multiple
      options={withChosen(options, value)}
      value={value}
      onChange={(_e, list: FieldValue[]) => onChange(list.slice(0, max))}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
