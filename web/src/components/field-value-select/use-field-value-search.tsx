import { useState, type HTMLAttributes, type Key } from 'react';
import { Box, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldValue, FieldValueKind } from '@model/catalogue';
import type { Page } from '@model/paging';
import { api } from '@/lib/api-client';
import { resource } from '@/lib/query-keys';
import { useDebouncedValue } from '../list-page/use-debounced-value';
import { matchedName } from './matched-name';

/** The API path of each kind (spec 02 §7). */
export const FIELD_VALUE_PATHS: Record<FieldValueKind, string> = {
  manufacturer: '/manufacturer',
  discountGroup: '/discountgroup',
  unit: '/unit',
  wholesaler: '/wholesaler',
};
/** How many matches the list offers; typing more narrows them. */
const PAGE_SIZE = 20;

/**
 * The server-side search behind the field-value selects: while the list is open, the typed text (after a pause)
 * goes to GET /<kind>/filter, which matches the display name, abbreviation and name variants by word prefix; the
 * first page of matches are the options. Returns the options and the Autocomplete props both selects share.
 */
export function useFieldValueSearch(kind: FieldValueKind) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 250);
  const found = useQuery({
    queryKey: resource('field-values', kind).list({ filter: search }),
    queryFn: () =>
      api.get<Page<FieldValue>>(`${FIELD_VALUE_PATHS[kind]}/filter`, {
        query: { search: search || undefined, paginationSize: PAGE_SIZE },
        toastOnError: true,
      }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return {
    options: found.data?.content ?? [],
    props: {
      open,
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
      onInputChange: (_e: unknown, text: string, reason: string) => setInput(reason === 'input' ? text : ''),
      filterOptions: (x: FieldValue[]) => x,
      getOptionLabel: (o: FieldValue) => o.displayName,
      isOptionEqualToValue: (a: FieldValue, b: FieldValue) => a.id === b.id,
      loading: open && found.isFetching,
      loadingText: t('common.loading'),
      noOptionsText: t('fieldValueSelect.none'),
      renderOption: ({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, option: FieldValue) => {
        const via = matchedName(option, input);
        return (
          <Box
            component="li"
            key={key}
            {...props}
            sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}
          >
            <span>{option.displayName}</span>
            {via && (
              <Typography variant="caption" color="text.secondary">
                {t('fieldValueSelect.via', { name: via })}
              </Typography>
            )}
          </Box>
        );
      },
    },
  };
}

/** The options plus the chosen items they lack, so an Autocomplete never holds a value it does not offer. */
export const withChosen = (options: FieldValue[], chosen: readonly FieldValue[]) => [
  ...options,
  ...chosen.filter((c) => !options.some((o) => o.id === c.id)),
];
