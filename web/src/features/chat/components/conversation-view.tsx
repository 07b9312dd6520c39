import { useEffect, useRef } from 'react';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ConversationView as Conversation } from '@model/chat';
import type { ChatStanding } from '@model/permissions-chat';
import { showError } from '@/lib/errors';
import { threadMessages, usePollNewer, useThread } from '../api/get-messages';
import { useReadAll } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';

export interface ConversationViewProps {
  conversation: Conversation;
  callerId: string;
  callerCompanyId: string;
  standing: ChatStanding;
  /** copies a message's attachment into the record's documents; absent when the caller may not */
  onCopy?: (messageId: string) => void;
}

/**
 * One conversation: its messages as bubbles (the newest 50, older ones on request), the open conversation polling
 * for newer messages, and the message box while the record takes messages. Opening it marks the caller's unread
 * messages here read (spec 4), and so does a new one arriving while it is open.
 */
export function ConversationView({ conversation, callerId, callerCompanyId, standing, onCopy }: ConversationViewProps) {
  const { t } = useTranslation('chat');
  const thread = useThread(conversation.id);
  const messages = threadMessages(thread.data);
  const newest = messages.at(-1)?.sortKey;
  usePollNewer(conversation.id, newest, thread.isSuccess);
  const readAll = useReadAll();
  const marked = useRef<string>(undefined);
  const unread = messages.some((m) => !m.read && m.senderId !== callerId);
  useEffect(() => {
    if (!unread || !newest || marked.current === newest) return;
    marked.current = newest;
    readAll.mutate(conversation.id, { onError: (e) => showError(e, t('notices.notMarked')) });
  }, [unread, newest, conversation.id, readAll, t]);
  useEffect(() => {
    if (thread.isError) showError(thread.error, t('notices.notOpened'));
  }, [thread.isError, thread.error, t]);

  const send = useSendMessage();
  const onSend = async (content: string, file: File | undefined) => {
    try {
      await send.mutateAsync({ conversationId: conversation.id, content, file });
      return true;
    } catch (error) {
      showError(error, t('notices.notSent'));
      return false;
    }
  };

  return (
    <Stack spacing={1.5}>
      {thread.isPending && <LinearProgress aria-label={t('common:common.loading')} />}
      {thread.hasNextPage && (
        <Button size="small" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
          {t('panel.older')}
        </Button>
      )}
      <Stack spacing={1.5} role="log" aria-label={conversation.companyName} sx={{ maxHeight: 480, overflowY: 'auto' }}>
        {messages.map((m) => (
          <MessageBubble
            key={m.id}
            message={m}
            own={m.companyId === callerCompanyId}
            onCopy={onCopy && m.attachmentPath ? () => onCopy(m.id) : undefined}
          />
        ))}
        {thread.isSuccess && messages.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('panel.noMessages')}
          </Typography>
        )}
      </Stack>
      {standing === 'open' ? (
        <MessageComposer onSend={onSend} sending={send.isPending} />
      ) : (
        <Alert severity="info">{t(standing === 'readOnly' ? 'panel.readOnly' : 'panel.notOpen')}</Alert>
      )}
    </Stack>
  );
}
