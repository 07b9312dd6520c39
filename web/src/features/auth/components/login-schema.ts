import * as yup from 'yup';
import { mailSchema } from '@model/user';
import { messageKey, messageValues } from '@model/validation';

/** The sign-in form's rules (the model's mail rule); loaded on the first check, not with the page. */
export const loginSchema = yup.object({ mail: mailSchema, password: yup.string().required('validation.required') });

export type LoginValues = { mail: string; password: string };

/** An i18n key (namespace common) with its interpolation values. */
export interface LoginError {
  key: string;
  values: Record<string, string>;
}

/** Field -> the first failed rule's message (empty: valid). */
export function loginErrors(values: LoginValues): Partial<Record<keyof LoginValues, LoginError>> {
  try {
    loginSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const errors: Partial<Record<keyof LoginValues, LoginError>> = {};
    for (const e of (error as yup.ValidationError).inner) {
      const path = e.path as keyof LoginValues | undefined;
      if (path && !errors[path]) errors[path] = { key: messageKey(e.message), values: messageValues(e.message) };
    }
    return errors;
  }
}
