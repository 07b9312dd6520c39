import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import * as yup from 'yup';
import { acceptsUsers } from '@model/company';
import { canEditUser } from '@model/permissions-users';
import { userSchema, type User, type UserInput } from '@model/user';
import { RecordError } from '@/components/errors/record-error';
import { FormPage, FormSelectField, FormSwitch, FormTextField, type FormResult } from '@/components/form-page';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { useCreateUser } from '../api/create-user';
import { useCompanies } from '../api/get-companies';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';

/** The form's values: the model's user form (every field present, strings for the inputs). */
type UserFormValues = Required<Omit<UserInput, 'id'>>;

/** Spec 8 for create: 409 -> mail in use; 412 and any other -> the generic create error. */
export function createUserErrorKey(error: unknown): string {
  return error instanceof ApiError && error.status === 409 ? 'users:mailInUse' : 'users:createFailed';
}

/** /user/:id ('new' = create). The admin company chooses the company among companies that accept users. */
export function UserFormPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { user: me } = useCurrentUser();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  // a row passed by the list (navigation state) is shown at once instead of being loaded again
  const fromList = (useLocation().state as { user?: User } | null)?.user;
  const loaded = useUser({
    id,
    initialData: fromList?.id === id ? fromList : undefined,
    queryConfig: { enabled: !isNew },
  });
  const adminCompany = me.company.type === 'ADMIN';
  const companies = useCompanies({ queryConfig: { enabled: adminCompany } });
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const u = isNew ? undefined : loaded.data;
  // the user's current company stays visible when editing, even if it accepts no new users
  const companyOptions = (companies.data ?? []).filter((c) => acceptsUsers(c) || c.id === u?.companyId);
  // nobody changes his own admin flag or company (the API ignores both for oneself)
  const own = !isNew && me.id === id;
  const mayEdit = u ? canEditUser(principalOf(me), u) : isNew;

  const schema = useMemo(
    () =>
      adminCompany ? userSchema.shape({ companyId: yup.string().trim().required('validation.required') }) : userSchema,
    [adminCompany],
  );

  const initialValues: UserFormValues = {
    name: u?.name ?? '',
    lastname: u?.lastname ?? '',
    mail: u?.mail ?? '',
    phoneNumber: u?.phoneNumber ?? '',
    customerDesignation: u?.customerDesignation ?? '',
    admin: u?.admin ?? false,
    companyId: u?.companyId ?? (adminCompany ? '' : me.companyId),
  };

  const submit = async (values: UserFormValues): Promise<FormResult | void> => {
    const body = {
      ...values,
      mail: values.mail.trim().toLowerCase(),
      // empty: none (the update removes a designation the body does not carry)
      customerDesignation: values.customerDesignation.trim() || undefined,
      companyId: adminCompany ? values.companyId : me.companyId,
    };
    if (isNew) {
      const result = await createUser.mutateAsync(body);
      if (result.status === 200) return { level: 'warn', text: t('mailExternal') };
      navigate(paths.users.list.getHref());
      return { level: 'success', text: t('created') };
    }
    await updateUser.mutateAsync({ ...body, id });
    navigate(paths.users.list.getHref());
  };

  // unknown, forbidden or malformed id: say so instead of an empty form
  if (!isNew && loaded.isError && !u)
    return (
      <RecordError error={loaded.error} backTo={paths.users.list.getHref()} onRetry={() => void loaded.refetch()} />
    );

  return (
    <FormPage<UserFormValues>
      title={t(isNew ? 'createTitle' : 'editTitle')}
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={submit}
      loading={!isNew && loaded.isPending}
      backTo={paths.users.list.getHref()}
      readOnly={!mayEdit}
      messages={{ success: 'users:saved', error: isNew ? createUserErrorKey : undefined }}
    >
      <FormTextField name="name" labelKey="user.name" required autoComplete="given-name" />
      <FormTextField name="lastname" labelKey="user.lastname" required autoComplete="family-name" />
      <FormTextField name="mail" labelKey="user.mail" type="email" required autoComplete="email" />
      <FormTextField name="phoneNumber" labelKey="user.phoneNumber" type="tel" required hintKey="user.phoneHint" />
      <FormTextField
        name="customerDesignation"
        labelKey="user.customerDesignation"
        hintKey="user.customerDesignationHint"
      />
      <FormSwitch name="admin" labelKey="user.admin" disabled={!me.admin || own} />
      {adminCompany && (
        <FormSelectField
          name="companyId"
          labelKey="user.company"
          required
          disabled={own}
          options={companyOptions.map((c) => ({ value: c.id, label: c.name }))}
        />
      )}
    </FormPage>
  );
}
