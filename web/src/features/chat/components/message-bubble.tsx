import { Box, Button, Link, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { attachmentName, type MessageView } from '@model/chat';
import { downloadBlob } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { ChatAvatar } from './chat-avatar';

/** One message: avatar, sender, time, text (line breaks kept), its attachment and the copy action where allowed. */
export function MessageBubble({
  message,
  own,
  onCopy,
}: {
  message: MessageView;
  own: boolean;
  /** copy the attachment into the record's documents (absent: not allowed for the caller) */
  onCopy?: () => void;
}) {
  const { t } = useTranslation('chat');
  const name = message.attachmentPath ? attachmentName(message.attachmentPath) : undefined;
  const download = () =>
    downloadBlob('/file/', name!, { query: { path: message.attachmentPath } }).catch((e: unknown) => showError(e));
  return (
    <Stack
      direction={own ? 'row-reverse' : 'row'}
      spacing={1}
      sx={{ alignItems: 'flex-end' }}
      data-testid="message"
      data-read={message.read}
    >
      <ChatAvatar name={message.userFullName} colorKey={message.senderId} />
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: own ? 'primary.main' : 'grey.100',
          color: own ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography variant="caption" component="div" sx={{ opacity: 0.85 }}>
          {own ? t('message.own') : `${message.userFullName} · ${message.companyName}`} ·{' '}
          {formatDateTime(message.createDate)}
        </Typography>
        {message.content && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.content}
          </Typography>
        )}
        {name && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <AttachFileIcon fontSize="small" aria-hidden />
            <Link
              component="button"
              type="button"
              onClick={download}
              aria-label={t('message.attachment', { name })}
              sx={{ color: 'inherit', overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {name}
            </Link>
            {onCopy && (
              <Button size="small" variant="outlined" color="inherit" onClick={onCopy}>
                {t('message.copy')}
              </Button>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
