export { FileTable, type FileTableProps } from './file-table';
export { downloadFile, useDeleteFiles, useFiles, useRefreshFiles } from './files-api';
