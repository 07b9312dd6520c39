export { FileTable } from './file-table';
export { downloadFile, useDeleteFiles, useFiles } from './files-api';
export { FolderFiles } from './folder-files';
