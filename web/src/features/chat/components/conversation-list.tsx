import { Box, List, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ConversationView } from '@model/chat';
import { formatDateTime } from '@/lib/format';
import { ChatAvatar } from './chat-avatar';

/** The '!' of a conversation with unread messages for the caller. */
export function UnreadMark() {
  const { t } = useTranslation('chat');
  return (
    <Box
      component="span"
      role="img"
      aria-label={t('panel.unread')}
      title={t('panel.unread')}
      sx={{ color: 'error.main', fontWeight: 700, fontSize: 20, px: 1 }}
    >
      !
    </Box>
  );
}

/**
 * The panel's list (spec 2 "Chat side panel"): per conversation the other company, the sender of the last message,
 * the time of the last message and '!' when the caller has unread messages there.
 */
export function ConversationList({
  conversations,
  onOpen,
}: {
  conversations: ConversationView[];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <List dense aria-label={t('panel.list')} disablePadding>
      {conversations.map((c) => (
        <ListItemButton key={c.id} onClick={() => onOpen(c.id)} data-testid="conversation">
          <ListItemAvatar sx={{ minWidth: 44 }}>
            <ChatAvatar name={c.companyName} colorKey={c.companyName} />
          </ListItemAvatar>
          <ListItemText
            primary={c.companyName}
            secondary={[c.lastMessageSender, c.lastMessage ? formatDateTime(c.lastMessageDate) : undefined]
              .filter(Boolean)
              .join(' · ')}
          />
          {c.unread && <UnreadMark />}
        </ListItemButton>
      ))}
      {conversations.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('panel.empty')}
        </Typography>
      )}
    </List>
  );
}
