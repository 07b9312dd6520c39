import { readHeader, ProductProblem, type Header } from './bmecat-catalog.js';
import { mapProduct } from './bmecat-product.js';
import { BMECAT_FAILURES, bmecatFailure, collect, Namespaces, type XmlStartTag } from './bmecat-xml.js';
import type { SourceReader, SourceRecord, SourceRecordProblem } from './source-records.js';
import { XmlEncodingError, XmlScanner, XmlSyntaxError, type XmlToken } from './xml-stream.js';

/**
 * BMEcat reader (2005, and 1.2 with its ARTICLE names) for the article import: one article record per
 * PRODUCT/ARTICLE of the transactions T_NEW_CATALOG, T_UPDATE_PRODUCTS, T_UPDATE_PRICES and T_NEW_PRODUCTDATA, in
 * file order. Streams: the tokenizer (xml-stream.ts) decodes the bytes slice by slice; the elements the reader acts
 * on are a handler table (HEADER, the transactions, PRODUCT/ARTICLE), only the current product's elements are held
 * as a tree (the HEADER's too), everything else is passed by depth counting. What is read and how it maps:
 * docs/decisions-imports.md, "BMEcat 2005" (why a tokenizer of its own rather than a library: "BMEcat: the XML
 * parser").
 */

type Output = SourceRecord | SourceRecordProblem;

/** Where the reader is in the document. */
interface ReaderState {
  readonly scanner: XmlScanner;
  readonly ns: Namespaces;
  readonly fileName: string;
  /** raw names of the open elements outside products */
  readonly open: string[];
  header: Header;
  transaction: string | undefined;
  sawTransaction: boolean;
  /** the PRODUCT/ARTICLE ordinal (the records' rowNumber) */
  ordinal: number;
  /** a product's start tag met while collecting the one before it (whose end tag is missing) */
  pending: XmlStartTag | undefined;
}

/**
 * An element the reader acts on, known by its name in the BMEcat namespace where `applies` says it counts.
 * `read` answers true when it consumed the element with its subtree, false when the reader descends into it.
 */
interface ElementHandler {
  applies(s: ReaderState): boolean;
  read(s: ReaderState, start: XmlStartTag, key: string): Generator<Output, boolean>;
}

const TRANSACTIONS = ['T_NEW_CATALOG', 'T_UPDATE_PRODUCTS', 'T_UPDATE_PRICES', 'T_NEW_PRODUCTDATA'];
const PRODUCT_NAMES: ReadonlySet<string> = new Set(['PRODUCT', 'ARTICLE']);

const headerHandler: ElementHandler = {
  applies: (s) => s.open.length === 1,
  // eslint-disable-next-line require-yield -- a handler that yields nothing
  *read(s, start) {
    const h = collect(s.scanner, s.ns, start, undefined);
    if ('node' in h) s.header = readHeader(h.node);
    return true;
  },
};

const transactionHandler: ElementHandler = {
  applies: (s) => s.open.length === 1,
  // eslint-disable-next-line require-yield -- a handler that yields nothing
  *read(s, _start, key) {
    s.transaction = key;
    s.sawTransaction = true;
    return false;
  },
};

const productHandler: ElementHandler = {
  applies: (s) => s.open.length === 2 && s.transaction !== undefined,
  *read(s, start, key) {
    const rowNumber = ++s.ordinal;
    const c = collect(s.scanner, s.ns, start, PRODUCT_NAMES);
    if ('problem' in c) {
      s.pending = c.next;
      yield {
        kind: 'problem',
        rowNumber,
        column: key,
        reason: `Der Artikel ist kein gültiges XML (${c.problem}) und wurde übersprungen.`,
      };
      return true;
    }
    const transaction = s.transaction!;
    try {
      const values = mapProduct(c.node, s.header, transaction);
      yield {
        kind: 'article',
        rowNumber,
        values,
        // a price update names no description: it must not create an article
        ...(transaction === 'T_UPDATE_PRICES' ? { updateOnly: true } : {}),
      };
    } catch (error) {
      if (!(error instanceof ProductProblem)) throw error;
      yield { kind: 'problem', rowNumber, column: error.column, reason: error.reason };
    }
    return true;
  },
};

/** BMEcat element name → its handler; every other element is passed by depth counting. */
const ELEMENT_HANDLERS: ReadonlyMap<string, ElementHandler> = new Map([
  ['HEADER', headerHandler],
  ...TRANSACTIONS.map((t) => [t, transactionHandler] as const),
  ...[...PRODUCT_NAMES].map((p) => [p, productHandler] as const),
]);

const isBmecatRoot = (qname: string) => qname.slice(qname.indexOf(':') + 1) === 'BMECAT';

function openScanner(bytes: Buffer, fileName: string): XmlScanner {
  try {
    return new XmlScanner(bytes);
  } catch (error) {
    if (error instanceof XmlEncodingError)
      throw bmecatFailure(BMECAT_FAILURES.corrupt, `${fileName}: encoding ${error.label} is not supported`);
    throw error;
  }
}

/** The next token: a pending product start first; a syntax error outside products fails the file. */
function nextToken(s: ReaderState): XmlToken | undefined {
  const pending = s.pending;
  if (pending) {
    s.pending = undefined;
    return pending;
  }
  try {
    return s.scanner.next();
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    throw s.open.length
      ? bmecatFailure(BMECAT_FAILURES.corrupt, `${s.fileName}: ${error.message}`)
      : bmecatFailure(BMECAT_FAILURES.notBmecat, `${s.fileName} is not a BMEcat file (${error.message})`);
  }
}

/** Closes the innermost open element; false when the end tag does not fit the document. */
function closeElement(s: ReaderState, name: string): void {
  const notBmecat = (reason: string) =>
    bmecatFailure(BMECAT_FAILURES.notBmecat, `${s.fileName} is not a BMEcat file (${reason})`);
  if (!s.open.length) throw notBmecat('end tag before the root');
  if (name !== s.open[s.open.length - 1])
    throw bmecatFailure(BMECAT_FAILURES.corrupt, `${s.fileName}: end tag </${name}> does not match <${s.open.at(-1)}>`);
  s.open.pop();
  s.ns.pop();
  if (s.open.length === 1) s.transaction = undefined;
}

async function* read(bytes: Buffer, fileName: string): AsyncGenerator<Output> {
  const s: ReaderState = {
    scanner: openScanner(bytes, fileName),
    ns: new Namespaces(),
    fileName,
    open: [],
    header: { languages: [] },
    transaction: undefined,
    sawTransaction: false,
    ordinal: 0,
    pending: undefined,
  };
  let rootSeen = false;
  for (let tok = nextToken(s); tok; tok = nextToken(s)) {
    if (tok.t === 'text') {
      if (!rootSeen && tok.text.trim())
        throw bmecatFailure(
          BMECAT_FAILURES.notBmecat,
          `${fileName} is not a BMEcat file (text before the root element)`,
        );
      continue;
    }
    if (tok.t === 'end') {
      closeElement(s, tok.name);
      if (!s.open.length) break;
      continue;
    }
    s.ns.push(tok.attrs);
    if (!rootSeen) {
      // the root's namespace (whatever it is) is the BMEcat namespace of this file
      if (!isBmecatRoot(tok.name))
        throw bmecatFailure(BMECAT_FAILURES.notBmecat, `${fileName} is not a BMEcat file (root <${tok.name}>)`);
      s.ns.rootUri = s.ns.uri(tok.name);
      rootSeen = true;
    }
    const key = s.ns.key(tok.name);
    const handler = ELEMENT_HANDLERS.get(key);
    if (handler?.applies(s) && (yield* handler.read(s, tok, key))) continue;
    if (tok.selfClosing) s.ns.pop();
    else s.open.push(tok.name);
  }
  if (!rootSeen) throw bmecatFailure(BMECAT_FAILURES.notBmecat, `${fileName} is not a BMEcat file (no root element)`);
  if (s.open.length)
    throw bmecatFailure(BMECAT_FAILURES.corrupt, `${fileName}: the file ends inside <${s.open.at(-1)}>`);
  if (!s.sawTransaction)
    throw bmecatFailure(BMECAT_FAILURES.empty, `${fileName}: the BMEcat file holds no transaction`);
}

/**
 * A cheap content check for an upload (before a task reads the file): true when the first element is BMECAT.
 * Reads only up to that element.
 */
export function looksLikeBmecat(bytes: Buffer): boolean {
  try {
    const scanner = new XmlScanner(bytes);
    for (let tok = scanner.next(); tok; tok = scanner.next()) {
      if (tok.t === 'text' && !tok.text.trim()) continue;
      return tok.t === 'start' && isBmecatRoot(tok.name);
    }
  } catch (error) {
    if (error instanceof XmlSyntaxError || error instanceof XmlEncodingError) return false;
    throw error;
  }
  return false;
}

/** BMEcat 2005 (and 1.2) catalogue files: see the module comment. */
export const readBmecat: SourceReader = (bytes, fileName) => read(bytes, fileName);
