import { listChatContacts } from './operations/chat-contacts.js';
import { setChatStatusRoute } from './operations/chat-status.js';
import { getChatStatusRoute } from './operations/get-chat-status.js';
import { listUserChats } from './operations/chat-user.js';
import { getChatRoute } from './operations/get-chat.js';
import { sendMessageRoute } from './operations/send-message.js';

/** Team chat (spec 02 §7 Notifications, chat, quick panel). */
export const chatRoutes = [listUserChats, listChatContacts, getChatRoute, sendMessageRoute, getChatStatusRoute, setChatStatusRoute];
