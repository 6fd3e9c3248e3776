/**
 * Tables of the identity-providers module (docs/sign-in-channels.md): accounts linked to an
 * outside identity (a Telegram user, an OpenID Connect subject), and the OAuth states already
 * used, so a replayed callback is refused even when the provider would accept its code again.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const identityLinks = pgTable(
  'identity_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `telegram`, or the configured OIDC provider's name (`google`, ...). */
    provider: text('provider').notNull(),
    /** The provider's stable user id: Telegram's user id, the OIDC `sub`. */
    subject: text('subject').notNull(),
    /** The e-mail the provider asserted when the link was made (null for Telegram). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_links_provider_subject_unique').on(table.provider, table.subject),
    // One link per provider and account: a second Google identity cannot hang on the same account.
    uniqueIndex('identity_links_user_provider_unique').on(table.userId, table.provider),
  ],
);

/** Each OAuth state is accepted once (its SHA-256 is kept a day, longer than any flow lives). */
export const oauthUsedStates = pgTable(
  'oauth_used_states',
  {
    stateHash: text('state_hash').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_used_states_used_at_idx').on(table.usedAt)],
);
