import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Tables of the support module (docs/support-chat.md): the contact form's requests, the built-in
 * live chat (one conversation per player or per guest identity, its messages) and the events
 * third-party chat widgets report through FreshChat/storeChatEvent.
 */

/** A contact form sent from /support; mailed to the support address once stored. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    visitorId: text('visitor_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the mail to the support address went out; null if the transport failed (logged). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [index('support_requests_created_idx').on(table.createdAt)],
);

/**
 * One conversation per owner: a signed-in player (user_id) or a guest's signed chat identity
 * (guest_id, from an HttpOnly cookie). The unread counters are kept on the row so the launcher's
 * badge and the operators' list are one indexed read each.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    guestId: text('guest_id'),
    /** What operators see: the player's first name or e-mail, or "Guest" and a short tag. */
    displayName: text('display_name').notNull(),
    locale: text('locale').notNull(),
    unreadByVisitor: integer('unread_by_visitor').notNull().default(0),
    unreadByOperator: integer('unread_by_operator').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_conversations_user_idx').on(table.userId).where(sql`${table.userId} is not null`),
    uniqueIndex('chat_conversations_guest_idx').on(table.guestId).where(sql`${table.guestId} is not null`),
    index('chat_conversations_last_idx').on(table.lastMessageAt),
    check('chat_conversations_one_owner', sql`(${table.userId} is null) <> (${table.guestId} is null)`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    author: text('author', { enum: ['visitor', 'operator'] }).notNull(),
    /** The operator's display name for operator messages. */
    operatorName: text('operator_name'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_conversation_idx').on(table.conversationId, table.id)],
);

/** Messages a third-party chat widget reported (FreshChat/storeChatEvent); signed-in players only. */
export const chatEvents = pgTable(
  'chat_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    channelId: text('channel_id').notNull(),
    conversationId: text('conversation_id').notNull(),
    text: text('text').notNull(),
    event: text('event', { enum: ['sent', 'received'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_events_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Canned answers the back office's support chat offers (docs/backoffice.md): a short list per
 * locale, kept as data so support staff add and edit them from the screen (each edit audited).
 */
export const supportCannedAnswers = pgTable(
  'support_canned_answers',
  {
    id: serial('id').primaryKey(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_canned_answers_locale_idx').on(table.locale, table.title)],
);
