import { useState } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import {
  allowedExtensions,
  CONTENT_TYPES,
  documentTypesFor,
  extensionOf,
  normaliseFileName,
  uploadRefusal,
  type AttachedFile,
  type DocumentType,
  type FileExtension,
  type UploadContext,
} from '@model/files';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { uploadFile } from './upload-file';

/** Another upload call than POST /file/ (e.g. the BOM upload); answers the name the file was stored under. */
type UploadSender = (file: File, onProgress: (loaded: number, total: number) => void) => Promise<{ filename: string }>;

interface FileUploadBaseProps {
  /** which extensions are allowed (model/files UPLOAD_CONTEXTS); the API checks the same list */
  context: UploadContext;
  documentType?: DocumentType;
  disabled?: boolean;
  /** several files per drop (default) or one */
  multiple?: boolean;
  /**
   * only these of the context's formats (what a rule counts: the accept needs the order as PDF); the drop zone names
   * them, the file dialog offers them, other files are refused before sending
   */
  extensions?: readonly FileExtension[];
}

export type FileUploadProps = FileUploadBaseProps &
  (
    | {
        /** target folder of POST /file/, e.g. companyDocumentsPath(id) */
        path: string;
        /** one call per stored file */
        onUploaded?: (file: AttachedFile) => void;
        upload?: undefined;
      }
    | { upload: UploadSender; path?: undefined; onUploaded?: undefined }
  );

/** react-dropzone's `accept`: the extensions grouped by their content type. */
function acceptOf(extensions: readonly FileExtension[]): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const ext of extensions) (accept[CONTENT_TYPES[ext]] ??= []).push(`.${ext}`);
  return accept;
}

interface Progress {
  name: string;
  percent: number;
}

/**
 * The one upload component: a drop zone (or click to choose), type and size checked with the model's rules
 * before anything is sent, progress in 64 KiB steps, one request per file, toasts with the spec's texts.
 */
export function FileUpload({
  path,
  context,
  documentType,
  onUploaded,
  upload,
  disabled = false,
  multiple = true,
  extensions,
}: FileUploadProps) {
  const { t } = useTranslation('files');
  const [progress, setProgress] = useState<Progress | null>(null);
  const allowed = allowedExtensions(context).filter((ext) => !extensions || extensions.includes(ext));
  const formats = allowed.join(', ');

  const onDrop = async (files: File[]) => {
    const accepted: File[] = [];
    for (const file of files) {
      const narrowed = !allowed.includes(extensionOf(normaliseFileName(file.name)) as FileExtension);
      const refusal = uploadRefusal(file, context) ?? (narrowed ? 'fileTypeNotAllowed' : undefined);
      if (refusal) notify.error(t(`errors.${refusal}`, { name: file.name, formats }));
      // the API refuses a document type the extension cannot carry (spec 02 §5): say so before sending
      else if (documentType && !documentTypesFor(file.name).includes(documentType))
        notify.error(t('errors.documentTypeMismatch', { name: file.name, type: t(`documentTypes.${documentType}`) }));
      else accepted.push(file);
    }
    let failed = 0;
    for (const file of accepted) {
      setProgress({ name: file.name, percent: 0 });
      try {
        const onProgress = (loaded: number, total: number) =>
          setProgress({ name: file.name, percent: total ? Math.floor((loaded / total) * 100) : 0 });
        let stored: { filename: string };
        if (upload) stored = await upload(file, onProgress);
        else {
          const attached = await uploadFile({ path: path!, file, documentType, onProgress });
          onUploaded?.(attached);
          stored = attached;
        }
        notify.success(t('upload.uploaded', { name: stored.filename }));
      } catch (error) {
        failed++;
        // the API's reason when it gave one (wrong content, too large, no permission), else the spec's text
        showError(error, t('errors.fileUploadError'));
      }
    }
    setProgress(null);
    if (failed && accepted.length > 1) notify.error(t('errors.uploadFailed'));
  };

  const busy = progress !== null;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    // refused files are reported by our own check (the same rule the API applies), not dropped silently
    onDrop: (files, rejections) =>
      void onDrop([
        ...files,
        // a second file on a single-file zone is dropped (not sent); every other refusal is reported by our check
        ...rejections.filter((r) => !r.errors.some((e) => e.code === 'too-many-files')).map((r) => r.file),
      ]),
    disabled: disabled || busy,
    multiple,
    // the file dialog offers the allowed types
    accept: acceptOf(allowed),
    useFsAccessApi: false,
  });

  return (
    <Box>
      <Box
        // named by its visible text (WCAG 2.5.3); the file input sits beside it, not inside the button
        {...getRootProps({ role: 'button' })}
        data-testid="dropzone"
        sx={{
          border: '2px dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
          cursor: disabled || busy ? 'default' : 'pointer',
          opacity: disabled ? 0.5 : 1,
          bgcolor: isDragActive ? 'action.hover' : undefined,
        }}
      >
        <CloudUploadIcon color="action" />
        <Typography>{t(isDragActive ? 'upload.dropzoneActive' : 'upload.dropzone')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('upload.allowed', { formats })}
        </Typography>
      </Box>
      <input {...getInputProps()} data-testid="file-input" />
      {progress && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={progress.percent}
            aria-label={t('upload.progress', { ...progress })}
          />
          <Typography variant="body2">{t('upload.progress', { ...progress })}</Typography>
        </Box>
      )}
    </Box>
  );
}
