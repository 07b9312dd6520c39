import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ARTICLE_COLUMNS, type Article, type ArticleColumn } from '@model/catalogue';
import { FieldValueSelect } from '@/components/field-value-select';
import { ListPage, type BulkAction, type ListColumn, type ListRequest } from '@/components/list-page';
import { PageSections } from '@/components/page-sections';
import { paths } from '@/config/paths';
import { formatEur, formatNumber } from '@/lib/format';
import { useDeleteArticles } from '../api/delete-articles';
import { articlesQueryOptions } from '../api/get-articles';

/** What the manufacturer form's to-articles button passes (navigation state). */
export interface ArticleListState {
  manufacturerId?: string;
}

const sizeColumn = (id: 'width' | 'height' | 'depth' | 'weight'): ListColumn<Article> => ({
  id,
  labelKey: `articles:field.${id}`,
  value: (a) => a[id],
  text: (a) => formatNumber(a[id]),
  align: 'right',
});

/**
 * /article (spec 02 §2): the catalogue page by page from GET /article/filter: sortable columns, the order-number
 * search sent on Enter, a searchable manufacturer filter (preset by the manufacturer form), multi-delete.
 */
export function ArticleListPage() {
  const { t } = useTranslation('articles');
  const navigate = useNavigate();
  const preset = (useLocation().state as ArticleListState | null)?.manufacturerId;
  const [manufacturer, setManufacturer] = useState<string | undefined>(preset);
  const deleteArticles = useDeleteArticles();

  const source = useMemo(
    () => ({
      queryOptions: ({ search, filter: _filter, ...request }: ListRequest<ArticleColumn>) =>
        articlesQueryOptions({ ...request, orderNumber: search, manufacturer }),
      sortColumns: ARTICLE_COLUMNS,
    }),
    [manufacturer],
  );

  const columns = useMemo<ListColumn<Article>[]>(
    () => [
      { id: 'manufacturer', labelKey: 'articles:field.manufacturer', value: (a) => a.manufacturerName },
      { id: 'manufacturerNumber', labelKey: 'articles:field.manufacturerNumber', value: (a) => a.manufacturerNumber },
      { id: 'orderNumber', labelKey: 'articles:field.orderNumber', value: (a) => a.orderNumber },
      {
        id: 'listPrice',
        labelKey: 'articles:field.listPrice',
        value: (a) => a.listPrice,
        text: (a) => formatEur(a.listPrice),
        align: 'right',
      },
      sizeColumn('width'),
      sizeColumn('height'),
      sizeColumn('depth'),
      sizeColumn('weight'),
      {
        id: 'display',
        labelKey: 'list.actions',
        action: true,
        render: (a) => (
          <Button
            size="small"
            startIcon={<VisibilityIcon />}
            aria-label={t('list.displayNamed', { number: a.orderNumber ?? a.manufacturerNumber })}
            onClick={() => navigate(paths.articles.detail.getHref(a.id))}
          >
            {t('list.display')}
          </Button>
        ),
      },
    ],
    [navigate, t],
  );

  const bulkAction: BulkAction<Article> = {
    labelKey: 'list.delete',
    icon: <DeleteIcon />,
    confirmTitleKey: 'articles:deleteTitle',
    confirmTextKey: 'articles:deleteConfirm',
    runAll: (rows) => deleteArticles.mutateAsync(rows.map((a) => a.id)),
    successKey: 'articles:deleted',
    errorKey: 'articles:deleteFailed',
  };

  return (
    <>
      <ListPage
        title={t('title')}
        server={source}
        columns={columns}
        getRowId={(a) => a.id}
        onAdd={() => navigate(paths.articles.detail.getHref('new'))}
        bulkAction={bulkAction}
        searchLabelKey="articles:list.search"
        searchOnEnter
        defaultSort={{ columnId: 'orderNumber', direction: 'asc' }}
        cardTitle="orderNumber"
      >
        <FieldValueSelect
          kind="manufacturer"
          value={manufacturer}
          onChange={(m) => setManufacturer(m?.id)}
          label={t('list.manufacturerFilter')}
          sx={{ maxWidth: { sm: 360 } }}
        />
      </ListPage>
      {/* sections other features contribute (the import and export panels: features/article-transfer) */}
      <PageSections page="articles" />
    </>
  );
}
