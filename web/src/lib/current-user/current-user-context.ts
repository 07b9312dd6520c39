import { createContext, useContext } from 'react';
import type { User } from '@model/user';
import type { Company } from '@model/company';

export interface CurrentUser {
  user: User & { company: Company };
  /** replace the user locally (e.g. after the password change cleared passwordChangeNeeded) */
  setUser: (user: User & { company: Company }) => void;
  reload: () => Promise<void>;
  logout: () => Promise<void>;
}

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The signed-in principal (user + company). Only usable below the signed-in part of the app. */
export function useCurrentUser(): CurrentUser {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser outside of a signed-in CurrentUserProvider');
  return value;
}
