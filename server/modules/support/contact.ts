import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Messenger } from '../../platform/messaging/index.ts';
import { enforce, type Limit, type RateLimitStore } from '../../platform/rate-limit/index.ts';
import { supportRequests } from '../../db/schema/support.ts';
import type { SupportTopic } from '../../../contract/support.ts';

/**
 * The /support contact form: stored first (the request is never lost), then mailed to the
 * support address with the sender as the address to answer. A mail transport failure is logged
 * and leaves mailed_at empty; the player still gets the confirmation, since support has it.
 */
export const CONTACT_RATE_LIMITS = {
  perAddress: { name: 'support-feedback-ip', max: 5, windowSeconds: 3600 },
  perAccount: { name: 'support-feedback-user', max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

export type ContactInput = { name: string; email: string; topic: SupportTopic; message: string };

export function createContact(deps: { db: Db; limits: RateLimitStore; messenger: Messenger; logger: Logger; supportEmail: string }) {
  return {
    async send(input: ContactInput, who: { userId: number | null; visitorId: string; ip: string; locale: string }): Promise<{ id: number }> {
      await enforce(deps.limits, who.ip, CONTACT_RATE_LIMITS.perAddress);
      if (who.userId !== null) await enforce(deps.limits, String(who.userId), CONTACT_RATE_LIMITS.perAccount);
      const [row] = await deps.db
        .insert(supportRequests)
        .values({ userId: who.userId, visitorId: who.visitorId, name: input.name, email: input.email, topic: input.topic, message: input.message, locale: who.locale })
        .returning({ id: supportRequests.id });
      const reference = `S-${String(row.id).padStart(6, '0')}`;
      try {
        await deps.messenger.send({
          channel: 'email',
          to: deps.supportEmail,
          subject: `[${reference}] ${input.topic}: ${input.name}`,
          text: [
            `Request ${reference} from the support page.`,
            `From: ${input.name} <${input.email}>`,
            `Account: ${who.userId !== null ? `uid ${who.userId}` : 'guest'}`,
            `Language: ${who.locale}`,
            `Topic: ${input.topic}`,
            '',
            input.message,
          ].join('\n'),
          locale: who.locale,
        });
        await deps.db.update(supportRequests).set({ mailedAt: new Date() }).where(eq(supportRequests.id, row.id));
      } catch (error) {
        deps.logger.error({ err: error, request: row.id }, 'support request stored but not mailed');
      }
      return { id: row.id };
    },
  };
}
