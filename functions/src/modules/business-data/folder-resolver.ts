import { defaultFolderSettings, type FolderFacts, type FolderStanding } from '../../model/business-data.js';
import type { Offer } from '../../model/offer.js';
import type { Logger } from '../../platform/logger.js';
import type { OffersPort } from '../offers/offers.port.js';
import type { BusinessDataRepository, FolderRecord } from './business-data.repository.js';

/** Revision chains are short; a longer walk is a data problem and stops here. */
const MAX_CHAIN = 50;

/** An offer id resolved to its project folder. */
export interface ResolvedFolder {
  /** the first offer's id: the folder's id and Storage folder */
  folderId: string;
  /** the stored record; absent while nothing was stored yet (an empty folder with the default settings) */
  record?: FolderRecord;
  offerIds: string[];
  /** the newest version of the offer */
  newest: Offer;
  /** the version the customer and outsiders see: the newest, or the released one a draft revision replaces */
  shown: Offer;
  facts: FolderFacts;
}

/** The standing the rules use: a draft revision keeps its released predecessor's (links survive a revision). */
export function standingOf<O extends Pick<Offer, keyof FolderStanding>>(
  newest: O,
  previous: O | undefined,
): { shown: O; standing: FolderStanding } {
  const shown = !newest.released && previous?.released ? previous : newest;
  return {
    shown,
    standing: {
      supplierId: newest.supplierId,
      customerId: newest.customerId,
      released: shown.released,
      state: shown.state,
      archived: newest.archived || shown.archived,
    },
  };
}

/** The facts of a folder: its offer's standing and its settings (the defaults while nothing was stored). */
export function factsOf(standing: FolderStanding, record: Pick<FolderRecord, 'settings'> | undefined): FolderFacts {
  return { ...standing, settings: record?.settings ?? defaultFolderSettings() };
}

/**
 * Finds the folder of an offer id — any version of the revision chain, so links sent out survive a revision:
 * first by the folder's list of offer ids (one indexed query), otherwise (a new chain, or a revision whose event
 * was missed) by walking the offers' `previousOfferId` links to the first version.
 */
export class FolderResolver {
  constructor(
    private readonly d: {
      folders: BusinessDataRepository;
      offers: Pick<OffersPort, 'record' | 'records'>;
      log: Pick<Logger, 'warn'>;
    },
  ) {}

  async byOfferId(offerId: string): Promise<ResolvedFolder | undefined> {
    const record = await this.d.folders.byOfferId(offerId);
    if (record) return this.fromRecord(record);
    const offer = await this.d.offers.record(offerId);
    if (!offer) return undefined;
    const chain = [offer];
    for (let o = offer; o.previousOfferId && chain.length < MAX_CHAIN;) {
      const previous = await this.d.offers.record(o.previousOfferId);
      if (!previous) break;
      chain.unshift(previous);
      o = previous;
    }
    for (let o = offer; o.nextOfferId && chain.length < MAX_CHAIN;) {
      const next = await this.d.offers.record(o.nextOfferId);
      if (!next) break;
      chain.push(next);
      o = next;
    }
    const rootId = chain[0]!.id;
    const stored = rootId !== offerId ? await this.d.folders.get(rootId) : undefined;
    if (stored) return this.fromRecord(stored);
    return this.build(rootId, undefined, chain);
  }

  /** The folder of the generic /file calls' path (`business-data/{folderId}/`): the first offer's id. */
  async byFolderId(folderId: string): Promise<ResolvedFolder | undefined> {
    const record = await this.d.folders.get(folderId);
    if (record) return this.fromRecord(record);
    const resolved = await this.byOfferId(folderId);
    return resolved?.folderId === folderId ? resolved : undefined;
  }

  private async fromRecord(record: FolderRecord): Promise<ResolvedFolder | undefined> {
    const known = await this.d.offers.records(record.offerIds);
    const chain = record.offerIds.flatMap((id) => known.get(id) ?? []);
    let newest = known.get(record.currentOfferId) ?? chain.at(-1);
    if (!newest) return undefined;
    // a revision whose event was missed: follow the links forward and remember them
    const found: Offer[] = [];
    while (newest.nextOfferId && found.length < MAX_CHAIN) {
      const next = await this.d.offers.record(newest.nextOfferId);
      if (!next) break;
      found.push(next);
      newest = next;
    }
    if (found.length) {
      await this.d.folders
        .addOffers(
          record.id,
          found.map((o) => o.id),
          newest.id,
        )
        .catch((error: unknown) => this.d.log.warn('project folder: offer chain not stored', { error: String(error) }));
    }
    return this.build(record.id, record, [...chain.filter((o) => o.id !== newest.id), ...found.slice(0, -1), newest]);
  }

  private build(folderId: string, record: FolderRecord | undefined, chain: Offer[]): ResolvedFolder {
    const newest = chain.at(-1)!;
    const previous = newest.previousOfferId ? chain.find((o) => o.id === newest.previousOfferId) : undefined;
    const { shown, standing } = standingOf(newest, previous);
    const offerIds = [...new Set([...(record?.offerIds ?? []), ...chain.map((o) => o.id)])];
    return { folderId, record, offerIds, newest, shown, facts: factsOf(standing, record) };
  }
}
