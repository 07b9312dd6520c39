import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationView, MessageView } from '@model/chat';
import { principalOf } from '@/lib/current-user/principal';
import { customerUser, makeEnquiry, supplierUser } from '@/testing/enquiry-fixtures';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { makeOffer } from '@/testing/offer-fixtures';
import { renderPage } from '@/testing/render';
import { makeConversation, makeMessage, pathOf, queryOf } from '../testing/chat-fixtures';
import { EnquiryChatPanel, OfferChatPanel } from './chat-panel';

afterEach(() => vi.unstubAllGlobals());

const released = makeEnquiry({ released: true, releaseDate: new Date(), firstReleaseDate: new Date() });

/** The chat API of one test: conversations on the record, threads by id, sends and reads recorded. */
function chatApi({
  conversations = [] as ConversationView[],
  threads = {} as Record<string, MessageView[]>,
  status = 200,
  sendStatus = 201,
} = {}) {
  return mockFetch((c: MockCall) => {
    const path = pathOf(c);
    if (path === '/api/conversation/' && c.method === 'GET')
      return { status, body: status === 200 ? conversations : { code: 'internal' } };
    if (path === '/api/conversation/' && c.method === 'POST') {
      const created = makeConversation({ id: 'e_e1_s1', unread: false, lastMessage: undefined });
      conversations.push(created);
      return { status: 201, body: created };
    }
    if (path === '/api/conversation/message') {
      const { conversationId, after } = queryOf(c);
      return { body: { content: after ? [] : (threads[conversationId!] ?? []) } };
    }
    if (path === '/api/conversation/message/read/all') return { body: { marked: 1, more: false } };
    if (path === '/api/conversation/message/copyfile') return { status: 201, body: { filename: 'Skizze.pdf' } };
    if (path === '/api/conversation/message/send')
      return sendStatus === 201
        ? { status: 201, body: makeMessage({ senderId: 'u1', companyId: 'c1', content: 'gesendet' }) }
        : { status: sendStatus, body: { code: 'chatReadOnly' } };
    return undefined;
  });
}

describe('the chat panel', () => {
  it('a supplier on a released enquiry without a conversation starts one, then writes in the 3-row box', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = chatApi();
    renderPage(<EnquiryChatPanel record={released} caller={principalOf(supplierUser)} canChange={false} />, {
      user: supplierUser,
    });
    await user.click(await screen.findByRole('button', { name: 'Unterhaltung beginnen' }));
    const box = await screen.findByRole('textbox', { name: 'Nachricht' });
    expect(box).toHaveAttribute('rows', '3');
    const post = calls.find((c) => pathOf(c) === '/api/conversation/' && c.method === 'POST');
    expect(post?.body).toEqual({ enquiryId: 'e1' });
    expect(screen.getByRole('button', { name: 'Senden' })).toBeDisabled();
    await user.type(box, 'Welche Schutzart?');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(calls.some((c) => pathOf(c) === '/api/conversation/message/send')).toBe(true));
    const sent = calls.find((c) => pathOf(c) === '/api/conversation/message/send')!.body as FormData;
    expect(sent.get('conversationId')).toBe('e_e1_s1');
    expect(sent.get('content')).toBe('Welche Schutzart?');
    expect(sent.get('file')).toBeNull();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('the customer: a list with one entry per supplier, "!" where unread, back button; opening marks it read', async () => {
    const user = userEvent.setup({ delay: null });
    const weber = makeConversation({ unread: true });
    const schmidt = makeConversation({
      id: 'e_e1_s2',
      supplierId: 's2',
      supplierName: 'Schmidt Elektro',
      companyName: 'Schmidt Elektro',
      lastMessageSender: 'Petra Schmidt',
    });
    const calls = chatApi({
      conversations: [weber, schmidt],
      threads: {
        e_e1_s1: [
          makeMessage({
            content: 'Welche Schutzart?',
            read: false,
            attachmentPath: 'conversations/e_e1_s1/Skizze.pdf',
          }),
        ],
      },
    });
    renderPage(<EnquiryChatPanel record={released} caller={principalOf(customerUser)} canChange={false} />, {
      user: customerUser,
    });
    const list = await screen.findByRole('list', { name: 'Unterhaltungen' });
    const entries = within(list).getAllByTestId('conversation');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Weber Schaltanlagen');
    expect(entries[0]).toHaveTextContent('Hans Weber');
    expect(within(entries[0]!).getByLabelText('Ungelesene Nachrichten')).toHaveTextContent('!');
    expect(within(entries[1]!).queryByLabelText('Ungelesene Nachrichten')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unterhaltung beginnen' })).not.toBeInTheDocument();

    await user.click(entries[0]!);
    const bubble = await screen.findByTestId('message');
    expect(bubble).toHaveTextContent('Welche Schutzart?');
    expect(bubble).toHaveTextContent('HW'); // the sender's initials
    expect(within(bubble).getByRole('button', { name: 'Anhang Skizze.pdf herunterladen' })).toBeInTheDocument();
    // the customer copies into the enquiry; a released one takes it as a supplementary document (no reopen)
    await user.click(within(bubble).getByRole('button', { name: 'In die Dokumente übernehmen' }));
    expect(await screen.findByText(/als ergänzendes Dokument hinzugefügt/)).toBeInTheDocument();
    const copied = calls.filter((c) => pathOf(c) === '/api/conversation/message/copyfile');
    expect(copied.map(queryOf)).toEqual([{ messageId: expect.any(String), path: 'enquiries/e1/supplements/' }]);
    await waitFor(() =>
      expect(
        calls.find((c) => pathOf(c) === '/api/conversation/message/read/all' && c.method === 'POST'),
      ).toBeDefined(),
    );
    expect(queryOf(calls.find((c) => pathOf(c) === '/api/conversation/message/read/all')!)).toEqual({
      conversationId: 'e_e1_s1',
    });
    await user.click(screen.getByRole('button', { name: 'Zurück zur Übersicht' }));
    expect(await screen.findByRole('list', { name: 'Unterhaltungen' })).toBeInTheDocument();
  });

  it('a customer without a conversation sees why and cannot start one; a closed enquiry takes no message', async () => {
    chatApi();
    const { unmount } = renderPage(
      <EnquiryChatPanel record={released} caller={principalOf(customerUser)} canChange={false} />,
      { user: customerUser },
    );
    expect(await screen.findByText(/Sobald ein Lieferant eine Frage stellt/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unterhaltung beginnen' })).not.toBeInTheDocument();
    unmount();

    chatApi({ conversations: [makeConversation()], threads: { e_e1_s1: [makeMessage({ content: 'Alt' })] } });
    renderPage(
      <EnquiryChatPanel record={{ ...released, closed: true }} caller={principalOf(supplierUser)} canChange={false} />,
      { user: supplierUser },
    );
    expect(await screen.findByText('Alt')).toBeInTheDocument();
    expect(
      screen.getByText('In dieser Unterhaltung können keine neuen Nachrichten mehr geschrieben werden.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nachricht' })).not.toBeInTheDocument();
  });

  it('the customer on a closed enquiry: the attachment is not copied, he is told why', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = chatApi({
      conversations: [makeConversation()],
      threads: { e_e1_s1: [makeMessage({ attachmentPath: 'conversations/e_e1_s1/Skizze.pdf' })] },
    });
    renderPage(
      <EnquiryChatPanel record={{ ...released, closed: true }} caller={principalOf(customerUser)} canChange={false} />,
      { user: customerUser },
    );
    const bubble = await screen.findByTestId('message');
    await user.click(within(bubble).getByRole('button', { name: 'In die Dokumente übernehmen' }));
    expect(await screen.findByText(/abgeschlossen oder archiviert/)).toBeInTheDocument();
    expect(calls.some((c) => pathOf(c) === '/api/conversation/message/copyfile')).toBe(false);
  });

  it('the offer: either side starts; the attachment picker refuses a type before sending; a refused send says why', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    chatApi({ sendStatus: 409 });
    const offer = makeOffer({ released: true });
    renderPage(<OfferChatPanel record={offer} caller={principalOf(customerUser)} canChange={false} />, {
      user: customerUser,
    });
    await user.click(await screen.findByRole('button', { name: 'Unterhaltung beginnen' }));
    await screen.findByRole('textbox', { name: 'Nachricht' });
    await user.upload(screen.getByTestId('chat-file'), new File(['MZ'], 'setup.exe'));
    expect(await screen.findByText('Dieser Dateityp ist hier nicht erlaubt.')).toBeInTheDocument();
    await user.upload(screen.getByTestId('chat-file'), new File(['%PDF-1.7'], 'Plan.pdf'));
    expect(await screen.findByText('Plan.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(
      await screen.findByText('In dieser Unterhaltung können keine neuen Nachrichten mehr geschrieben werden.'),
    ).toBeInTheDocument();
    // nothing is lost: the file stays picked
    expect(screen.getByText('Plan.pdf')).toBeInTheDocument();
  });

  it('conversations that cannot be loaded: the spec’s notice', async () => {
    chatApi({ status: 500 });
    renderPage(<EnquiryChatPanel record={released} caller={principalOf(supplierUser)} canChange={false} />, {
      user: supplierUser,
    });
    expect((await screen.findAllByText('Die Chats konnten nicht geladen werden.')).length).toBeGreaterThan(0);
  });
});
