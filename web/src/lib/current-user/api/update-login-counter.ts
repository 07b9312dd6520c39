import type { User } from '@model/user';
import { api } from '@/lib/api-client';

/** GET /user/update/counter?userId=<self> - once per login: loginCounter+1, lastLoginAt now. */
export type UpdateLoginCounterResponse = User;

export function updateLoginCounter(userId: string): Promise<UpdateLoginCounterResponse> {
  return api.get<UpdateLoginCounterResponse>('/user/update/counter', { query: { userId } });
}
