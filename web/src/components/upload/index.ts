export { FileUpload, type FileUploadProps } from './file-upload';
export { uploadFile, type UploadFileInput } from './upload-file';
