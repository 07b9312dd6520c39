import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '@model/paging';
import { nextPageSize, pageButtons } from './list-utils';

/** Below the list: the page size (cycling 5..30), the total, at most 6 page buttons with ellipses. */
export function ListPagination({
  page,
  pages,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pages: number;
  pageSize: PageSize;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ p: 1, alignItems: 'center', flexWrap: 'wrap' }}
      component="nav"
      aria-label={t('list.pagination')}
    >
      <Button
        size="small"
        onClick={() => onPageSize(nextPageSize(pageSize))}
        // the visible text must be part of the name (WCAG 2.5.3 label in name)
        aria-label={`${t('list.pageSize')}: ${t('list.perPage', { count: pageSize })}`}
      >
        {t('list.perPage', { count: pageSize })}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
        {t('list.total', { count: total })}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      {pageButtons(page, pages).map((b) =>
        typeof b === 'number' ? (
          <Button
            key={b}
            size="small"
            variant={b === page ? 'contained' : 'text'}
            onClick={() => onPage(b)}
            aria-label={t('list.page', { page: b + 1 })}
            aria-current={b === page ? 'page' : undefined}
            sx={{ minWidth: 36 }}
          >
            {b + 1}
          </Button>
        ) : (
          <Typography key={b} sx={{ px: 0.5 }} data-testid="ellipsis">
            …
          </Typography>
        ),
      )}
    </Stack>
  );
}
