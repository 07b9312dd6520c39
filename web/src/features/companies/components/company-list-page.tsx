import { useCallback, useMemo, useState } from 'react';
import { Button, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  COMPANY_SORT_COLUMNS,
  COMPANY_STATUSES,
  COMPANY_TYPES,
  companyStatus,
  type Company,
  type CompanySortColumn,
  type CompanyType,
} from '@model/company';
import { ListPage, type ListColumn, type ListExportRequest, type ListRequest } from '@/components/list-page';
import { paths } from '@/config/paths';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useDeleteCompanies } from '../api/delete-company';
import { exportCompanies } from '../api/export-companies';
import { getCompaniesQueryOptions } from '../api/get-companies';
import { useReleaseCompany } from '../api/update-company';
import { CompanyStatusChip } from './company-status-chip';
import { ReleaseCompanyDialog } from './release-company-dialog';

/** The company list, page by page from GET /company/filter (search, sort, type filter on the server). */
const companiesSource = {
  queryOptions: ({ filter, ...request }: ListRequest<CompanySortColumn>) =>
    getCompaniesQueryOptions({ ...request, types: filter as CompanyType[] | undefined }),
  sortColumns: COMPANY_SORT_COLUMNS,
  exportRows: ({ query: { filter, ...query }, ...request }: ListExportRequest<CompanySortColumn>) =>
    exportCompanies({ ...request, query: { ...query, types: filter as CompanyType[] | undefined } }),
};

/** /company (platform admin): search, filter by type, status with release of pending companies, multi-delete. */
export function CompanyListPage() {
  const { t } = useTranslation('companies');
  const navigate = useNavigate();
  const releaseCompany = useReleaseCompany();
  const deleteCompanies = useDeleteCompanies();
  const { mutateAsync: release } = releaseCompany;
  // the pending company whose release is being confirmed (the dialog asks for a missing customer number)
  const [releasing, setReleasing] = useState<Company | null>(null);

  const releaseConfirmed = useCallback(
    async (company: Company) => {
      try {
        await release(company);
        setReleasing(null);
        notify.success(t('released', { name: company.name }));
      } catch (error) {
        showError(error);
      }
    },
    [release, t],
  );

  const columns = useMemo<ListColumn<Company>[]>(
    () => [
      { id: 'name', labelKey: 'company.name', value: (c) => c.name },
      {
        id: 'type',
        labelKey: 'company.type',
        value: (c) => t(`company.types.${c.type}`),
        exportValues: Object.fromEntries(COMPANY_TYPES.map((type) => [type, t(`company.types.${type}`)])),
      },
      { id: 'customerNumber', labelKey: 'company.customerNumber', value: (c) => c.customerNumber ?? '' },
      { id: 'city', labelKey: 'company.city', value: (c) => c.address?.city ?? '' },
      {
        id: 'status',
        labelKey: 'company.statusLabel',
        value: (c) => t(`company.status.${companyStatus(c)}`),
        render: (c) => <CompanyStatusChip company={c} />,
        exportValues: Object.fromEntries(COMPANY_STATUSES.map((status) => [status, t(`company.status.${status}`)])),
      },
      { id: 'createDate', labelKey: 'company.createDate', value: (c) => c.createDate },
      {
        id: 'actions',
        labelKey: 'list.actions',
        action: true,
        render: (c) => (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<VisibilityIcon />}
              onClick={() => navigate(paths.companies.detail.getHref(c.id), { state: { company: c } })}
            >
              {t('list.display')}
            </Button>
            {companyStatus(c) === 'pending' && (
              <Button size="small" variant="outlined" color="success" onClick={() => setReleasing(c)}>
                {t('release')}
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    [navigate, t],
  );

  return (
    <>
      <ListPage
        title={t('title')}
        server={companiesSource}
        columns={columns}
        getRowId={(c) => c.id}
        onAdd={() => navigate(paths.companies.create.getHref())}
        bulkAction={{
          labelKey: 'list.delete',
          icon: <DeleteIcon />,
          confirmTitleKey: 'companies:deleteTitle',
          confirmTextKey: 'companies:deleteConfirm',
          runAll: (rows) => deleteCompanies.mutateAsync(rows.map((c) => c.id)),
          successKey: 'companies:deleted',
          errorKey: 'companies:deleteFailed',
        }}
        exportFileName="firmen"
        filter={{
          titleKey: 'companies:filterByType',
          options: COMPANY_TYPES.map((type) => ({ value: type, label: t(`company.types.${type}`) })),
        }}
        defaultSort={{ columnId: 'name', direction: 'asc' }}
        cardState="status"
      />
      <ReleaseCompanyDialog
        company={releasing}
        onCancel={() => setReleasing(null)}
        onRelease={releaseConfirmed}
        onOpenForm={(company) => navigate(paths.companies.detail.getHref(company.id), { state: { company } })}
      />
    </>
  );
}
