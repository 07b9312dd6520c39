/**
 * The first `k` items of `items` in `cmp` order, sorted. Uses a bounded max-heap, so a page
 * (offset + limit) out of many matches costs O(n log k) instead of sorting everything.
 */
export function topK<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[] {
  if (k >= items.length / 2) return items.sort(cmp).slice(0, k);
  if (k <= 0) return [];
  const heap: T[] = [];
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l]!, heap[m]!) > 0) m = l;
      if (r < heap.length && cmp(heap[r]!, heap[m]!) > 0) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (cmp(heap[i]!, heap[p]!) <= 0) break;
        swap(i, p);
        i = p;
      }
    } else if (cmp(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(cmp);
}
