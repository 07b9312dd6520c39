import { Port } from '../../platform/ports.js';
import type { ChatService } from './chat.service.js';

/** What the chat area offers later areas and the seed. */
export const CHAT_PORT = new Port<ChatService>('chat');
