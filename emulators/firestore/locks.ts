import { aborted } from './errors.js';
import { dbRoot, lastSegment, parentOf } from './store.js';

/** Anything that can hold document locks: a read-write transaction or a one-shot commit. */
export interface LockOwner {
  readonly id: string;
  /** Lower = older. The youngest member of a deadlock cycle is aborted. */
  seq: number;
  readonly held: Set<string>;
  waitingFor: string | null;
  waiter: Waiter | null;
  /** Set when the owner was chosen as a deadlock victim or timed out; its next call answers ABORTED. */
  abortedReason: string | null;
}

interface Waiter {
  owner: LockOwner;
  resolve: () => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

interface Lock {
  owner: LockOwner;
  queue: Waiter[];
}

let ownerSeq = 0;
export function newOwner(id: string, seq = ++ownerSeq): LockOwner {
  return { id, seq, held: new Set(), waitingFor: null, waiter: null, abortedReason: null };
}
export const nextSeq = () => ++ownerSeq;

/**
 * Pessimistic exclusive per-document locks, like the official emulator: a second owner waits in a
 * FIFO queue; a wait-for cycle aborts its youngest member; a wait longer than `timeoutMs` aborts.
 */
export class LockManager {
  private readonly locks = new Map<string, Lock>();

  constructor(private readonly timeoutMs: number) {}

  /** Resolves synchronously (returns true) when the lock was free; otherwise returns a promise. */
  acquire(owner: LockOwner, name: string): true | Promise<void> {
    for (;;) {
      if (owner.abortedReason) throw aborted(owner.abortedReason);
      const lock = this.locks.get(name);
      if (!lock) {
        this.locks.set(name, { owner, queue: [] });
        owner.held.add(name);
        return true;
      }
      if (lock.owner === owner) return true;
      const cycle = this.cycleThrough(owner, lock.owner);
      if (!cycle) break;
      const victim = cycle.reduce((a, b) => (b.seq > a.seq ? b : a), owner);
      const reason = 'Transaction aborted: deadlock detected between concurrent transactions; retry.';
      if (victim === owner) throw aborted(reason);
      this.abort(victim, reason);
    }
    const lock = this.locks.get(name)!;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.dropWaiter(waiter);
          reject(aborted(`Transaction lock timeout: ${describeLock(name)} is locked by another transaction; retry.`));
        }, this.timeoutMs),
      };
      owner.waitingFor = name;
      owner.waiter = waiter;
      lock.queue.push(waiter);
    });
  }

  /** Acquires several locks in a stable order (sorted) to make cycles between commits unlikely. */
  async acquireAll(owner: LockOwner, names: Iterable<string>): Promise<void> {
    for (const name of [...new Set(names)].sort()) {
      const r = this.acquire(owner, name);
      if (r !== true) await r;
    }
  }

  isFree(names: Iterable<string>, owner?: LockOwner): boolean {
    for (const n of names) {
      const l = this.locks.get(n);
      if (l && l.owner !== owner) return false;
    }
    return true;
  }

  /** Follows the wait-for chain from `holder`; returns the owners on the cycle if it leads back to `owner`. */
  private cycleThrough(owner: LockOwner, holder: LockOwner): LockOwner[] | null {
    const path: LockOwner[] = [];
    let cur: LockOwner | undefined = holder;
    const seen = new Set<LockOwner>();
    while (cur && !seen.has(cur)) {
      if (cur === owner) return path;
      seen.add(cur);
      path.push(cur);
      cur = cur.waitingFor ? this.locks.get(cur.waitingFor)?.owner : undefined;
    }
    return null;
  }

  private dropWaiter(w: Waiter): void {
    const name = w.owner.waitingFor;
    clearTimeout(w.timer);
    w.owner.waitingFor = null;
    w.owner.waiter = null;
    if (!name) return;
    const lock = this.locks.get(name);
    if (lock) lock.queue = lock.queue.filter((x) => x !== w);
  }

  /** Marks an owner aborted, fails its pending wait and releases its locks. */
  abort(owner: LockOwner, reason: string): void {
    owner.abortedReason = reason;
    const w = owner.waiter;
    if (w) {
      this.dropWaiter(w);
      w.reject(aborted(reason));
    }
    this.releaseAll(owner);
  }

  releaseAll(owner: LockOwner): void {
    if (owner.waiter) {
      const w = owner.waiter;
      this.dropWaiter(w);
      w.reject(aborted('Transaction ended while waiting for a lock.'));
    }
    for (const name of owner.held) {
      const lock = this.locks.get(name);
      if (!lock || lock.owner !== owner) continue;
      const next = lock.queue.shift();
      if (!next) {
        this.locks.delete(name);
        continue;
      }
      clearTimeout(next.timer);
      lock.owner = next.owner;
      next.owner.held.add(name);
      next.owner.waitingFor = null;
      next.owner.waiter = null;
      next.resolve();
    }
    owner.held.clear();
  }

  get size(): number {
    return this.locks.size;
  }
}

/**
 * Phantom protection: a query in a read-write transaction locks a pseudo-key for the collection it
 * reads (or, for collection-group queries, for the collection id in its database); every write also
 * locks the pseudo-keys of its document's collection and collection id. So a transaction that
 * queried "nothing matches" cannot have a concurrent writer add a match before it commits. The
 * '\uffff' prefix makes them sort after document names, so commits take document locks first.
 */
export const collectionLockKey = (collectionPath: string): string => `\uffffcoll\u0000${collectionPath}`;
export const groupLockKey = (root: string, collectionId: string): string =>
  `\uffffgroup\u0000${root}\u0000${collectionId}`;

/** The locks a write to document `name` takes: the document and its collection pseudo-keys. */
export function writeLockKeys(name: string): string[] {
  const coll = parentOf(name);
  return [name, collectionLockKey(coll), groupLockKey(dbRoot(name), lastSegment(coll))];
}

/** Human-readable lock name for error messages. */
function describeLock(name: string): string {
  if (!name.startsWith('\uffff')) return `document ${name}`;
  const [kind, a, b] = name.slice(1).split('\u0000');
  return kind === 'coll'
    ? `collection ${a} (queried in a transaction)`
    : `collection group ${b} in ${a} (queried in a transaction)`;
}
