import { useContext } from 'react';
import { CurrentUserContext } from '@/lib/current-user/current-user-context';
import { lazyComponent } from '@/lib/lazy';
import { withQueryScope } from '@/lib/query-scope';

const InternalFolderPage = lazyComponent(async () => {
  const { InternalFolderPage: Page } = await import('./internal-folder-page');
  return { Page: withQueryScope(Page) };
}, 'Page');
const AnonymousFolderPage = lazyComponent(() => import('./anonymous-folder-page'), 'AnonymousFolderPage');

/**
 * /business-data/:id for everyone (spec 2): signed in, the internal view (with the query cache); signed out, the
 * anonymous view of the password link, which loads no TanStack Query (the sign-in page's delivery budget).
 */
export function FolderPage() {
  const signedIn = useContext(CurrentUserContext) !== null;
  return signedIn ? <InternalFolderPage /> : <AnonymousFolderPage />;
}
