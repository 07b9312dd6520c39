export { FileIcon, FileTable, type FileTableProps } from './file-table';
export { deleteFile, downloadFile, listFiles } from './files-api';
