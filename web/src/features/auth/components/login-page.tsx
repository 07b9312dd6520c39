import { lazy, Suspense, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
// the input parts, not the form-page barrel: the sign-in page loads neither formik, yup nor MUI's select machinery
import { TextInput } from '@/components/form-page/text-input';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { authActions } from '@/lib/auth';
import { log } from '@/lib/log';
import type { LoginValues } from './login-schema';

type Field = keyof LoginValues;

// shown only after a failed attempt: loaded then, not with the page
const Alert = lazy(() => import('@mui/material/Alert'));

/** The model's rules, loaded with the first check (a few KB the sign-in page does not carry on its first load). */
const loadRules = () => import('./login-schema');
type Rules = Awaited<ReturnType<typeof loadRules>>;

/**
 * /login. After the sign-in the signed-in route table takes over: its /login entry redirects to
 * /business-data/{id} when an id (route parameter or ?id=) was present, otherwise to /.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const common = useTranslation().t;
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id');
  const [failed, setFailed] = useState(false);
  const [values, setValues] = useState<LoginValues>({ mail: '', password: '' });
  // like the formik forms: a field's error shows once it was left (touched) or the form was submitted
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [rules, setRules] = useState<Rules | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // The errors follow from the values (no asynchronous check whose late result could show a stale "Pflichtfeld"
  // and shift the button away under a click); the rules load with the first change.
  const errors = rules ? rules.loginErrors(values) : {};
  const needRules = () => {
    if (!rules) void loadRules().then(setRules);
  };

  const field = (name: Field) => ({
    id: `field-${name}`,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((before) => ({ ...before, [name]: value }));
      needRules();
    },
    onBlur: () => {
      setTouched((before) => ({ ...before, [name]: true }));
      needRules();
    },
    error: Boolean(touched[name] && errors[name]),
    helperText: touched[name] && errors[name] ? common(errors[name].key, errors[name].values) : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setTouched({ mail: true, password: true });
    const entered = values;
    const loaded = rules ?? (await loadRules());
    setRules(loaded);
    if (Object.keys(loaded.loginErrors(entered)).length) return;
    setFailed(false);
    setSubmitting(true);
    try {
      await authActions.signIn(entered.mail.trim(), entered.password);
    } catch (error) {
      // spec 8: a login failure is logged; we also show the catalogue text inline
      log.warn('login failed', (error as { code?: string }).code);
      setFailed(true);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('login.title')}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          <TextInput {...field('mail')} label={t('login.mail')} type="email" autoComplete="username" required />
          <TextInput
            {...field('password')}
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            required
          />
          {failed && (
            <Suspense fallback={<p role="alert">{t('login.failed')}</p>}>
              <Alert severity="error">{t('login.failed')}</Alert>
            </Suspense>
          )}
          <Button type="submit" variant="contained" disabled={submitting} size="large">
            {t('login.submit')}
          </Button>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={paths.auth.forget.getHref()}>
              {t('login.forget')}
            </Link>
            <Link component={RouterLink} to={paths.auth.register.getHref(id)}>
              {t('login.register')}
            </Link>
          </Stack>
        </Stack>
      </form>
    </AuthLayout>
  );
}
