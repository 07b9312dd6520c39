import type { Firestore } from 'firebase-admin/firestore';

/** The parts of a Cloud Storage file the probe needs (firebase-admin's bucket().file()). */
export interface ProbeFile {
  exists(): Promise<[boolean]>;
  save(
    data: string,
    options: { contentType: string; resumable: boolean; preconditionOpts: { ifGenerationMatch: number } },
  ): Promise<unknown>;
  download(): Promise<[Buffer]>;
}

export interface HealthStatus {
  status: 'ok';
  firestore: boolean;
  storage: boolean;
}

const ALREADY_EXISTS = 6;
const PRECONDITION_FAILED = 412;

function ignoreCode(code: number) {
  return (error: unknown) => {
    if ((error as { code?: unknown } | null)?.code !== code) throw error;
  };
}

/**
 * `_health/probe` (Firestore) and `_health/probe.txt` (Storage): read on every call, created only when missing
 * (create-if-absent, a concurrent creator wins), so the steady state costs reads only and writes nothing.
 */
export class HealthRepository {
  constructor(
    private readonly db: Firestore,
    private readonly file: () => ProbeFile,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async check(): Promise<HealthStatus> {
    return { status: 'ok', firestore: await this.firestore(), storage: await this.storage() };
  }

  private async firestore(): Promise<boolean> {
    const probe = this.db.collection('_health').doc('probe');
    if ((await probe.get()).exists) return true;
    await probe.create({ checkedAt: this.now() }).catch(ignoreCode(ALREADY_EXISTS));
    return (await probe.get()).exists;
  }

  private async storage(): Promise<boolean> {
    const file = this.file();
    const [exists] = await file.exists();
    if (!exists) {
      await file
        .save('ok', { contentType: 'text/plain', resumable: false, preconditionOpts: { ifGenerationMatch: 0 } })
        .catch(ignoreCode(PRECONDITION_FAILED));
    }
    const [content] = await file.download();
    return content.toString() === 'ok';
  }
}
