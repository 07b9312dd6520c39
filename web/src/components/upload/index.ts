export { FileUpload, type FileUploadProps, type UploadSender } from './file-upload';
