import type { User } from '@model/user';
import { api } from '@/lib/api-client';

/** GET /user/all - ADMIN company: all users; CUSTOMER/SUPPLIER admin: own company. Each with `company` name/type. */
export type GetUsersResponse = User[];

export function getUsers(): Promise<GetUsersResponse> {
  return api.get<GetUsersResponse>('/user/all', { toastOnError: true });
}
