import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Team chat and the quick panel (issue 11). A chat is one pair of users in one company (user_a is
 * the smaller id, so a pair has one row per company); each participant's last read message id sits
 * on the chat, so unread counts are the messages after it from the other side, read from
 * (chat_id, id). last_message_at orders the chat list. A user's chosen presence (null: online) sits
 * on the user; quick notes are the user's own, newest first.
 */
export function chatQuickPanel(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('chats'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('user_a', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_b', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('a_read_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('b_read_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_message_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('chats_pair_uq', ['company_id', 'user_a', 'user_b'])
        .addCheckConstraint('chats_pair_order', sql`user_a < user_b`)
        .execute();
      // The unique constraint serves chats where the caller is user_a; this one where it is user_b.
      await db.schema.createIndex('chats_company_b_idx').on('chats').columns(['company_id', 'user_b']).execute();

      await t
        .withId(db.schema.createTable('chat_messages'))
        .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('sender_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_messages_chat_idx').on('chat_messages').columns(['chat_id', 'id']).execute();

      await db.schema.alterTable('users').addColumn('chat_status', 'text').execute();

      await t
        .withId(db.schema.createTable('quick_notes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('quick_notes_user_idx').on('quick_notes').columns(['user_id', 'id']).execute();
    },
  };
}
