import { useMemo } from 'react';
import { Button, Paper, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { User } from '@model/user';
import { ListPage, type BulkAction, type ListColumn, type ListFilter } from '@/components/list-page';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { formatDateTime } from '@/lib/format';
import { useLoad } from '@/lib/use-load';
import { deleteUser } from '../api/delete-user';
import { getCompanies } from '../api/get-companies';
import { getLastLogin, type GetLastLoginResponse } from '../api/get-last-login';
import { getUsers } from '../api/get-users';

/** /user (spec 2): users of the own company, or all users for the admin company. */
export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useCurrentUser();
  const adminCompany = me.company.type === 'ADMIN';
  const canManage = me.admin;
  const users = useLoad(getUsers, [] as User[]);
  const companies = useLoad(() => (adminCompany ? getCompanies() : Promise.resolve([])), [], [adminCompany]);
  const lastLogin = useLoad<GetLastLoginResponse>(() => (adminCompany ? getLastLogin() : Promise.resolve({})), {}, [adminCompany]);

  const columns = useMemo<ListColumn<User>[]>(
    () => [
      { id: 'lastname', labelKey: 'user.lastname', value: (u) => u.lastname },
      { id: 'name', labelKey: 'user.name', value: (u) => u.name },
      { id: 'mail', labelKey: 'user.mail', value: (u) => u.mail },
      ...(adminCompany ? [{ id: 'company', labelKey: 'user.company', value: (u: User) => u.company?.name ?? '' }] : []),
      { id: 'loginCounter', labelKey: 'user.loginCounter', value: (u) => u.loginCounter ?? 0, align: 'right' },
      { id: 'lastLoginAt', labelKey: 'user.lastLoginAt', value: (u) => u.lastLoginAt },
      {
        id: 'display',
        labelKey: 'list.actions',
        action: true,
        // /user/:id exists only for users with the admin flag (route table); others see the list only
        render: (u) =>
          canManage ? (
            <Button size="small" startIcon={<VisibilityIcon />} onClick={() => navigate(`/user/${u.id}`, { state: { user: u } })}>
              {t('list.display')}
            </Button>
          ) : null,
      },
    ],
    [adminCompany, canManage, navigate, t],
  );

  const bulkAction: BulkAction<User> | undefined = canManage
    ? {
        labelKey: 'list.delete',
        icon: <DeleteIcon />,
        confirmTitleKey: 'users.deleteTitle',
        confirmTextKey: 'users.deleteConfirm',
        run: (u) => deleteUser(u.id),
        successKey: 'users.deleted',
        errorKey: 'users.deleteFailed',
      }
    : undefined;

  const filter: ListFilter<User> | undefined = adminCompany
    ? {
        titleKey: 'users.filterByCompany',
        options: companies.data.map((c) => ({ value: c.id, label: c.name })),
        valueOf: (u) => u.companyId,
      }
    : undefined;

  return (
    <ListPage<User>
      title={t('users.title')}
      rows={users.data}
      loading={users.loading}
      columns={columns}
      getRowId={(u) => u.id}
      onAdd={canManage ? () => navigate('/user/new') : undefined}
      bulkAction={bulkAction}
      onReload={() => void users.reload()}
      exportFileName="benutzer"
      filter={filter}
      defaultSort={{ columnId: 'lastname', direction: 'asc' }}
    >
      {adminCompany && lastLogin.data.mail && (
        <Paper sx={{ p: 1.5 }} data-testid="last-login">
          <Typography variant="body2">
            {t('users.lastLogin', { mail: lastLogin.data.mail, date: formatDateTime(lastLogin.data.lastLoginAt) })}
          </Typography>
        </Paper>
      )}
    </ListPage>
  );
}
