export { FileTable, type FileTableProps } from './file-table';
export { downloadFile, filesQueryOptions, useDeleteFiles, useFiles, useRefreshFiles } from './files-api';
export { FolderFiles, type FolderFilesProps } from './folder-files';
