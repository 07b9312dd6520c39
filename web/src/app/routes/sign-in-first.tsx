import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Signed out at a signed-in page (a mail link): to the sign-in, which continues at this very address. */
export function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={paths.auth.login.getHref(`${pathname}${search}${hash}`)} replace />;
}
