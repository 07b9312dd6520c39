import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { companyStatus } from '@model/company';
import { userSchema, type User } from '@model/user';
import { FormPage, FormSelectField, FormSwitch, FormTextField, type FormResult } from '@/components/form-page';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { useLoad } from '@/lib/use-load';
import { useRouteRecord } from '@/lib/use-route-record';
import { createUser } from '../api/create-user';
import { getCompanies } from '../api/get-companies';
import { getUser } from '../api/get-user';
import { updateUser } from '../api/update-user';

interface UserFormValues {
  name: string;
  lastname: string;
  mail: string;
  phoneNumber: string;
  admin: boolean;
  companyId: string;
}

/** Spec 8 for create: 409 -> mail in use; 412 and any other -> the generic create error. */
export function createUserErrorKey(error: unknown): string {
  return error instanceof ApiError && error.status === 409 ? 'users.mailInUse' : 'users.createFailed';
}

/** /user/:id ('new' = create). The admin company chooses the company among ACTIVE companies. */
export function UserFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useCurrentUser();
  const adminCompany = me.company.type === 'ADMIN';
  const { id, isNew, ...loaded } = useRouteRecord<User>('user', getUser);
  const companies = useLoad(() => (adminCompany ? getCompanies() : Promise.resolve([])), [], [adminCompany]);
  // only companies that accept users (active, released, not EXTERNAL) are offered; the user's current
  // company stays visible when editing
  const activeCompanies = companies.data.filter(
    (c) => (companyStatus(c) === 'active' && c.type !== 'EXTERNAL') || c.id === loaded.data?.companyId,
  );
  // nobody changes his own admin flag or company (the API ignores both for oneself)
  const own = !isNew && me.id === id;

  const schema = useMemo(
    () =>
      adminCompany
        ? userSchema.shape({ companyId: yup.string().trim().required('validation.required') })
        : userSchema,
    [adminCompany],
  );

  const u = loaded.data;
  const initialValues: UserFormValues = {
    name: u?.name ?? '',
    lastname: u?.lastname ?? '',
    mail: u?.mail ?? '',
    phoneNumber: u?.phoneNumber ?? '',
    admin: u?.admin ?? false,
    companyId: u?.companyId ?? (adminCompany ? '' : me.companyId),
  };

  const submit = async (values: UserFormValues): Promise<FormResult | void> => {
    const body = { ...values, mail: values.mail.trim().toLowerCase(), companyId: adminCompany ? values.companyId : me.companyId };
    if (isNew) {
      const result = await createUser(body);
      if (result.status === 200) return { level: 'warn', text: t('users.mailExternal') };
      navigate('/user');
      return { level: 'success', text: t('users.created') };
    }
    await updateUser({ ...body, id });
    navigate('/user');
  };

  return (
    <FormPage<UserFormValues>
      title={t(isNew ? 'users.createTitle' : 'users.editTitle')}
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={submit}
      loading={loaded.loading}
      backTo="/user"
      readOnly={!me.admin && me.id !== id}
      messages={{ success: 'users.saved', error: isNew ? createUserErrorKey : undefined }}
    >
      <FormTextField name="name" labelKey="user.name" required autoComplete="given-name" />
      <FormTextField name="lastname" labelKey="user.lastname" required autoComplete="family-name" />
      <FormTextField name="mail" labelKey="user.mail" type="email" required autoComplete="email" />
      <FormTextField name="phoneNumber" labelKey="user.phoneNumber" type="tel" required hintKey="user.phoneHint" />
      <FormSwitch name="admin" labelKey="user.admin" disabled={!me.admin || own} />
      {adminCompany && (
        <FormSelectField
          name="companyId"
          labelKey="user.company"
          required
          disabled={own}
          options={activeCompanies.map((c) => ({ value: c.id, label: c.name }))}
        />
      )}
    </FormPage>
  );
}
