import { useMemo } from 'react';
import { Button, Paper, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isUserManager } from '@model/permissions';
import { mayFilterUsersByCompany } from '@model/permissions-users';
import { MAX_COMPANY_FILTER, USER_SORT_COLUMNS, type UserSortColumn } from '@model/user';
import { paths } from '@/config/paths';
import {
  ListPage,
  type BulkAction,
  type ListColumn,
  type ListExportRequest,
  type ListRequest,
  type ServerListFilter,
} from '@/components/list-page';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { formatDateTime } from '@/lib/format';
import { useDeleteUsers } from '../api/delete-user';
import { exportUsers } from '../api/export-users';
import { useCompanies } from '../api/get-companies';
import { useLastLogin } from '../api/get-last-login';
import { getUsersQueryOptions, type UserListItem } from '../api/get-users';

/** The user list, page by page from GET /user/filter (search, sort, company filter on the server). */
const usersSource = {
  queryOptions: ({ filter, ...request }: ListRequest<UserSortColumn>) =>
    getUsersQueryOptions({ ...request, companyIds: filter }),
  sortColumns: USER_SORT_COLUMNS,
  exportRows: ({ query: { filter, ...query }, ...request }: ListExportRequest<UserSortColumn>) =>
    exportUsers({ ...request, query: { ...query, companyIds: filter } }),
};

/** /user (spec 2): users of the own company, or all users for the admin company. */
export function UserListPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { user: me } = useCurrentUser();
  const adminCompany = me.company.type === 'ADMIN';
  const caller = principalOf(me);
  // the list is visible to every ADMIN-company user; adding, opening and deleting need a user manager
  const canManage = isUserManager(caller);
  // the company filter by the server's rule (every ADMIN-company user: his list holds every company's users)
  const companyFilter = mayFilterUsersByCompany(caller);
  const companies = useCompanies({ queryConfig: { enabled: companyFilter } });
  const lastLogin = useLastLogin({ queryConfig: { enabled: adminCompany } });
  const deleteUsers = useDeleteUsers();

  const columns = useMemo<ListColumn<UserListItem>[]>(
    () => [
      { id: 'lastname', labelKey: 'user.lastname', value: (u) => u.lastname },
      { id: 'name', labelKey: 'user.name', value: (u) => u.name },
      { id: 'mail', labelKey: 'user.mail', value: (u) => u.mail },
      ...(adminCompany
        ? [{ id: 'companyName', labelKey: 'user.company', value: (u: UserListItem) => u.company?.name ?? '' }]
        : []),
      { id: 'loginCounter', labelKey: 'user.loginCounter', value: (u) => u.loginCounter ?? 0, align: 'right' },
      { id: 'lastLoginAt', labelKey: 'user.lastLoginAt', value: (u) => u.lastLoginAt },
      {
        id: 'display',
        labelKey: 'list.actions',
        action: true,
        // /user/:id exists only for user managers (route table); others see the list only
        render: (u) =>
          canManage ? (
            <Button
              size="small"
              startIcon={<VisibilityIcon />}
              onClick={() => navigate(paths.users.detail.getHref(u.id), { state: { user: u } })}
            >
              {t('list.display')}
            </Button>
          ) : null,
      },
    ],
    [adminCompany, canManage, navigate, t],
  );

  const bulkAction: BulkAction<UserListItem> | undefined = canManage
    ? {
        labelKey: 'list.delete',
        icon: <DeleteIcon />,
        confirmTitleKey: 'users:deleteTitle',
        confirmTextKey: 'users:deleteConfirm',
        runAll: (rows) => deleteUsers.mutateAsync(rows.map((u) => u.id)),
        successKey: 'users:deleted',
        errorKey: 'users:deleteFailed',
      }
    : undefined;

  const filter: ServerListFilter | undefined = companyFilter
    ? {
        titleKey: 'users:filterByCompany',
        options: (companies.data ?? []).map((c) => ({ value: c.id, label: c.name })),
        max: MAX_COMPANY_FILTER,
      }
    : undefined;

  return (
    <ListPage
      title={t('title')}
      server={usersSource}
      columns={columns}
      getRowId={(u) => u.id}
      onAdd={canManage ? () => navigate(paths.users.create.getHref()) : undefined}
      bulkAction={bulkAction}
      exportFileName="benutzer"
      filter={filter}
      defaultSort={{ columnId: 'lastname', direction: 'asc' }}
    >
      {adminCompany && lastLogin.data?.mail && (
        <Paper sx={{ p: 1.5 }} data-testid="last-login">
          <Typography variant="body2">
            {t('lastLogin', { mail: lastLogin.data.mail, date: formatDateTime(lastLogin.data.lastLoginAt) })}
          </Typography>
        </Paper>
      )}
    </ListPage>
  );
}
