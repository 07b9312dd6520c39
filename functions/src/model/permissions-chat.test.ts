import { describe, expect, it } from 'vitest';
import { avatarColor, AVATAR_PALETTE, initialsOf, messageSendSchema, MESSAGE_MAX_LENGTH } from './chat.js';
import type { Company, CompanyType } from './company.js';
import {
  chatSide,
  enquiryChatStanding,
  enquiryConversationRefusal,
  isMessageFor,
  isParticipant,
  mayCopyAttachment,
  offerChatStanding,
  offerConversationRefusal,
  recipientCompanyId,
  usesChat,
  type ChatCaller,
} from './permissions-chat.js';

const caller = (companyType: CompanyType, id: string, restriction?: ChatCaller['restriction']): ChatCaller => ({
  companyType,
  company: { id } as Company,
  restriction,
});
const customer = caller('CUSTOMER', 'c1');
const supplier = caller('SUPPLIER', 's1');
const otherSupplier = caller('SUPPLIER', 's2');
const otherCustomer = caller('CUSTOMER', 'c2');
const conversation = { supplierId: 's1', customerId: 'c1' };
const enquiry = { customerId: 'c1', released: true, closed: false, archived: false };
const offer = {
  supplierId: 's1',
  customerId: 'c1',
  released: true,
  state: 'OPEN' as const,
  archived: false,
  invalidated: false,
};

describe('who chats', () => {
  it('CUSTOMER and SUPPLIER users; not ADMIN, EXTERNAL or restricted callers', () => {
    expect(usesChat(customer)).toBe(true);
    expect(usesChat(supplier)).toBe(true);
    expect(usesChat(caller('ADMIN', 'a1'))).toBe(false);
    expect(usesChat(caller('EXTERNAL', 'x1'))).toBe(false);
    expect(usesChat(caller('CUSTOMER', 'c1', 'passwordChangeNeeded'))).toBe(false);
    expect(usesChat({})).toBe(false);
  });

  it('participants: the users of the two companies, nobody else', () => {
    expect(chatSide(customer, conversation)).toBe('customer');
    expect(chatSide(supplier, conversation)).toBe('supplier');
    expect(isParticipant(otherSupplier, conversation)).toBe(false);
    expect(isParticipant(otherCustomer, conversation)).toBe(false);
    // a company id alone does not make a side: the type must match
    expect(isParticipant(caller('SUPPLIER', 'c1'), conversation)).toBe(false);
    expect(isParticipant(caller('ADMIN', 's1'), conversation)).toBe(false);
  });

  it('the recipients are the other company', () => {
    expect(recipientCompanyId(conversation, 's1')).toBe('c1');
    expect(recipientCompanyId(conversation, 'c1')).toBe('s1');
  });

  it('a message is for the other company than the sender’s, as the user’s company is now', () => {
    const fromSupplier = { companyId: 's1' };
    expect(isMessageFor('c1', conversation, fromSupplier)).toBe(true);
    // a user moved to the sender's company, to another company, or gone: not his any more
    expect(isMessageFor('s1', conversation, fromSupplier)).toBe(false);
    expect(isMessageFor('c2', conversation, fromSupplier)).toBe(false);
    expect(isMessageFor(undefined, conversation, fromSupplier)).toBe(false);
    expect(isMessageFor('s1', conversation, { companyId: 'c1' })).toBe(true);
    // no conversation, or a sender of neither side: nobody's
    expect(isMessageFor('c1', undefined, fromSupplier)).toBe(false);
    expect(isMessageFor('c1', conversation, { companyId: 'x9' })).toBe(false);
  });
});

describe('standing', () => {
  it('enquiry: a draft has no chat, released is open, closed or archived readable only', () => {
    expect(enquiryChatStanding({ ...enquiry, released: false })).toBe('notOpen');
    expect(enquiryChatStanding(enquiry)).toBe('open');
    expect(enquiryChatStanding({ ...enquiry, released: false, closed: true })).toBe('readOnly');
    expect(enquiryChatStanding({ ...enquiry, archived: true })).toBe('readOnly');
  });

  it('offer: released open; a revision in work open; archived or invalidated readable only', () => {
    expect(offerChatStanding({ ...offer, released: false })).toBe('notOpen');
    expect(offerChatStanding({ ...offer, released: false, previousOfferId: 'o0' })).toBe('open');
    expect(offerChatStanding(offer)).toBe('open');
    expect(offerChatStanding({ ...offer, archived: true })).toBe('readOnly');
    expect(offerChatStanding({ ...offer, invalidated: true })).toBe('readOnly');
  });
});

describe('opening a conversation', () => {
  it('enquiry: suppliers who see it; its customer may not (403); others: hidden', () => {
    expect(enquiryConversationRefusal(supplier, enquiry)).toBeUndefined();
    expect(enquiryConversationRefusal(customer, enquiry)).toBe('forbidden');
    expect(enquiryConversationRefusal(otherCustomer, enquiry)).toBe('hidden');
    expect(enquiryConversationRefusal(supplier, { ...enquiry, released: false })).toBe('hidden');
    expect(enquiryConversationRefusal(supplier, { ...enquiry, closed: true })).toBe('chatReadOnly');
    expect(enquiryConversationRefusal(caller('ADMIN', 'a1'), enquiry)).toBe('hidden');
  });

  it('offer: either side who sees it; a draft refuses its supplier (409), is hidden from the customer', () => {
    expect(offerConversationRefusal(supplier, offer)).toBeUndefined();
    expect(offerConversationRefusal(customer, offer)).toBeUndefined();
    expect(offerConversationRefusal(otherSupplier, offer)).toBe('hidden');
    expect(offerConversationRefusal(supplier, { ...offer, released: false })).toBe('chatNotOpen');
    expect(offerConversationRefusal(customer, { ...offer, released: false })).toBe('hidden');
    expect(offerConversationRefusal(customer, { ...offer, archived: true })).toBe('chatReadOnly');
  });

  it('copying an attachment: customers on enquiries, both sides on offers', () => {
    expect(mayCopyAttachment(customer, { ...conversation, kind: 'enquiry' })).toBe(true);
    expect(mayCopyAttachment(supplier, { ...conversation, kind: 'enquiry' })).toBe(false);
    expect(mayCopyAttachment(supplier, { ...conversation, kind: 'offer' })).toBe(true);
    expect(mayCopyAttachment(customer, { ...conversation, kind: 'offer' })).toBe(true);
    expect(mayCopyAttachment(otherSupplier, { ...conversation, kind: 'offer' })).toBe(false);
  });
});

describe('messages', () => {
  const valid = (content: unknown) =>
    messageSendSchema.validate({ conversationId: 'k1', content }).then(
      () => 'ok',
      (e: { errors: string[] }) => e.errors[0],
    );

  it('content: trimmed, multi-line, at most MESSAGE_MAX_LENGTH, no control characters', async () => {
    expect(await valid('Zeile 1\nZeile 2\tmit Tab')).toBe('ok');
    expect(await valid('x'.repeat(MESSAGE_MAX_LENGTH))).toBe('ok');
    expect(await valid('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toMatch(/^validation\.maxLength/);
    expect(await valid('Klingel \u0007')).toBe('validation.controlCharacters');
    expect(await valid(42)).toBe('validation.type');
    expect(await messageSendSchema.validate({ conversationId: 'k1', content: '  Hallo  ' })).toMatchObject({
      content: 'Hallo',
    });
  });

  it('avatars: two initials, a palette colour that is stable per person', () => {
    expect(initialsOf('Erika Mustermann')).toBe('EM');
    expect(initialsOf('Hans Peter Weber')).toBe('HW');
    expect(initialsOf('weber')).toBe('WE');
    expect(initialsOf('')).toBe('?');
    expect(AVATAR_PALETTE).toHaveLength(12);
    expect(avatarColor('u1')).toBe(avatarColor('u1'));
    expect(AVATAR_PALETTE).toContain(avatarColor('irgendwer'));
  });
});
