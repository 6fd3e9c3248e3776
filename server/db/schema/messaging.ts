import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// --- messaging: the demo mailbox, used while no real e-mail or SMS transport is configured ---
export const demoMailbox = pgTable(
  'demo_mailbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    locale: text('locale').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('demo_mailbox_recipient_idx').on(table.recipient)],
);
