// The emulator's queues and the names of ended tasks: queues registered by firebase-tools or discovered among the
// Functions emulator's task queue functions, task names kept taken for the retention time, and tasks.json.
import fs from 'node:fs';
import path from 'node:path';
import { TaskQueue, queueConfig, type Dispatcher, type QueueConfig, type StoredTask, type TaskEvent } from './queue.js';

interface Persisted {
  queues: Record<string, QueueConfig>;
  tasks: StoredTask[];
  /** names of ended tasks with the time they ended (ms); older files hold names only (kept as just ended) */
  usedNames: Array<string | [string, number]>;
}

export interface RegistryOptions {
  /** How long a name stays taken after its task ended. */
  retentionMs: number;
  dispatch: Dispatcher;
  log: (line: string) => void;
  onEvent?: (e: TaskEvent) => void;
  /** The Functions emulator, where unregistered queues are looked up. */
  functionsUrl?: string;
}

export class TaskRegistry {
  readonly queues = new Map<string, TaskQueue>();
  // names of tasks that ended, with the time they did; a pending task's name is taken through its queue
  private readonly endedNames = new Map<string, number>();

  constructor(private readonly opts: RegistryOptions) {}

  nameTaken(name: string, queue: TaskQueue): boolean {
    if (queue.get(name)) return true;
    const ended = this.endedNames.get(name);
    if (ended === undefined) return false;
    if (Date.now() - ended < this.opts.retentionMs) return true;
    this.endedNames.delete(name);
    return false;
  }

  forgetOldNames(): void {
    const limit = Date.now() - this.opts.retentionMs;
    for (const [name, ended] of this.endedNames) if (ended <= limit) this.endedNames.delete(name);
  }

  /** A task deleted by its owner: its name stays taken like a run one's. */
  ended(name: string): void {
    this.endedNames.set(name, Date.now());
  }

  private readonly onEvent = (e: TaskEvent) => {
    const id = e.task.name.split('/').pop();
    if (e.type === 'done' || e.type === 'gaveUp') this.endedNames.set(e.task.name, Date.now());
    if (e.type === 'retry')
      this.opts.log(
        `task ${id}: attempt ${e.task.dispatchCount} failed (${e.status ?? 'no response'}), next at ${new Date(e.next!).toISOString()}`,
      );
    else if (e.type === 'gaveUp')
      this.opts.log(
        `task ${id}: attempt ${e.task.dispatchCount} failed (${e.status ?? 'no response'}), no retries left`,
      );
    this.opts.onEvent?.(e);
  };

  createQueue(name: string, config: QueueConfig): TaskQueue {
    const existing = this.queues.get(name);
    if (existing) {
      existing.config = config;
      return existing;
    }
    const q = new TaskQueue(name, config, this.opts.dispatch, this.onEvent);
    this.queues.set(name, q);
    return q;
  }

  /** The queue of that name; an unknown one is looked up among the Functions emulator's task queue functions. */
  async find(project: string, location: string, queueId: string): Promise<TaskQueue | undefined> {
    return (
      this.queues.get(`projects/${project}/locations/${location}/queues/${queueId}`) ??
      this.discover(project, location, queueId)
    );
  }

  /** A queue named after a task queue function of the Functions emulator, registered on first use. */
  private async discover(project: string, location: string, queueId: string): Promise<TaskQueue | undefined> {
    const functionsUrl = this.opts.functionsUrl;
    if (!functionsUrl) return undefined;
    const res = await fetch(`${functionsUrl}/backends`).catch(() => undefined);
    if (!res?.ok) return undefined;
    const { backends = [] } = (await res.json()) as {
      backends?: {
        functionTriggers?: Array<{ name?: string; id?: string; region?: string; taskQueueTrigger?: object }>;
      }[];
    };
    for (const b of backends)
      for (const t of b.functionTriggers ?? []) {
        if (!t.taskQueueTrigger || (t.name ?? t.id) !== queueId || (t.region ?? 'us-central1') !== location) continue;
        const trigger = t.taskQueueTrigger as Parameters<typeof queueConfig>[0];
        const name = `projects/${project}/locations/${location}/queues/${queueId}`;
        this.opts.log(`queue ${name} registered from the Functions emulator`);
        return this.createQueue(
          name,
          queueConfig({ ...trigger, defaultUri: `${functionsUrl}/${project}/${location}/${queueId}` }),
        );
      }
    return undefined;
  }

  /** Queues, pending tasks and ended names saved by `save` (nothing when the file does not exist). */
  load(file: string): void {
    if (!fs.existsSync(file)) return;
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Persisted;
    for (const [name, config] of Object.entries(saved.queues)) this.createQueue(name, config);
    for (const n of saved.usedNames)
      if (typeof n === 'string') this.endedNames.set(n, Date.now());
      else this.endedNames.set(n[0], n[1]);
    this.forgetOldNames();
    for (const t of saved.tasks) {
      const queueName = t.name.replace(/\/tasks\/[^/]+$/, '');
      (this.queues.get(queueName) ?? this.createQueue(queueName, queueConfig({}))).add(t);
    }
  }

  save(file: string): void {
    const saved: Persisted = {
      queues: Object.fromEntries([...this.queues].map(([n, q]) => [n, q.config])),
      tasks: [...this.queues.values()].flatMap((q) => q.list()),
      usedNames: [...this.endedNames],
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file + '.tmp', JSON.stringify(saved));
    fs.renameSync(file + '.tmp', file);
  }
}
