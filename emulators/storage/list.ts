// Object listing: prefix, delimiter (→ prefixes), startOffset/endOffset, matchGlob and paging.
// A page token is the last name (object or prefix) returned, so paging is stable under writes.
import { badRequest } from './errors.js';
import { compareCodePoints } from '../shared/code-point-order.js';
import type { ObjectMeta, ObjectStore } from './objects.js';

export interface ListQuery {
  prefix: string;
  delimiter?: string;
  maxResults: number;
  pageToken?: string;
  startOffset?: string;
  endOffset?: string;
  matchGlob?: string;
  includeTrailingDelimiter: boolean;
}

export interface ListPage {
  items: ObjectMeta[];
  prefixes: string[];
  nextPageToken?: string;
}

export function listQueryFrom(q: URLSearchParams): ListQuery {
  const max = q.get('maxResults');
  const maxResults = max === null ? 1000 : Number(max);
  if (!Number.isInteger(maxResults) || maxResults < 0) throw badRequest('Invalid maxResults');
  return {
    prefix: q.get('prefix') ?? '',
    delimiter: q.get('delimiter') || undefined,
    maxResults: Math.min(maxResults || 1000, 1000),
    pageToken: q.get('pageToken') || undefined,
    startOffset: q.get('startOffset') || undefined,
    endOffset: q.get('endOffset') || undefined,
    matchGlob: q.get('matchGlob') || undefined,
    includeTrailingDelimiter: q.get('includeTrailingDelimiter') === 'true',
  };
}

/** First index in sorted `names` whose value is >= `key`. */
function lowerBound(names: string[], key: string): number {
  let lo = 0;
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareCodePoints(names[mid]!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function listObjects(store: ObjectStore, bucket: string, lq: ListQuery): ListPage {
  const names = store.sortedNames(bucket);
  let after: string | undefined;
  if (lq.pageToken) {
    try {
      after = Buffer.from(lq.pageToken, 'base64url').toString('utf8');
    } catch {
      throw badRequest('Invalid pageToken');
    }
  }
  const glob = lq.matchGlob ? globToRegExp(lq.matchGlob) : undefined;
  let from = lq.prefix;
  if (lq.startOffset && compareCodePoints(lq.startOffset, from) > 0) from = lq.startOffset;
  if (after !== undefined && compareCodePoints(after, from) > 0) from = after; // resume without rescanning
  let i = lowerBound(names, from);
  const page: ListPage = { items: [], prefixes: [] };
  let last: string | undefined;
  for (; i < names.length; i++) {
    const name = names[i]!;
    if (!name.startsWith(lq.prefix)) break;
    if (lq.endOffset && compareCodePoints(name, lq.endOffset) >= 0) break;
    if (
      after !== undefined &&
      (compareCodePoints(name, after) <= 0 || (after.endsWith(lq.delimiter ?? '\0') && name.startsWith(after)))
    )
      continue;
    if (glob && !glob.test(name)) continue;
    let prefix: string | undefined;
    if (lq.delimiter) {
      const d = name.indexOf(lq.delimiter, lq.prefix.length);
      if (d >= 0) prefix = name.slice(0, d + lq.delimiter.length);
    }
    if (prefix !== undefined && prefix === page.prefixes[page.prefixes.length - 1]) continue;
    if (page.items.length + page.prefixes.length >= lq.maxResults) {
      page.nextPageToken = Buffer.from(last!, 'utf8').toString('base64url');
      break;
    }
    if (prefix !== undefined) {
      page.prefixes.push(prefix);
      last = prefix;
      // GCS can also return the "folder placeholder" object named exactly like the prefix
      if (lq.includeTrailingDelimiter && name === prefix) page.items.push(store.get(bucket, name)!);
    } else {
      page.items.push(store.get(bucket, name)!);
      last = name;
    }
  }
  return page;
}

/** GCS matchGlob: `*` (no `/`), `**` (any), `?`, `[...]`, `{a,b}`. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else re += '.*';
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) throw badRequest('Invalid matchGlob');
      let cls = glob.slice(i + 1, close);
      if (cls.startsWith('!')) cls = '^' + cls.slice(1);
      re += `[${cls.replace(/\\/g, '\\\\')}]`;
      i = close;
    } else if (c === '{') {
      const close = glob.indexOf('}', i + 1);
      if (close < 0) throw badRequest('Invalid matchGlob');
      re +=
        '(?:' +
        glob
          .slice(i + 1, close)
          .split(',')
          .map(escape)
          .join('|') +
        ')';
      i = close;
    } else re += escape(c);
  }
  return new RegExp(`^${re}$`, 's');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
