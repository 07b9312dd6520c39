export { FileIcon, FileTable, type FileTableProps } from './file-table';
export {
  deleteFile,
  downloadFile,
  filesKey,
  filesQueryOptions,
  listFiles,
  useDeleteFiles,
  useFiles,
  useRefreshFiles,
} from './files-api';
