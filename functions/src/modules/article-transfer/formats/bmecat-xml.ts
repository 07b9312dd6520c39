import { TaskFailure } from '../../../platform/tasks/task-kind.js';
import { XmlSyntaxError, type XmlAttrs, type XmlScanner, type XmlToken } from './xml-stream.js';

/**
 * The XML layer of the BMEcat reader over the XmlScanner tokens: the namespaces in scope, and the element tree of
 * one collected subtree (a product, the HEADER) with the helpers the mapping reads it by.
 */

/** TaskFailure codes (the web's texts: `import.taskErrors.<code>`, falling back to "import failed"). */
export const BMECAT_FAILURES = {
  /** not XML, or XML whose root is not BMECAT */
  notBmecat: 'spreadsheet.error.formatMismatch',
  /** broken XML outside a product, a truncated file, an unsupported encoding */
  corrupt: 'spreadsheet.error.corrupt',
  /** a BMECAT without any transaction */
  empty: 'spreadsheet.error.empty',
} as const;

export const bmecatFailure = (code: string, message: string) => new TaskFailure(code, message);

export type XmlStartTag = Extract<XmlToken, { t: 'start' }>;

// ---------------------------------------------------------------------------------------------------------
// The element tree of one product.

export interface XNode {
  name: string;
  attrs: XmlAttrs | undefined;
  kids: (XNode | string)[];
}

export const elements = (n: XNode | undefined, name: string): XNode[] =>
  n ? (n.kids.filter((k) => typeof k !== 'string' && k.name === name) as XNode[]) : [];
export const element = (n: XNode | undefined, ...path: string[]): XNode | undefined => {
  let cur = n;
  for (const name of path) cur = elements(cur, name)[0];
  return cur;
};
export const attr = (n: XNode, name: string): string | undefined => {
  if (!n.attrs) return undefined;
  if (n.attrs[name] !== undefined) return n.attrs[name];
  for (const [k, v] of Object.entries(n.attrs)) if (k.endsWith(`:${name}`)) return v;
  return undefined;
};

/** Block elements that end a line when HTML sits in a description as elements rather than as escaped text. */
const BLOCK = /^(?:br|p|div|li|ul|ol|tr|h[1-6])$/i;

export function rawText(n: XNode): string {
  let s = '';
  for (const k of n.kids) {
    if (typeof k === 'string') s += k;
    else {
      const local = k.name.replace(/^\{[^}]*\}/, '');
      const inner = rawText(k);
      s += BLOCK.test(local) ? `\n${inner}\n` : inner;
    }
  }
  return s;
}

/** The element's text on one line: whitespace runs collapsed, trimmed; undefined when empty. */
export const line = (n: XNode | undefined): string | undefined => {
  if (!n) return undefined;
  const s = rawText(n).replace(/\s+/g, ' ').trim();
  return s || undefined;
};

// ---------------------------------------------------------------------------------------------------------
// Namespaces: elements of the BMEcat namespace (the root's, any bmecat.org one, or none) are known by their local
// name; elements of other namespaces get `{uri}local`, so they never match a BMEcat name.

export class Namespaces {
  private readonly scopes: Record<string, string>[] = [{ xml: 'http://www.w3.org/XML/1998/namespace' }];
  rootUri = '';

  push(attrs: XmlAttrs | undefined): void {
    const top = this.scopes[this.scopes.length - 1]!;
    let scope = top;
    if (attrs)
      for (const [k, v] of Object.entries(attrs)) {
        if (k === 'xmlns' || k.startsWith('xmlns:')) {
          if (scope === top) scope = { ...top };
          scope[k === 'xmlns' ? '' : k.slice(6)] = v;
        }
      }
    this.scopes.push(scope);
  }

  pop(): void {
    if (this.scopes.length > 1) this.scopes.pop();
  }

  get depth(): number {
    return this.scopes.length;
  }

  truncate(depth: number): void {
    this.scopes.length = Math.max(1, depth);
  }

  /** The name an element is known by (call after push, so its own declarations count). */
  key(qname: string): string {
    const colon = qname.indexOf(':');
    const prefix = colon < 0 ? '' : qname.slice(0, colon);
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    const uri = this.scopes[this.scopes.length - 1]![prefix];
    if (uri === undefined || uri === '' || uri === this.rootUri || /bmecat/i.test(uri)) return local;
    return `{${uri}}${local}`;
  }

  uri(qname: string): string {
    const colon = qname.indexOf(':');
    return this.scopes[this.scopes.length - 1]![colon < 0 ? '' : qname.slice(0, colon)] ?? '';
  }
}

type Collected = { node: XNode } | { problem: string; next?: XmlStartTag };

/**
 * Collects the subtree of `start` (already pushed on `ns`). With `recover` (a product: the names a next product
 * starts with) a syntax error skips to the product's end tag and answers a problem, as does the start of a next
 * product before this one's end tag; without it (the HEADER) it throws.
 */
export function collect(
  scanner: XmlScanner,
  ns: Namespaces,
  start: XmlStartTag,
  recover: ReadonlySet<string> | undefined,
): Collected {
  const baseDepth = ns.depth - 1;
  const root: XNode = { name: ns.key(start.name), attrs: start.attrs, kids: [] };
  if (start.selfClosing) {
    ns.pop();
    return { node: root };
  }
  const path: XNode[] = [root];
  const qnames: string[] = [start.name];
  const broken = (reason: string): Collected => {
    if (!recover) throw bmecatFailure(BMECAT_FAILURES.corrupt, `BMEcat: ${reason}`);
    ns.truncate(baseDepth);
    if (!scanner.skipToEndTag(start.name))
      throw bmecatFailure(BMECAT_FAILURES.corrupt, `BMEcat: ${reason}; the file ends inside <${start.name}>`);
    return { problem: reason };
  };
  for (;;) {
    let tok: XmlToken | undefined;
    try {
      tok = scanner.next();
    } catch (error) {
      if (error instanceof XmlSyntaxError) return broken(error.message);
      throw error;
    }
    if (!tok) throw bmecatFailure(BMECAT_FAILURES.corrupt, `BMEcat: the file ends inside <${start.name}>`);
    const top = path[path.length - 1]!;
    if (tok.t === 'text') {
      if (tok.text) top.kids.push(tok.text);
      continue;
    }
    if (tok.t === 'start') {
      ns.push(tok.attrs);
      const key = ns.key(tok.name);
      if (recover?.has(key)) {
        // the previous product lacks its end tag: report it and go on with this one
        ns.pop();
        ns.truncate(baseDepth);
        return { problem: `End-Tag </${start.name}> fehlt`, next: tok };
      }
      const node: XNode = { name: key, attrs: tok.attrs, kids: [] };
      top.kids.push(node);
      if (tok.selfClosing) ns.pop();
      else {
        path.push(node);
        qnames.push(tok.name);
      }
      continue;
    }
    if (tok.name === qnames[qnames.length - 1]) {
      path.pop();
      qnames.pop();
      ns.pop();
      if (!path.length) return { node: root };
      continue;
    }
    if (recover && tok.name === start.name) {
      ns.truncate(baseDepth);
      return { problem: `End-Tag </${qnames[qnames.length - 1]}> fehlt` };
    }
    return broken(`End-Tag </${tok.name}> passt nicht zu <${qnames[qnames.length - 1]}>`);
  }
}
