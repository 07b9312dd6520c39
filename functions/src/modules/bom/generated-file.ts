import { Readable } from 'node:stream';
import type { Download } from '../../http/send-download.js';
import type { BomJob } from '../../model/bom-job.js';

/**
 * A generated BOM file as a download (GET /enquiry/bom/generated, GET /admin/bom/generated): named after the mapped
 * file (without its extension, at most 100 characters; `Stueckliste` without a name) and the part it holds.
 */
export function generatedDownload(job: Pick<BomJob, 'bomFileName'>, suffix: string, bytes: Uint8Array): Download {
  const base = (job.bomFileName.replace(/\.[^.]*$/, '') || 'Stueckliste').slice(0, 100);
  return {
    filename: `${base}_${suffix}.csv`,
    contentType: 'text/csv; charset=utf-8',
    size: bytes.byteLength,
    stream: Readable.from([Buffer.from(bytes)]),
  };
}
