import type { ArticleMappableField } from '../../../model/bom/fields.js';
import { attr, element, elements, line, type XNode } from './bmecat-xml.js';

/**
 * What a product is read against: the catalogue's HEADER, the element names of its BMEcat version, and the
 * problem a product the import must skip is reported with.
 */

export interface Header {
  currency?: string;
  mimeRoot?: string;
  /** the catalogue's languages, the default first */
  languages: string[];
}

export function readHeader(node: XNode): Header {
  const catalog = element(node, 'CATALOG');
  const languages = elements(catalog, 'LANGUAGE')
    .sort((a, b) => Number(attr(b, 'default') === 'true') - Number(attr(a, 'default') === 'true'))
    .map((l) => line(l)?.toLowerCase())
    .filter((l): l is string => !!l);
  return {
    currency: line(element(catalog, 'CURRENCY'))?.toUpperCase(),
    mimeRoot: line(element(catalog, 'MIME_ROOT')),
    languages,
  };
}

const GERMAN = new Set(['deu', 'ger', 'de', 'de-de', 'de_de']);

/** The German variant of a repeated language element, else one without `lang`, else the catalogue default, else the first. */
export function pick(nodes: XNode[], header: Header): XNode | undefined {
  if (nodes.length <= 1) return nodes[0];
  const lang = (n: XNode) => attr(n, 'lang')?.toLowerCase();
  return (
    nodes.find((n) => GERMAN.has(lang(n) ?? '')) ??
    nodes.find((n) => lang(n) === undefined) ??
    nodes.find((n) => lang(n) === header.languages[0]) ??
    nodes[0]
  );
}

export type Values = Partial<Record<ArticleMappableField, string>>;

export class ProductProblem extends Error {
  constructor(
    readonly column: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The element names that differ between BMEcat 2005 (PRODUCT) and 1.2 (ARTICLE). */
export interface Names {
  details: string;
  features: string;
  orderDetails: string;
  priceDetails: string;
  price: string;
  supplierId: string;
  supplierAltId: string;
  manufacturerId: string;
}

export const NAMES_2005: Names = {
  details: 'PRODUCT_DETAILS',
  features: 'PRODUCT_FEATURES',
  orderDetails: 'PRODUCT_ORDER_DETAILS',
  priceDetails: 'PRODUCT_PRICE_DETAILS',
  price: 'PRODUCT_PRICE',
  supplierId: 'SUPPLIER_PID',
  supplierAltId: 'SUPPLIER_ALT_PID',
  manufacturerId: 'MANUFACTURER_PID',
};
export const NAMES_12: Names = {
  details: 'ARTICLE_DETAILS',
  features: 'ARTICLE_FEATURES',
  orderDetails: 'ARTICLE_ORDER_DETAILS',
  priceDetails: 'ARTICLE_PRICE_DETAILS',
  price: 'ARTICLE_PRICE',
  supplierId: 'SUPPLIER_AID',
  supplierAltId: 'SUPPLIER_ALT_AID',
  manufacturerId: 'MANUFACTURER_AID',
};
