import { useEffect, useState } from 'react';
import { Button, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { enquiryFolderPath, isEnquiryLocked, type Enquiry } from '@model/enquiry';
import { canAddSupplement, enquirySupplementsPath } from '@model/enquiry-supplements';
import { offerDocumentsPath, type Offer } from '@model/offer';
import {
  canStartEnquiryChat,
  enquiryChatStanding,
  mayCopyAttachment,
  offerChatStanding,
  offerConversationRefusal,
} from '@model/permissions-chat';
import type { WebPrincipal } from '@/lib/current-user/principal';
import { showError } from '@/lib/errors';
import type { RecordPanelProps } from '@/lib/feature';
import { notify } from '@/lib/notify';
import { useCopyFile } from '../api/copy-file';
import { useCreateConversation } from '../api/create-conversation';
import { useConversations, type ChatRecordRef } from '../api/get-conversations';
import { ConversationList, UnreadMark } from './conversation-list';
import { ConversationView } from './conversation-view';

/** The query parameter that opens a conversation (the /messages headings link with it). */
export const CHAT_PARAM = 'chat';

type Target = { kind: 'enquiry'; record: Enquiry } | { kind: 'offer'; record: Offer };

/**
 * The chat side panel (spec 2 "Chat side panel") on a released enquiry and on an offer: the caller's conversations
 * there (a customer has one per supplier that asked), one conversation at a time with a back button when there are
 * more, and the start action where the caller may open one (a supplier on an enquiry; either side on an offer).
 */
function ChatPanel({ target, caller }: { target: Target; caller: WebPrincipal }) {
  const { t } = useTranslation('chat');
  const [params] = useSearchParams();
  const ref: ChatRecordRef =
    target.kind === 'enquiry' ? { enquiryId: target.record.id } : { offerId: target.record.id };
  const standing = target.kind === 'enquiry' ? enquiryChatStanding(target.record) : offerChatStanding(target.record);
  const conversations = useConversations(ref);
  const list = conversations.data ?? [];
  const [openId, setOpenId] = useState<string | undefined>(params.get(CHAT_PARAM) ?? undefined);
  const create = useCreateConversation();
  const copy = useCopyFile();

  useEffect(() => {
    if (conversations.isError) showError(conversations.error, t('notices.notLoaded'));
  }, [conversations.isError, conversations.error, t]);
  useEffect(() => {
    if (params.get(CHAT_PARAM))
      document.getElementById(`${target.kind}-chat`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [params, target.kind]);

  if (conversations.isPending) return <LinearProgress aria-label={t('common:common.loading')} />;
  if (conversations.isError)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('notices.notLoaded')}
      </Typography>
    );

  const canStart =
    list.length === 0 &&
    (target.kind === 'enquiry'
      ? canStartEnquiryChat(caller, target.record)
      : offerConversationRefusal(caller, target.record) === undefined);
  const start = () =>
    create.mutate(ref, {
      onSuccess: (c) => setOpenId(c.id),
      onError: (e) => showError(e, t('notices.notOpened')),
    });

  const open = list.find((c) => c.id === openId) ?? (list.length === 1 ? list[0] : undefined);
  if (!open)
    return (
      <Stack spacing={1}>
        <ConversationList conversations={list} onOpen={setOpenId} />
        {list.length === 0 && caller.companyType === 'CUSTOMER' && target.kind === 'enquiry' && (
          <Typography variant="body2" color="text.secondary">
            {t('panel.emptyCustomer')}
          </Typography>
        )}
        {canStart && (
          <Button variant="outlined" onClick={start} disabled={create.isPending}>
            {t('panel.start')}
          </Button>
        )}
      </Stack>
    );

  // a released enquiry takes the file as a supplementary document (no reopen); a draft's documents take it as usual
  const supplement = target.kind === 'enquiry' && canAddSupplement(caller, target.record);
  const folder =
    target.kind === 'offer'
      ? offerDocumentsPath(target.record.id)
      : supplement
        ? enquirySupplementsPath(target.record.id)
        : enquiryFolderPath('documents', target.record.id);
  const onCopy = mayCopyAttachment(caller, open)
    ? (messageId: string) => {
        if (target.kind === 'enquiry' && !supplement && isEnquiryLocked(target.record)) {
          notify.warn(t('message.closedNoCopy'));
          return;
        }
        copy.mutate(
          { messageId, path: folder },
          {
            onSuccess: () => notify.success(t(supplement ? 'message.supplemented' : 'message.copied')),
            onError: (e) => showError(e),
          },
        );
      }
    : undefined;

  return (
    <Stack spacing={1}>
      {list.length > 1 && (
        <Button
          size="small"
          startIcon={<ArrowBackIcon />}
          onClick={() => setOpenId(undefined)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('panel.back')}
        </Button>
      )}
      <Typography variant="subtitle2" data-testid="open-conversation">
        {open.companyName}
        {open.unread && <UnreadMark />}
      </Typography>
      <ConversationView
        key={open.id}
        conversation={open}
        callerId={caller.uid}
        callerCompanyId={caller.company.id}
        standing={standing}
        onCopy={onCopy}
      />
    </Stack>
  );
}

export function EnquiryChatPanel({ record, caller }: RecordPanelProps<'enquiry'>) {
  return <ChatPanel target={{ kind: 'enquiry', record }} caller={caller} />;
}

export function OfferChatPanel({ record, caller }: RecordPanelProps<'offer'>) {
  return <ChatPanel target={{ kind: 'offer', record }} caller={caller} />;
}
