import type { DocumentType } from './files.js';

/**
 * An offer's states and the one transition table (spec 01 §4 "Who may act in which state" and "Offer transitions";
 * issue 9, issue 32 point 8: jobs that end and orders that lapse). Isomorphic: the API runs every state change
 * through OFFER_TRANSITIONS and the web shows its buttons from the same table. Decisions: docs/decisions-offers.md.
 */

/**
 * OPEN → ACCEPTED (an order) → CONFIRMED (a job) → DELIVERED → FINISHED; a job not delivered yet can be CANCELLED by
 * the customer; an order nobody confirmed LAPSED after ORDER_LAPSE_DAYS. DECLINED is the customer's no.
 */
export const OFFER_STATES = [
  'OPEN',
  'DECLINED',
  'ACCEPTED',
  'CONFIRMED',
  'DELIVERED',
  'FINISHED',
  'CANCELLED',
  'LAPSED',
] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** Spec 01 §4 colours (the four states it names); the states of issue 32 beside them. */
export const OFFER_STATE_COLORS: Record<OfferState, string> = {
  OPEN: '#575656',
  ACCEPTED: '#15A34E',
  CONFIRMED: '#4a7bf8',
  DECLINED: '#C5102C',
  DELIVERED: '#0E7490',
  FINISHED: '#1E3A8A',
  CANCELLED: '#7F1D1D',
  LAPSED: '#A16207',
};

/**
 * The list views (spec 01 §2): /offer shows OPEN and DECLINED, /order the orders, /job the jobs. Each view may
 * filter by the states listed here; it shows OFFER_LIST_DEFAULT_STATES until the user picks others (ended jobs and
 * lapsed orders stay findable, but leave the default view).
 */
export const OFFER_LIST_STATES = {
  offer: ['OPEN', 'DECLINED'],
  order: ['ACCEPTED', 'LAPSED'],
  job: ['CONFIRMED', 'DELIVERED', 'FINISHED', 'CANCELLED'],
} as const satisfies Record<string, readonly OfferState[]>;
export type OfferListView = keyof typeof OFFER_LIST_STATES;

export const OFFER_LIST_DEFAULT_STATES = {
  offer: ['OPEN', 'DECLINED'],
  order: ['ACCEPTED'],
  job: ['CONFIRMED', 'DELIVERED'],
} as const satisfies { [V in OfferListView]: ReadonlyArray<(typeof OFFER_LIST_STATES)[V][number]> };

/** The states of a job: the supplier confirmed the order (what /job lists). */
const JOB_STATES = OFFER_LIST_STATES.job;
export function isJobState(state: OfferState): boolean {
  return (JOB_STATES as readonly OfferState[]).includes(state);
}

/**
 * The customer's order binds him for two weeks (AVB): the supplier is reminded after ORDER_REMINDER_DAYS, and the
 * order lapses after ORDER_LAPSE_DAYS unless he confirmed it (background tasks scheduled at the accept).
 */
export const ORDER_REMINDER_DAYS = 7;
export const ORDER_LAPSE_DAYS = 14;
const DAY_MS = 24 * 60 * 60_000;

/** When the order accepted at `acceptDate` is due for the supplier's reminder and for its lapse. */
export function orderDeadlines(acceptDate: Date): { reminderDate: Date; lapseDate: Date } {
  return {
    reminderDate: new Date(acceptDate.getTime() + ORDER_REMINDER_DAYS * DAY_MS),
    lapseDate: new Date(acceptDate.getTime() + ORDER_LAPSE_DAYS * DAY_MS),
  };
}

export type OfferAction =
  'release' | 'accept' | 'decline' | 'confirm' | 'revise' | 'archive' | 'deliver' | 'finish' | 'cancel' | 'lapse';
export type OfferSide = 'supplier' | 'customer';

export interface OfferTransition {
  /** who acts: the offer's supplier company, the enquiry's customer company, or the platform's scheduled task */
  side: OfferSide | 'platform';
  /** the states the action starts from */
  from: readonly OfferState[];
  /** must the offer be released (true), a draft (false), or either (undefined) */
  released?: boolean;
  /** a document of this type must be among the offer's files (spec 01 §4/§5) */
  requires?: DocumentType;
  /** the state afterwards (release, revise and archive keep it) */
  to?: OfferState;
}

/**
 * The one transition table. Decisions: orders and jobs cannot be archived (they are binding); an archived or
 * invalidated offer takes no action; the supplier reports a job delivered, the customer finishes it (after the
 * delivery, or at once when he received it without a report) or cancels it with a reason before the delivery;
 * FINISHED, CANCELLED and LAPSED are final. Nobody lapses an order by hand: the scheduled task does.
 */
export const OFFER_TRANSITIONS: Record<OfferAction, OfferTransition> = {
  release: { side: 'supplier', from: ['OPEN'], released: false, requires: 'OFFER' },
  accept: { side: 'customer', from: ['OPEN'], released: true, requires: 'ORDER', to: 'ACCEPTED' },
  decline: { side: 'customer', from: ['OPEN'], released: true, to: 'DECLINED' },
  confirm: { side: 'supplier', from: ['ACCEPTED'], released: true, requires: 'ORDER_CONFIRMATION', to: 'CONFIRMED' },
  revise: { side: 'supplier', from: ['OPEN', 'DECLINED'], released: true },
  archive: { side: 'supplier', from: ['OPEN', 'DECLINED'] },
  deliver: { side: 'supplier', from: ['CONFIRMED'], released: true, to: 'DELIVERED' },
  finish: { side: 'customer', from: ['CONFIRMED', 'DELIVERED'], released: true, to: 'FINISHED' },
  cancel: { side: 'customer', from: ['CONFIRMED'], released: true, to: 'CANCELLED' },
  lapse: { side: 'platform', from: ['ACCEPTED'], released: true, to: 'LAPSED' },
};

/** GET /offer/statechange?state=…: the target state names the action (a lapse is no caller's). */
export const STATE_CHANGE_ACTIONS = {
  ACCEPTED: 'accept',
  DECLINED: 'decline',
  CONFIRMED: 'confirm',
  DELIVERED: 'deliver',
  FINISHED: 'finish',
  CANCELLED: 'cancel',
} as const satisfies Partial<Record<OfferState, OfferAction>>;
export type StateChangeTarget = keyof typeof STATE_CHANGE_ACTIONS;
export const STATE_CHANGE_TARGETS = Object.keys(STATE_CHANGE_ACTIONS) as StateChangeTarget[];

/** Why the table refuses an action on this offer (without looking at the caller or the files). */
export type TransitionRefusal = 'invalidTransition' | 'offerNotReleased' | 'offerReleased';

export function transitionRefusal(
  offer: { state: OfferState; released: boolean; archived: boolean; invalidated: boolean },
  action: OfferAction,
): TransitionRefusal | undefined {
  const t = OFFER_TRANSITIONS[action];
  if (offer.archived || offer.invalidated || !t.from.includes(offer.state)) return 'invalidTransition';
  if (t.released === true && !offer.released) return 'offerNotReleased';
  if (t.released === false && offer.released) return 'offerReleased';
  return undefined;
}
