import { useMutation } from '@tanstack/react-query';
import type { Company } from '@model/company';
import type { RegistrationInput, User } from '@model/user';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /user/register (no token): user + company (type CUSTOMER); query `info` -> company.additionalInfo. */
export type RegisterRequest = RegistrationInput;
export interface RegisterResponse {
  user: User;
  company: Company;
}

export function register({ body, info }: { body: RegisterRequest; info?: string }): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/user/register', body, {
    anonymous: true,
    query: { info: info || undefined },
    // A taken mail must be told (errors.mailInUse); spec 8 only logs, which leaves the user guessing.
    toastOnError: true,
  });
}

/** Registers (signed out: nothing cached changes). */
export function useRegister({ mutationConfig }: { mutationConfig?: MutationConfig<typeof register> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: register });
}
