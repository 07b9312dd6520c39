// What the load run created and what it expects of each record (scripts/load/load.bench.ts). The simulated users
// share it: they pick their next step from it and claim work (an enquiry being accepted, an offer being confirmed)
// before their first await, so no two users race where a real team would not (the scenario's own races — a supplier
// offering on an enquiry its customer is closing — are answered 409 and counted as allowed).

type LoadOfferState = 'OPEN' | 'ACCEPTED' | 'CONFIRMED';

export interface EnquiryRecord {
  id: string;
  customerId: string;
  released: boolean;
  mapped: boolean;
  order?: { offerId: string; supplierId: string; confirmed: boolean };
  /** a customer user is accepting one of its offers now */
  accepting: boolean;
}

export interface OfferRecord {
  id: string;
  enquiryId: string;
  customerId: string;
  supplierId: string;
  state: LoadOfferState;
  released: boolean;
  /** folder files claimed by an upload (in flight or stored) */
  folderFiles: number;
  /** folder files whose upload was answered 201: what a customer may zip */
  folderFilesStored: number;
  /** a supplier user is confirming it now */
  confirming: boolean;
}

export interface ConversationRecord {
  id: string;
  kind: 'enquiry' | 'offer';
  recordId: string;
  messages: number;
  /** the customer's and the supplier's company */
  companies: [string, string];
  /** the token of a participant (who opened it), for the verification */
  token: string;
}

const FOLDER_FILES_PER_OFFER = 3;
/** below the ZIP throttle of 20 per folder, user and 10 minutes (business-data/downloads.ts) */
const ZIPS_PER_FOLDER_AND_USER = 8;

export class Ledger {
  readonly enquiries = new Map<string, EnquiryRecord>();
  readonly offers = new Map<string, OfferRecord>();
  readonly conversations = new Map<string, ConversationRecord>();
  private readonly offered = new Set<string>();
  private readonly zips = new Map<string, number>();

  addEnquiry(id: string, customerId: string): EnquiryRecord {
    const rec: EnquiryRecord = { id, customerId, released: false, mapped: false, accepting: false };
    this.enquiries.set(id, rec);
    return rec;
  }

  addOffer(id: string, enquiry: EnquiryRecord, supplierId: string): OfferRecord {
    const rec: OfferRecord = {
      id,
      enquiryId: enquiry.id,
      customerId: enquiry.customerId,
      supplierId,
      state: 'OPEN',
      released: false,
      folderFiles: 0,
      folderFilesStored: 0,
      confirming: false,
    };
    this.offers.set(id, rec);
    return rec;
  }

  /** Registers a conversation (POST /conversation/ answers the existing one to a second opener). */
  conversation(
    id: string,
    kind: 'enquiry' | 'offer',
    recordId: string,
    companies: [string, string],
    token: string,
  ): ConversationRecord {
    const known = this.conversations.get(id);
    if (known) return known;
    const rec = { id, kind, recordId, messages: 0, companies, token };
    this.conversations.set(id, rec);
    return rec;
  }

  /** Claims an enquiry for a supplier company's offer: true once per company and enquiry. */
  claimOffer(supplierId: string, enquiryId: string): boolean {
    const key = `${supplierId}:${enquiryId}`;
    if (this.offered.has(key) || !this.enquiries.get(enquiryId)?.released) return false;
    this.offered.add(key);
    return true;
  }

  /** A released OPEN offer on an enquiry of this customer that has no order and is not being accepted. */
  acceptable(customerId: string): OfferRecord | undefined {
    return this.pick(
      [...this.offers.values()].filter((o) => {
        const e = this.enquiries.get(o.enquiryId)!;
        return o.customerId === customerId && o.released && o.state === 'OPEN' && !e.order && !e.accepting;
      }),
    );
  }

  /** An ACCEPTED offer of this supplier nobody is confirming. */
  confirmable(supplierId: string): OfferRecord | undefined {
    return this.pick(
      [...this.offers.values()].filter((o) => o.supplierId === supplierId && o.state === 'ACCEPTED' && !o.confirming),
    );
  }

  /** An order (ACCEPTED or CONFIRMED) of this supplier whose project folder has room for another file. */
  folderToFill(supplierId: string): OfferRecord | undefined {
    return this.pick(
      [...this.offers.values()].filter(
        (o) => o.supplierId === supplierId && o.state !== 'OPEN' && o.folderFiles < FOLDER_FILES_PER_OFFER,
      ),
    );
  }

  /** An order of this customer with folder files that `userId` has not zipped too often yet (counted as taken). */
  folderToDownload(customerId: string, userId: string): OfferRecord | undefined {
    const offer = this.pick(
      [...this.offers.values()].filter(
        (o) =>
          o.customerId === customerId &&
          o.folderFilesStored > 0 &&
          (this.zips.get(`${o.id}:${userId}`) ?? 0) < ZIPS_PER_FOLDER_AND_USER,
      ),
    );
    if (offer) this.zips.set(`${offer.id}:${userId}`, (this.zips.get(`${offer.id}:${userId}`) ?? 0) + 1);
    return offer;
  }

  /** A conversation of this company's records where a message is expected to be taken. */
  openConversation(companyId: string): ConversationRecord | undefined {
    return this.pick(
      [...this.conversations.values()].filter((c) => {
        if (!c.companies.includes(companyId)) return false;
        const e = this.enquiries.get(c.recordId);
        return c.kind === 'offer' || (!!e && !e.order && !e.accepting);
      }),
    );
  }

  private pick<T>(items: T[]): T | undefined {
    return items[Math.floor(Math.random() * items.length)];
  }
}
