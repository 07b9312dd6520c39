import { useQueryClient } from '@tanstack/react-query';
import { businessDataPath, type FolderView } from '@model/business-data';
import { FolderFiles } from '@/components/file-table';
import { downloadFolderZip } from '../api/download-folder-zip';
import { refreshFolders } from '../api/folder-cache';

/**
 * The folder's files through the generic file calls (the folder is a FileOwner with THE rule): upload where the
 * caller may write, list with the download counter, download, delete, and the selection as one ZIP.
 */
export function FolderFilesSection({ view, canWrite }: { view: FolderView; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const idByName = new Map(view.items.map((i) => [i.filename, i.id]));
  const refresh = () => refreshFolders(queryClient);
  return (
    <FolderFiles
      path={businessDataPath(view.folderId)}
      context="general"
      canChange={canWrite}
      onChange={refresh}
      afterDownload={refresh}
      onDownloadSelection={(files) =>
        downloadFolderZip(
          view.offerId,
          files.flatMap((f) => idByName.get(f.filename) ?? []),
        )
      }
    />
  );
}
