import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { readConfig, type Config } from '../config.js';
import type { Storage } from 'firebase-admin/storage';
import { ThrottlesRepository } from '../data/throttles.repository.js';
import { systemClock, type Clock } from './clock.js';
import { discardFilesTask, FileDiscard } from './files/discard.js';
import { FileOwners } from './files/file-owners.js';
import { StorageFileStore, type FileStore } from './files/file-store.js';
import { Identity, type TokenVerifier } from './identity.js';
import { functionsLog, type Logger } from './logger.js';
import { MailOutbox } from './mail/outbox.js';
import { TaskKindRegistry } from './tasks/task-kind.js';
import { CloudTaskQueue, type TaskQueuePort } from './tasks/task-queue.js';
import { TaskRunner } from './tasks/task-runner.js';
import { transactionRunner, type RunTransaction } from './transaction.js';

type StorageBucket = ReturnType<Storage['bucket']>;

/** What the function, the seed and the tests inject; everything else is built from it. */
export interface PlatformDeps {
  db: Firestore;
  auth: Auth;
  /** Project-specific values (config.ts); read from the Functions parameters when not given. */
  config?: Config;
  now?: Clock;
  /** Defaults to `auth`; tests inject a spy. */
  verifier?: TokenVerifier;
  log?: Logger;
  /** The default Cloud Storage bucket; absent where nothing needs it (seed, unit tests). */
  bucket?: () => StorageBucket;
  /** Defaults to Cloud Tasks (the emulator when CLOUD_TASKS_EMULATOR_HOST is set); tests inject a fake. */
  taskQueue?: TaskQueuePort;
  /** Defaults to Cloud Storage over `bucket`; unit tests inject an in-memory store. */
  fileStore?: FileStore;
}

/** Shared infrastructure every area module may use (no feature code in here). */
export interface Platform {
  db: Firestore;
  config: Config;
  now: Clock;
  transaction: RunTransaction;
  identity: Identity;
  mail: MailOutbox;
  throttles: ThrottlesRepository;
  log: Logger;
  verifier: TokenVerifier;
  /** The default bucket; throws where none was injected (seed, unit tests), so misuse is loud. */
  bucket: () => StorageBucket;
  /** Background tasks (platform/tasks/README.md); the kinds are the areas' (AreaModule.taskKinds). */
  tasks: TaskRunner;
  taskKinds: TaskKindRegistry;
  /** The stored files (Cloud Storage); the only code that touches the bucket. */
  files: FileStore;
  /** The folders of the generic /file calls; the owners are the areas' (AreaModule.fileOwners). */
  fileOwners: FileOwners;
  /** Deletes objects no record lists any more; a failed delete is repaired by a task. */
  discard: FileDiscard;
}

export function createPlatform(deps: PlatformDeps): Platform {
  const config = deps.config ?? readConfig();
  const now = deps.now ?? systemClock;
  const log = deps.log ?? functionsLog;
  const queue = deps.taskQueue ?? new CloudTaskQueue(() => deps.auth.app);
  const bucket =
    deps.bucket ??
    (() => {
      throw new Error('This call needs the Storage bucket (PlatformDeps.bucket).');
    });
  const files = deps.fileStore ?? new StorageFileStore(bucket);
  // the platform's own kind; the areas' kinds are registered by the composition (modules.ts)
  const taskKinds = new TaskKindRegistry().register(discardFilesTask(files));
  const tasks = new TaskRunner({ db: deps.db, queue, kinds: taskKinds, now, log });
  return {
    db: deps.db,
    config,
    now,
    transaction: transactionRunner(deps.db),
    identity: new Identity(deps.auth),
    mail: new MailOutbox(deps.db, config.mailFrom),
    throttles: new ThrottlesRepository(deps.db),
    log,
    verifier: deps.verifier ?? deps.auth,
    bucket,
    tasks,
    taskKinds,
    files,
    fileOwners: new FileOwners(),
    discard: new FileDiscard(files, tasks, log),
  };
}
