import { Router } from 'express';
import * as yup from 'yup';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { ApiError } from '../../platform/api-error.js';
import { principalOf } from '../../http/authenticate.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { requireCompanyType, requirePlatformAdmin } from '../../http/guards.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import { validateBody, validateInput } from '../../http/validate.js';
import {
  ARTICLE_TRANSFER_ERRORS,
  articleExportFilterSchema,
  articleImportUploadedSchema,
  articleImportUploadSchema,
  EXPORT_RESULT_FOLDER,
  type ArticleExportFilter,
} from '../../model/article-transfer.js';
import { idSchema } from '../../model/id.js';
import type { FileOwner } from '../../platform/files/file-owners.js';
import { CATALOGUE_PORT } from '../catalogue/catalogue.port.js';
import { IMPORT_CONFIGS_PORT } from '../import-configs/import-configs.port.js';
import { articleExportTask } from './article-export.task.js';
import { articleImportTask } from './article-import.task.js';
import { ArticleTransferRepository } from './article-transfer.repository.js';
import { ArticleTransferService } from './article-transfer.service.js';

/**
 * Who may do what (docs/decisions-imports.md "Access"): the import writes the catalogue in bulk through the import
 * configurations, which only admin-flag users have (spec 02 §2/§6) → admin-flag users of the ADMIN company. The
 * export only reads articles, which every ADMIN-company user reads and edits (docs/decisions-catalogue.md) → every
 * ADMIN-company user, and so is the exportResult/ folder.
 */
const importer = requirePlatformAdmin;
const exporter = requireCompanyType('ADMIN');

const importFieldsSchema = yup.object({ importConfigId: idSchema });

/** exportResult/: the finished task exports, listed, downloaded and deleted through the generic /file calls. */
const exportResultOwner: FileOwner = {
  prefix: EXPORT_RESULT_FOLDER,
  context: 'bom',
  async authorize(principal) {
    if (principal.companyType !== 'ADMIN') throw ApiError.forbidden();
  },
  /** only the export task writes here: an upload through /file is refused (and its object removed again) */
  async recordUpload() {
    throw ApiError.forbidden();
  },
};

/** articleImports/{importId}/: an import's file and its error report (download through GET /file/). */
const importFolderOwner: FileOwner = {
  prefix: 'articleImports/{importId}/',
  context: 'bom',
  async authorize(principal, _params, access) {
    if (!principal.platformAdmin) throw ApiError.forbidden();
    if (access === 'change') throw ApiError.forbidden();
  },
};

function createArticleTransferModule(d: AreaDeps): AreaModule {
  const repo = new ArticleTransferRepository(d.db);
  const catalogue = d.ports.get(CATALOGUE_PORT);
  const configs = d.ports.get(IMPORT_CONFIGS_PORT);
  const service = new ArticleTransferService(d, repo, configs, catalogue.articles);
  configs.events.deleteRequested.on((tx, config) => service.refuseDeleteWhileRunning(tx, config));

  const r = Router();
  r.post('/import', d.authenticate(), importer, multipart(), async (_req, res) => {
    const { fields, files } = multipartOf(res);
    const { importConfigId } = await validateInput(
      importFieldsSchema,
      { importConfigId: fields.importConfigId },
      { stripUnknown: false },
    );
    res.status(202).json(
      await service.startImport(
        principalOf(res),
        files.find((f) => f.field === 'file'),
        importConfigId,
      ),
    );
  });
  r.post('/import/upload', d.authenticate(), importer, validateBody(articleImportUploadSchema), async (req, res) => {
    const { fileName, size } = req.body as { fileName: string; size: number };
    // the browser's origin, so Storage answers its CORS preflight for the session (same origin as the portal)
    res.status(201).json(await service.uploadSession(fileName, size, d.config.portalUrl));
  });
  r.post(
    '/import/uploaded',
    d.authenticate(),
    importer,
    validateBody(articleImportUploadedSchema),
    async (req, res) => {
      const { importId, importConfigId } = req.body as { importId: string; importConfigId: string };
      res.status(202).json(await service.startUploadedImport(principalOf(res), importId, importConfigId));
    },
  );
  r.get('/import', d.authenticate(), importer, async (_req, res) => res.json(await service.progress()));
  r.get('/import/abort', d.authenticate(), importer, async (_req, res) => res.json(await service.abort()));
  r.post('/export', d.authenticate(), exporter, validateBody(articleExportFilterSchema), async (req, res) => {
    const outcome = await service.export(principalOf(res), req.body as ArticleExportFilter);
    if ('task' in outcome) return void res.status(202).json(outcome.task);
    const { name, bytes } = outcome.file;
    if (!bytes.length) return void res.status(204).end();
    res
      .status(200)
      .set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': attachmentDisposition(name),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(bytes);
  });

  return {
    path: '/article',
    router: r,
    fileOwners: [exportResultOwner, importFolderOwner],
    taskKinds: [
      articleImportTask({
        files: d.files,
        repo,
        configs: () => configs,
        articles: catalogue.articles,
        fieldValues: catalogue.fieldValues,
      }),
      articleExportTask({
        files: d.files,
        articles: catalogue.articles,
        mail: d.mail,
        now: d.now,
        portalUrl: () => d.config.portalUrl,
      }),
    ],
  };
}

export const articleTransferArea = defineArea({
  name: 'article-transfer',
  errors: ARTICLE_TRANSFER_ERRORS,
  create: createArticleTransferModule,
});
