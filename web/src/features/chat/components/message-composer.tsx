import { useRef, useState } from 'react';
import { Button, Chip, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { MESSAGE_BOX_ROWS, MESSAGE_MAX_LENGTH } from '@model/chat';
import { allowedExtensions, uploadRefusal } from '@model/files';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/notify';

/**
 * The message box (spec 9: 3 rows, one attachment): a text and/or one file, sent with the button. The file is checked
 * before sending with the files rules the server applies (type, size).
 */
export function MessageComposer({
  onSend,
  sending,
}: {
  onSend: (content: string, file: File | undefined) => Promise<boolean>;
  sending: boolean;
}) {
  const { t } = useTranslation('chat');
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File>();
  const input = useRef<HTMLInputElement>(null);
  const tooLong = content.length > MESSAGE_MAX_LENGTH;
  const empty = !content.trim() && !file;

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const refusal = uploadRefusal({ name: picked.name, size: picked.size }, 'general');
    if (refusal) notify.error(errorText(refusal));
    else setFile(picked);
  };
  const send = async () => {
    if (empty || tooLong) return;
    if (await onSend(content.trim(), file)) {
      setContent('');
      setFile(undefined);
    }
  };

  return (
    <Stack spacing={1}>
      <TextField
        label={t('message.label')}
        multiline
        rows={MESSAGE_BOX_ROWS}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        error={tooLong}
        helperText={tooLong ? t('message.tooLong', { max: MESSAGE_MAX_LENGTH }) : undefined}
        fullWidth
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="chat-file"
          accept={allowedExtensions('general')
            .map((e) => `.${e}`)
            .join(',')}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Tooltip title={t('message.attach')}>
          <IconButton aria-label={t('message.attach')} onClick={() => input.current?.click()} disabled={sending}>
            <AttachFileIcon />
          </IconButton>
        </Tooltip>
        {file && (
          <Chip
            label={file.name}
            onDelete={() => setFile(undefined)}
            deleteIcon={<span aria-label={t('message.removeAttachment')}>×</span>}
            sx={{ maxWidth: 200 }}
          />
        )}
        <span style={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          endIcon={<SendIcon />}
          onClick={() => void send()}
          disabled={empty || tooLong || sending}
        >
          {t('message.send')}
        </Button>
      </Stack>
    </Stack>
  );
}
