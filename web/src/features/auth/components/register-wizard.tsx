import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  Step,
  StepLabel,
  Stepper,
} from '@mui/material';
import { Form, Formik, getIn, useFormikContext, type FormikProps } from 'formik';
import * as yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { addressSchema, registrationCompanySchema } from '@model/company';
import { registrationAgreementsSchema } from '@model/consent-schemas';
import { mailSchema, passwordRepeatSchema, registrationUserSchema, type RegistrationInput } from '@model/user';
import { AddressFields, FormTextField, useValidationText } from '@/components/form-page';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { authActions } from '@/lib/auth';
import { useRegister } from '../api/register';
import { log } from '@/lib/log';

/**
 * The wizard's flat form, made of the model's registration types: the user part, the password repeat, the
 * company name and address (flat, one field each), and the two agreements.
 */
export type RegisterValues = RegistrationInput['user'] &
  yup.InferType<typeof passwordRepeatSchema> & {
    companyName: RegistrationInput['company']['name'];
  } & RegistrationInput['company']['address'] & {
    privacyAccepted: boolean;
    avbAccepted: boolean;
  };

/** Per-step validation built from the model's schemas (step 0 person, 1 access, 2 company + agreements). */
export const REGISTER_STEP_SCHEMAS = [
  registrationUserSchema.pick(['name', 'lastname', 'phoneNumber']),
  passwordRepeatSchema.shape({ mail: mailSchema }),
  yup.object({
    companyName: registrationCompanySchema.fields.name as yup.StringSchema,
    street: addressSchema.fields.street as yup.StringSchema,
    houseNo: addressSchema.fields.houseNo as yup.StringSchema,
    zip: addressSchema.fields.zip as yup.StringSchema,
    city: addressSchema.fields.city as yup.StringSchema,
    privacyAccepted: registrationAgreementsSchema.fields.privacyAccepted,
    avbAccepted: registrationAgreementsSchema.fields.avbAccepted,
  }),
];

/** The agreement checkboxes: their fields, the pages they link to and their labels (register.<label>Prefix / Link). */
const AGREEMENTS = {
  privacyAccepted: { href: paths.legal.privacy.getHref(), label: 'privacy' },
  avbAccepted: { href: paths.legal.avb.getHref(), label: 'terms' },
} as const;

const EMPTY: RegisterValues = {
  name: '',
  lastname: '',
  phoneNumber: '',
  mail: '',
  password: '',
  passwordRepeat: '',
  companyName: '',
  street: '',
  houseNo: '',
  zip: '',
  city: '',
  privacyAccepted: false,
  avbAccepted: false,
};

/** The registration call's body from the wizard's flat values (a CUSTOMER company; `info` from the invitation link). */
function registrationOf(values: RegisterValues, mail: string, info: string | undefined): RegistrationInput {
  return {
    user: {
      name: values.name,
      lastname: values.lastname,
      phoneNumber: values.phoneNumber,
      mail,
      password: values.password,
    },
    company: {
      name: values.companyName,
      type: 'CUSTOMER',
      address: { street: values.street, houseNo: values.houseNo, zip: values.zip, city: values.city },
      ...(info ? { additionalInfo: info } : {}),
    },
    // sent as ticked (submit needs both): the server requires both and records the versions in force
    ...({ avbAccepted: values.avbAccepted, privacyAccepted: values.privacyAccepted } as Pick<
      RegistrationInput,
      'avbAccepted' | 'privacyAccepted'
    >),
  };
}

/** An agreement checkbox with the link to its page (privacy policy, terms). */
function Agreement({ name }: { name: keyof typeof AGREEMENTS }) {
  const { t } = useTranslation('auth');
  const text = useValidationText();
  const formik = useFormikContext<RegisterValues>();
  const error = getIn(formik.touched, name) ? text(formik.errors[name]) : undefined;
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            name={name}
            checked={formik.values[name]}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            required
          />
        }
        label={
          <>
            {t(`register.${AGREEMENTS[name].label}Prefix`)}{' '}
            <Link component={RouterLink} to={AGREEMENTS[name].href} target="_blank">
              {t(`register.${AGREEMENTS[name].label}Link`)}
            </Link>
          </>
        }
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/** The fields of a step: 0 the person, 1 the access, 2 the company and the agreements. */
function StepFields({ step }: { step: number }) {
  const { t } = useTranslation('auth');
  return (
    <>
      {step === 0 && (
        <>
          <FormTextField name="name" labelKey="user.name" required autoComplete="given-name" />
          <FormTextField name="lastname" labelKey="user.lastname" required autoComplete="family-name" />
          <FormTextField
            name="phoneNumber"
            labelKey="user.phoneNumber"
            type="tel"
            required
            hintKey="user.phoneHint"
            autoComplete="tel"
          />
        </>
      )}
      {step === 1 && (
        <>
          <FormTextField name="mail" labelKey="user.mail" type="email" required autoComplete="email" />
          <FormTextField
            name="password"
            labelKey="auth:register.password"
            type="password"
            required
            autoComplete="new-password"
          />
          <FormTextField
            name="passwordRepeat"
            labelKey="auth:register.passwordRepeat"
            type="password"
            required
            autoComplete="new-password"
          />
        </>
      )}
      {step === 2 && (
        <>
          <FormTextField name="companyName" labelKey="company.name" required autoComplete="organization" />
          <AddressFields />
          <Agreement name="privacyAccepted" />
          <Agreement name="avbAccepted" />
          <Alert severity="info" data-testid="register-note">
            {t('register.note')}
          </Alert>
        </>
      )}
    </>
  );
}

/** /register: the three-step registration wizard (spec 2, 4, 5). On success: sign in and go to /profile. */
export function RegisterWizard() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const info = search.get('info') ?? undefined;
  const [step, setStep] = useState(0);
  const register = useRegister();

  const next = async (formik: FormikProps<RegisterValues>) => {
    const errors = await formik.validateForm();
    const fields = Object.keys(REGISTER_STEP_SCHEMAS[step].fields) as (keyof RegisterValues)[];
    if (fields.some((f) => errors[f])) {
      void formik.setTouched(Object.fromEntries(fields.map((f) => [f, true])), false);
      return;
    }
    setStep((s) => Math.min(s + 1, 2));
  };

  const submit = async (values: RegisterValues) => {
    const mail = values.mail.trim().toLowerCase();
    try {
      await register.mutateAsync({ body: registrationOf(values, mail, info), info });
      await authActions.signIn(mail, values.password);
      navigate(paths.profile.getHref(), { replace: true });
    } catch (error) {
      // spec 8: logged and the loading state stops; the api client has shown the German error toast
      log.warn('registration failed', error);
    }
  };

  return (
    <AuthLayout
      title={t('register.title')}
      width={560}
      links={[
        { to: paths.auth.forget.getHref(), labelKey: 'auth:login.forget' },
        { to: paths.auth.login.getHref(), labelKey: 'auth:register.toLogin' },
      ]}
    >
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {['register.stepPerson', 'register.stepAccess', 'register.stepCompany'].map((k) => (
          <Step key={k}>
            <StepLabel>{t(k)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Formik<RegisterValues>
        initialValues={EMPTY}
        validationSchema={REGISTER_STEP_SCHEMAS[step]}
        onSubmit={async (values, helpers) => {
          // Enter in an earlier step only advances (the step's schema already passed); submit is step 2 only
          if (step < 2) {
            setStep(step + 1);
            helpers.setSubmitting(false);
            return;
          }
          await submit(values);
        }}
      >
        {(formik) => (
          <Form noValidate>
            <Stack spacing={2} data-testid={`register-step-${step}`}>
              <StepFields step={step} />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                <Button onClick={() => setStep((s) => Math.max(s - 1, 0))} disabled={step === 0 || formik.isSubmitting}>
                  {t('common.back')}
                </Button>
                {step < 2 ? (
                  <Button variant="contained" onClick={() => void next(formik)}>
                    {t('common.next')}
                  </Button>
                ) : (
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={!formik.values.privacyAccepted || !formik.values.avbAccepted || formik.isSubmitting}
                  >
                    {t('register.submit')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
