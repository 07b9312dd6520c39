export { FileTable } from './file-table';
export { downloadFile, fetchFile, useDeleteFiles, useFiles } from './files-api';
export { FolderFiles } from './folder-files';
