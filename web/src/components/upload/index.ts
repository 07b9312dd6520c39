export { FileUpload } from './file-upload';
