import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Form, Formik, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import type { TypeOptions } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AnyObjectSchema } from 'yup';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/notify';
import { placementSx, type Placement } from './form-section';

/** What a submit handler may report instead of the default success text. */
export interface FormResult {
  level: 'success' | 'warn' | 'info' | 'error';
  /** already translated text */
  text: string;
}

export interface FormPageProps<V extends FormikValues> {
  title: string;
  initialValues: V;
  /** the model's yup schema (messages are i18n keys) */
  validationSchema?: AnyObjectSchema | (() => AnyObjectSchema);
  /**
   * Saves. Resolve to nothing for the default success toast, to a FormResult to choose the toast,
   * or throw (ApiError: errors.<code> unless messages.error is given).
   */
  onSubmit: (values: V, helpers: FormikHelpers<V>) => Promise<FormResult | void>;
  /** i18n keys of the pending / success / error toasts */
  messages?: { pending?: string; success?: string; error?: string | ((error: unknown) => string | undefined) };
  /** where the back button goes (default: history back) */
  backTo?: string;
  /** what the back button does instead of navigating (a form in a side panel closes it) */
  onBack?: () => void;
  loading?: boolean;
  submitLabelKey?: string;
  readOnly?: boolean;
  /** on its own (760 px at most, default) or in the main column of a record layout (its width from `lg`) */
  placement?: Placement;
  /** extra buttons next to submit (a function gets the formik bag, e.g. to submit with a flag) */
  actions?: ReactNode | ((formik: FormikProps<V>) => ReactNode);
  children: ReactNode | ((formik: FormikProps<V>) => ReactNode);
}

const TOAST_TYPE: Record<FormResult['level'], TypeOptions> = {
  success: 'success',
  warn: 'warning',
  info: 'info',
  error: 'error',
};

/**
 * The reusable form page: title, formik + the model's yup schema, back and submit buttons,
 * pending/success/error toasts. Fields are FormTextField / FormSelectField / FormSwitch children.
 */
export function FormPage<V extends FormikValues>({
  title,
  initialValues,
  validationSchema,
  onSubmit,
  messages = {},
  backTo,
  onBack,
  loading = false,
  submitLabelKey = 'common.save',
  readOnly = false,
  placement = 'page',
  actions,
  children,
}: FormPageProps<V>) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const submit = async (values: V, helpers: FormikHelpers<V>) => {
    const id = toast.loading(t(messages.pending ?? 'form.pending'));
    const done = (type: TypeOptions, render: string) =>
      toast.update(id, { render, type, isLoading: false, autoClose: 5000, closeButton: true });
    try {
      const result = await onSubmit(values, helpers);
      if (result) done(TOAST_TYPE[result.level], result.text);
      else done('success', t(messages.success ?? 'form.success'));
    } catch (error) {
      const custom = typeof messages.error === 'function' ? messages.error(error) : messages.error;
      const text = custom ? t(custom) : errorMessage(error);
      done('error', text);
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, ...placementSx(placement) }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {loading ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : (
        <Formik<V>
          initialValues={initialValues}
          validationSchema={validationSchema}
          onSubmit={submit}
          enableReinitialize
        >
          {(formik) => (
            <Form noValidate>
              <Stack spacing={2}>{typeof children === 'function' ? children(formik) : children}</Stack>
              <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
                <Button
                  startIcon={<ArrowBackIcon />}
                  onClick={() => (onBack ? onBack() : backTo ? navigate(backTo) : navigate(-1))}
                >
                  {t('common.back')}
                </Button>
                <Box sx={{ flexGrow: 1 }} />
                {typeof actions === 'function' ? actions(formik) : actions}
                {!readOnly && (
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={formik.isSubmitting}
                    startIcon={formik.isSubmitting ? <CircularProgress size={16} aria-hidden /> : undefined}
                  >
                    {t(submitLabelKey)}
                  </Button>
                )}
              </Box>
            </Form>
          )}
        </Formik>
      )}
    </Paper>
  );
}
