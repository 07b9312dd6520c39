import { CHAT_DATE_FIELDS } from '@model/chat-dates';
import type { Enquiry } from '@model/enquiry';
import type { Offer } from '@model/offer';
import { enquiryChatStanding, offerChatStanding, usesChat } from '@model/chat-standing';
import { paths } from '@/config/paths';
import { lazyPage, type Feature } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

/**
 * The chat's slot components (panels, bell, digest switch) come from ONE lazy module: one chunk and one preload list in
 * the entry, which every signed-out page carries (web/e2e/delivery.e2e.test.ts budget).
 */
const chatUi = () => import('./components/chat-slots');

/** An enquiry that was ever released may hold conversations (a reopened one keeps them readable). */
const enquiryHasChat = (e: Enquiry) => !!e.firstReleaseDate || enquiryChatStanding(e) !== 'notOpen';
/** An offer the customer can see (released) or a revision in work. */
const offerHasChat = (o: Offer) => offerChatStanding(o) !== 'notOpen';

/**
 * Chat and notifications (issue 21; spec 01 §2 "Messages", "Chat side panel", "Main menu" bell): the /messages page
 * (ADMIN-company users keep the route and see its empty state), the chat panel on enquiries and offers, the unread
 * bell in the header for CUSTOMER and SUPPLIER users.
 */
export const chatFeature: Feature = {
  namespace: 'chat',
  dateFields: CHAT_DATE_FIELDS,
  routes: [
    {
      path: paths.messages.list.path,
      allowed: (p) => p.companyType !== 'EXTERNAL',
      element: lazyPage(() => import('./components/messages-page'), 'MessagesPage'),
    },
  ],
  panels: [
    {
      record: 'enquiry',
      id: 'chat',
      order: 50,
      titleKey: 'chat:title',
      visible: (e, caller) => usesChat(caller) && enquiryHasChat(e),
      component: lazyComponent(chatUi, 'EnquiryChatPanel'),
    },
    {
      record: 'offer',
      id: 'chat',
      order: 50,
      titleKey: 'chat:title',
      visible: (o, caller) => usesChat(caller) && offerHasChat(o),
      component: lazyComponent(chatUi, 'OfferChatPanel'),
    },
    {
      record: 'profile',
      id: 'chat-digest',
      order: 50,
      titleKey: 'chat:digest.title',
      visible: (_user, caller) => usesChat(caller),
      component: lazyComponent(chatUi, 'DigestSwitch'),
    },
  ],
  headerWidgets: [
    {
      id: 'unread-bell',
      order: 10,
      visible: (caller) => usesChat(caller),
      component: lazyComponent(chatUi, 'UnreadBell'),
    },
  ],
};
