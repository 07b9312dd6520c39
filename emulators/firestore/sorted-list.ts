/**
 * A sorted list held as a list of chunks of at most 2·CHUNK items (like Python's sortedcontainers): an insert or
 * delete moves at most one chunk's items, a position lookup is a binary search over the chunks' start offsets.
 * At 100 000 items that is ~200 chunks, so inserts stay O(log n + CHUNK) where one flat array would move up to
 * every item.
 */
const CHUNK = 512;

export class SortedList<T> {
  private chunks: T[][] = [];
  /** start position of every chunk; recomputed after a change, when next needed */
  private starts: number[] = [];
  private startsValid = true;
  size = 0;

  constructor(private readonly cmp: (a: T, b: T) => number) {}

  /** A list over items already sorted by `cmp` (taken over, not copied). */
  static fromSorted<T>(items: T[], cmp: (a: T, b: T) => number): SortedList<T> {
    const list = new SortedList(cmp);
    for (let i = 0; i < items.length; i += CHUNK) list.chunks.push(items.slice(i, i + CHUNK));
    list.size = items.length;
    list.startsValid = false;
    return list;
  }

  insert(item: T): void {
    this.startsValid = false;
    this.size++;
    if (this.chunks.length === 0) {
      this.chunks.push([item]);
      return;
    }
    const c = this.chunkFor(item);
    const chunk = this.chunks[c]!;
    chunk.splice(this.within(chunk, item), 0, item);
    if (chunk.length > 2 * CHUNK) this.chunks.splice(c, 1, chunk.slice(0, CHUNK), chunk.slice(CHUNK));
  }

  /** Removes the item comparing equal to `item`; false when there is none. */
  remove(item: T): boolean {
    if (this.chunks.length === 0) return false;
    const c = this.chunkFor(item);
    const chunk = this.chunks[c]!;
    const i = this.within(chunk, item);
    if (i >= chunk.length || this.cmp(chunk[i]!, item) !== 0) return false;
    chunk.splice(i, 1);
    if (chunk.length === 0) this.chunks.splice(c, 1);
    this.size--;
    this.startsValid = false;
    return true;
  }

  /** The first position whose item satisfies `pred`, which must be false for a prefix and true after it. */
  lowerBound(pred: (item: T) => boolean): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid]!;
      if (pred(chunk[chunk.length - 1]!)) hi = mid;
      else lo = mid + 1;
    }
    if (lo === this.chunks.length) return this.size;
    const chunk = this.chunks[lo]!;
    let a = 0;
    let b = chunk.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (pred(chunk[mid]!)) b = mid;
      else a = mid + 1;
    }
    return this.startOf(lo) + a;
  }

  /** The item at a position (0 ≤ i < size). */
  at(i: number): T {
    const c = this.chunkAt(i);
    return this.chunks[c]![i - this.startOf(c)]!;
  }

  /** Items at positions [from, to), in order (`reverse`: from to-1 down to from). */
  *range(from: number, to: number, reverse = false): Generator<T> {
    if (from >= to) return;
    if (!reverse) {
      let c = this.chunkAt(from);
      let i = from - this.startOf(c);
      for (let n = to - from; n > 0; n--) {
        let chunk = this.chunks[c]!;
        if (i === chunk.length) [chunk, i] = [this.chunks[++c]!, 0];
        yield chunk[i++]!;
      }
      return;
    }
    let c = this.chunkAt(to - 1);
    let i = to - 1 - this.startOf(c);
    for (let n = to - from; n > 0; n--) {
      if (i < 0) i = this.chunks[--c]!.length - 1;
      yield this.chunks[c]![i--]!;
    }
  }

  /** Index of the chunk an item belongs in: the first whose last item is ≥ it, else the last chunk. */
  private chunkFor(item: T): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid]!;
      if (this.cmp(chunk[chunk.length - 1]!, item) >= 0) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Position of the first item ≥ `item` within one chunk. */
  private within(chunk: T[], item: T): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cmp(chunk[mid]!, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private startOf(c: number): number {
    if (!this.startsValid) {
      this.starts = new Array<number>(this.chunks.length);
      let n = 0;
      for (let k = 0; k < this.chunks.length; k++) {
        this.starts[k] = n;
        n += this.chunks[k]!.length;
      }
      this.startsValid = true;
    }
    return this.starts[c]!;
  }

  /** Index of the chunk holding position i. */
  private chunkAt(i: number): number {
    this.startOf(0);
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
