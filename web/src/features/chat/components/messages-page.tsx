import { useEffect } from 'react';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { MessageView } from '@model/chat';
import { usesChat } from '@model/chat-standing';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { showError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useUnreadMessages } from '../api/get-unread';
import { useMarkRead, useReadAll } from '../api/mark-read';
import { ChatAvatar } from './chat-avatar';
import { CHAT_PARAM } from './chat-panel';

interface Group {
  conversationId: string;
  first: MessageView;
  messages: MessageView[];
}

/** The unread messages per conversation, in the order of their newest message. */
function groupsOf(messages: readonly MessageView[]): Group[] {
  const groups = new Map<string, Group>();
  for (const m of messages) {
    const group = groups.get(m.conversationId) ?? { conversationId: m.conversationId, first: m, messages: [] };
    group.messages.push(m);
    groups.set(m.conversationId, group);
  }
  return [...groups.values()];
}

/** Where a heading leads: the offer or the enquiry, with this conversation open in its chat panel. */
function recordHref(m: MessageView): string {
  const base = m.offerId ? paths.offers.detail.getHref(m.offerId) : paths.enquiries.detail.getHref(m.enquiryId);
  return `${base}?${CHAT_PARAM}=${encodeURIComponent(m.conversationId)}`;
}

/**
 * /messages (spec 2 "Messages"): the caller's unread messages grouped per conversation, with the enquiry title (for
 * offers the offer's enquiry title), the sender, the content and a mark-read badge per message; 'read all' when there
 * are messages. ADMIN-company users keep the route and see the empty state without calling the API.
 */
export function MessagesPage() {
  const { t } = useTranslation('chat');
  const { user } = useCurrentUser();
  const chats = usesChat(principalOf(user));
  const unread = useUnreadMessages(chats);
  const markRead = useMarkRead();
  const readAll = useReadAll();
  const groups = groupsOf(unread.data?.content ?? []);
  useEffect(() => {
    if (unread.isError) showError(unread.error, t('notices.messagesNotLoaded'));
  }, [unread.isError, unread.error, t]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('messages.title')}
        </Typography>
        {groups.length > 0 && (
          <Button
            variant="outlined"
            disabled={readAll.isPending}
            onClick={() => readAll.mutate(undefined, { onError: (e) => showError(e, t('notices.notMarked')) })}
          >
            {t('messages.readAll')}
          </Button>
        )}
      </Stack>
      {(!chats || unread.isSuccess) && groups.length === 0 && (
        <Typography color="text.secondary">{t('messages.empty')}</Typography>
      )}
      {groups.map(({ conversationId, first, messages }) => (
        <Paper key={conversationId} variant="outlined" sx={{ p: 2 }} component="section" aria-label={first.title}>
          <Typography variant="h6" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={recordHref(first)} aria-label={t('messages.open', { title: first.title })}>
              {first.title}
            </Link>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({t(first.offerId ? 'messages.offer' : 'messages.enquiry')} · {first.companyName})
            </Typography>
          </Typography>
          <Stack spacing={1.5}>
            {messages.map((m) => (
              <Stack
                key={m.id}
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'flex-start' }}
                data-testid="unread-message"
              >
                <ChatAvatar name={m.userFullName} colorKey={m.senderId} />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2">
                    {m.userFullName}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {formatDateTime(m.createDate)}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.content}
                  </Typography>
                </Box>
                <Chip
                  label={t('messages.markRead')}
                  color="primary"
                  size="small"
                  variant="outlined"
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate(m.id, { onError: (e) => showError(e, t('notices.notMarked')) })}
                />
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
