import { useMemo } from 'react';
import { Button, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { COMPANY_TYPES, companyStatus, type Company } from '@model/company';
import { ListPage, type ListColumn } from '@/components/list-page';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useLoad } from '@/lib/use-load';
import { deleteCompany } from '../api/delete-company';
import { getCompanies } from '../api/get-companies';
import { releasableAsIs, releaseCompany } from '../api/update-company';
import { CompanyStatusChip } from './company-status-chip';

/** /company (platform admin): search, filter by type, status with release of pending companies, multi-delete. */
export function CompanyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companies = useLoad(getCompanies, [] as Company[]);

  const release = async (company: Company) => {
    if (!releasableAsIs(company)) {
      // e.g. a registered customer without customer number: complete the form, release there
      notify.info(t('companies.completeBeforeRelease'));
      navigate(`/company/${company.id}`, { state: { company } });
      return;
    }
    try {
      await releaseCompany(company);
      notify.success(t('companies.released', { name: company.name }));
      void companies.reload();
    } catch (error) {
      notify.error(errorText((error as { code?: string }).code ?? 'unknown'));
    }
  };

  const columns = useMemo<ListColumn<Company>[]>(
    () => [
      { id: 'name', labelKey: 'company.name', value: (c) => c.name },
      { id: 'type', labelKey: 'company.type', value: (c) => t(`company.types.${c.type}`) },
      { id: 'customerNumber', labelKey: 'company.customerNumber', value: (c) => c.customerNumber ?? '' },
      { id: 'city', labelKey: 'company.city', value: (c) => c.address?.city ?? '' },
      {
        id: 'status',
        labelKey: 'company.statusLabel',
        value: (c) => t(`company.status.${companyStatus(c)}`),
        render: (c) => <CompanyStatusChip company={c} />,
      },
      { id: 'createDate', labelKey: 'company.createDate', value: (c) => c.createDate },
      {
        id: 'actions',
        labelKey: 'list.actions',
        action: true,
        render: (c) => (
          <Stack direction="row" spacing={1}>
            <Button size="small" startIcon={<VisibilityIcon />} onClick={() => navigate(`/company/${c.id}`, { state: { company: c } })}>
              {t('list.display')}
            </Button>
            {companyStatus(c) === 'pending' && (
              <Button size="small" variant="outlined" color="success" onClick={() => void release(c)}>
                {t('companies.release')}
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, t],
  );

  return (
    <ListPage<Company>
      title={t('companies.title')}
      rows={companies.data}
      loading={companies.loading}
      columns={columns}
      getRowId={(c) => c.id}
      onAdd={() => navigate('/company/new')}
      bulkAction={{
        labelKey: 'list.delete',
        icon: <DeleteIcon />,
        confirmTitleKey: 'companies.deleteTitle',
        confirmTextKey: 'companies.deleteConfirm',
        run: (c) => deleteCompany(c.id),
        successKey: 'companies.deleted',
        errorKey: 'companies.deleteFailed',
      }}
      onReload={() => void companies.reload()}
      exportFileName="firmen"
      filter={{
        titleKey: 'companies.filterByType',
        options: COMPANY_TYPES.map((type) => ({ value: type, label: t(`company.types.${type}`) })),
        valueOf: (c) => c.type,
      }}
      defaultSort={{ columnId: 'name', direction: 'asc' }}
    />
  );
}
