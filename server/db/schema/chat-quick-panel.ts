import type { Generated } from 'kysely';

/** Table types: Team chat and the quick panel (migration 0020). Timestamps are ISO-8601 strings on both databases; JSON columns are text holding JSON; booleans are 0/1. */
/** A one-to-one chat of a company (migration 0020): user_a < user_b; each side's last read message id. */
export interface ChatsTable {
  id: Generated<number>;
  company_id: number;
  user_a: number;
  user_b: number;
  a_read_id: Generated<number>;
  b_read_id: Generated<number>;
  last_message_at: string | null;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  sender_user_id: number;
  body: string;
  created_at: string;
}

export interface QuickNotesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  detail: string | null;
  created_at: string;
  updated_at: string;
}
