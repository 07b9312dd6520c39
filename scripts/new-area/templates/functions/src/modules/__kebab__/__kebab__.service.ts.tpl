import type { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import { sortKey } from '../../data/search-tokens.js';
import { authorizeRecord } from '../../http/record-access.js';
import {
  __UPPER___ERRORS,
  __camel__InputSchema,
  canSee__Pascal__,
  type __Pascal__Filter,
  type __Pascal__Input,
  type __Pascal__Record,
} from '../../model/__kebab__.js';
import type { Page } from '../../model/paging.js';
import type { Principal } from '../../model/user.js';
import { errorsOf } from '../../platform/api-error.js';
import type { Clock } from '../../platform/clock.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import type { RunTransaction } from '../../platform/transaction.js';
import { __camel__CreatedMail } from './__kebab__-mails.js';
import type { __Pascal__Repository } from './__kebab__.repository.js';

// the title claim's kind, declared beside the code that claims it (data/unique-keys.repository.ts)
declare module '../../data/unique-keys.repository.js' {
  interface UniqueKinds {
    __camel__Title: true;
  }
}

const fail = errorsOf(__UPPER___ERRORS);

interface __Pascal__Deps {
  repo: __Pascal__Repository;
  uniqueKeys: UniqueKeysRepository;
  transaction: RunTransaction;
  now: Clock;
  mail: MailOutbox;
  portalUrl: string;
}

/** The __Label__ area: pages of records, one record (checked with the model's rule), a new record. */
export class __Pascal__Service {
  constructor(private readonly d: __Pascal__Deps) {}

  /** GET /__kebab__/filter: the caller passed the routes' guard, which is the whole rule of the list. */
  page(query: __Pascal__Filter): Promise<Page<__Pascal__Record>> {
    return this.d.repo.page(query);
  }

  /** GET /__kebab__/?id=: missing or hidden answers 404 (the same answer, so ids cannot be probed). */
  async get(caller: Principal, id: string): Promise<__Pascal__Record> {
    return authorizeRecord(caller, await this.d.repo.get(id), {
      see: (record) => canSee__Pascal__(caller, record),
      seesAll: caller.platformAdmin,
    });
  }

  /**
   * A new record (the seed and the tests; an API route would call it the same way): its title is claimed in the same
   * transaction that writes it (409 __camel__TitleTaken), and the creator's confirmation mail goes with it.
   */
  async create(caller: Principal, input: __Pascal__Input): Promise<__Pascal__Record> {
    const { title, note } = await __camel__InputSchema.validate(input, { abortEarly: false, stripUnknown: true });
    const now = this.d.now();
    const record: __Pascal__Record = {
      id: this.d.repo.newId(),
      title,
      note,
      createdBy: caller.uid,
      createDate: now,
      lastUpdate: now,
    };
    const key = sortKey(title);
    await this.d.transaction(async (tx) => {
      if (await this.d.uniqueKeys.getInTx(tx, '__camel__Title', key)) throw fail.__camel__TitleTaken();
      this.d.uniqueKeys.claimInTx(tx, { kind: '__camel__Title', value: key, ownerId: record.id }, now);
      this.d.repo.createInTx(tx, record);
      this.d.mail.sendInTx(
        tx,
        __camel__CreatedMail({ contact: caller.user, record, portalUrl: this.d.portalUrl }),
        now,
      );
    });
    return record;
  }
}
