import type { ArticleMappableField } from '../../../model/bom/fields.js';

/**
 * What a catalogue exchange file (DATANORM 4/5, BMEcat 2005) contributes to an article import, in file order.
 * An article record carries text values keyed by article field — the import types them with the same
 * ArticleRowBuilder as a spreadsheet row (an identity mapping, headers = field names), so numbers, units and
 * lists follow one set of rules whatever the source. Prices follow the catalogue's rule (decimals.ts
 * `catalogPrices`): listPrice and purchasePrice are decimal strings with a dot and at most two decimals ('12.5'), per
 * `priceUnitSize` units — the price as the file states it per its price unit (DATANORM Preiseinheit, BMEcat
 * PRICE_QUANTITY), never divided; priceUnitSize is emitted whenever the file states the unit (absent: the stored
 * article's stays).
 */
interface SourceArticleRecord {
  kind: 'article';
  /** where the record sits in the file (line number of DATANORM's A record, BMEcat's PRODUCT/ARTICLE ordinal) */
  rowNumber: number;
  values: Partial<Record<ArticleMappableField, string>>;
  /**
   * The record only changes an article the catalogue already has (BMEcat T_UPDATE_PRICES, DATANORM P and B records):
   * for an unknown number it is reported, not created as an article without description.
   */
  updateOnly?: boolean;
}

/** A discount group the file defines (DATANORM .RAB / R records), merged into the discount-group list. */
export interface SourceDiscountGroupRecord {
  kind: 'discountGroup';
  rowNumber: number;
  /** the group's key as articles reference it (DATANORM Rabattgruppe) */
  name: string;
  description?: string;
  /** discount in percent, if the file gives one */
  percent?: number;
  /** the manufacturer the group belongs to, by name (the configuration's manufacturer when absent) */
  manufacturerName?: string;
}

export type SourceRecord = SourceArticleRecord | SourceDiscountGroupRecord;

/** A problem the reader found in one record; the record is skipped and the problem goes into the import report. */
export interface SourceRecordProblem {
  kind: 'problem';
  rowNumber: number;
  /** the record's field or tag, e.g. 'A.Kurztext1' or 'PRODUCT_PRICE' */
  column: string;
  /** German, for the report (people read it) */
  reason: string;
}

/**
 * Reads a whole file as records. Streams: memory stays bounded by one record (plus, for DATANORM, the
 * records that belong to one article number until it is complete), never the whole file. Throws a
 * SpreadsheetError-like `TaskFailure` only when the file as a whole is unreadable.
 */
export type SourceReader = (bytes: Buffer, fileName: string) => AsyncIterable<SourceRecord | SourceRecordProblem>;
