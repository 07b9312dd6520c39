/** The components the chat attaches to other areas' pages and to the header (feature.ts loads them as one chunk). */
export { EnquiryChatPanel, OfferChatPanel } from './chat-panel';
export { DigestSwitch } from './digest-switch';
export { UnreadBell } from './unread-bell';
