import { defineArea } from '../../http/area-module.js';
import { Port } from '../../platform/ports.js';
import { FILE_ERRORS } from '../../model/files.js';
import { FilesService } from './files.service.js';
import { filesRouter } from './files.router.js';

/** The generic file calls, for areas (and seeds) that store a file as a caller would. */
export const FILES_PORT = new Port<FilesService>('files');

/**
 * The files area: the generic /file calls over the table of folders (platform/files/file-owners.ts). The folders
 * themselves are the other areas' (each lists its owners in its AreaModule's `fileOwners`).
 */
export const filesArea = defineArea({
  name: 'files',
  errors: FILE_ERRORS,
  create(d) {
    const service = new FilesService(d.fileOwners, d.files, d.discard);
    d.ports.provide(FILES_PORT, service);
    return { path: '/file', router: filesRouter(d.authenticate, service) };
  },
});
