import { useMemo } from 'react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { __UPPER___SORT_COLUMNS, type __Pascal__Record, type __Pascal__SortColumn } from '@model/__kebab__';
import { ListPage, type ListColumn, type ListRequest } from '@/components/list-page';
import { get__Pascal__ListQueryOptions } from '../api/get-__kebab__-list';
import { __camel__Paths } from '../paths';

/** The list, page by page from GET /__kebab__/filter (search and sort on the server). */
const __camel__Source = {
  queryOptions: ({ filter: _filter, ...request }: ListRequest<__Pascal__SortColumn>) =>
    get__Pascal__ListQueryOptions(request),
  sortColumns: __UPPER___SORT_COLUMNS,
};

/** /__kebab__ (platform admin): search, sort, pages; each row opens its record. */
export function __Pascal__ListPage() {
  const { t } = useTranslation('__kebab__');
  const navigate = useNavigate();
  const columns = useMemo<ListColumn<__Pascal__Record>[]>(
    () => [
      { id: 'title', labelKey: '__kebab__:field.title', value: (r) => r.title },
      { id: 'note', labelKey: '__kebab__:field.note', value: (r) => r.note },
      { id: 'lastUpdate', labelKey: '__kebab__:field.lastUpdate', value: (r) => r.lastUpdate },
      {
        id: 'display',
        labelKey: 'list.actions',
        action: true,
        render: (r) => (
          <Button
            size="small"
            startIcon={<VisibilityIcon />}
            aria-label={t('displayNamed', { title: r.title })}
            onClick={() => navigate(__camel__Paths.record.getHref(r.id), { state: { record: r } })}
          >
            {t('list.display')}
          </Button>
        ),
      },
    ],
    [navigate, t],
  );
  return (
    <ListPage
      title={t('title')}
      server={__camel__Source}
      columns={columns}
      getRowId={(r) => r.id}
      defaultSort={{ columnId: 'title', direction: 'asc' }}
      cardTitle="title"
    />
  );
}
