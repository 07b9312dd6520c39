import { berlinDate, type FolderAccess, type FolderView } from '@model/business-data';
import { folderAccess, folderCallerOf } from '@model/permissions-business-data';
import type { WebPrincipal } from '@/lib/current-user/principal';

/** What the signed-in caller may do with the folder: THE rule of the model, on the facts the API answered. */
export function accessOf(caller: WebPrincipal, email: string, view: Pick<FolderView, 'facts'>): FolderAccess {
  return folderAccess(folderCallerOf({ ...caller, email }), view.facts, berlinDate(new Date()));
}
