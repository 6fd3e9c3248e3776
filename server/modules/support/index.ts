/**
 * The support module (docs/support-chat.md): the contact form, the built-in live chat with its
 * operator console, third-party chat settings and their stored events.
 */
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Messenger } from '../../platform/messaging/index.ts';
import type { RateLimitStore } from '../../platform/rate-limit/index.ts';
import { hmacSha256 } from '../../platform/crypto.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { SiteConfig } from '../../../contract/site-config.ts';
import type { SupportSettings } from '../../../contract/support.ts';
import { createChat, OPERATORS_TOPIC, ownerTopic, type ChatOwner } from './chat.ts';
import { createContact } from './contact.ts';
import { createChatEvents } from './chat-events.ts';
import { createSupportDesk } from './desk.ts';
import { createOperators } from './operators.ts';
import { createSigner, GUEST_CHAT_COOKIE, GUEST_CHAT_SECONDS, newGuestId, OPERATOR_COOKIE } from './identity.ts';
import { chatChoice, chatOrigins, chatSetup, type VisitorData } from './settings.ts';

export { CHAT_LIMITS, OPERATORS_TOPIC, STAFF_CHAT_EVENT, STAFF_CHAT_TOPIC, ownerTopic, type ChatOwner } from './chat.ts';
export { CONTACT_RATE_LIMITS } from './contact.ts';
export { OPERATOR_LOGIN_LIMIT } from './operators.ts';
export { GUEST_CHAT_COOKIE, GUEST_CHAT_SECONDS, OPERATOR_COOKIE, OPERATOR_SESSION_SECONDS } from './identity.ts';
export { chatOrigins } from './settings.ts';
export { CANNED_LIMITS, requestReference, type CannedAnswerView, type CannedAnswerState, type SupportRequestView } from './desk.ts';

export function createSupport(deps: {
  db: Db;
  logger: Logger;
  limits: RateLimitStore;
  messenger: Messenger;
  appSecret: string;
  supportEmail: string;
  operatorToken: string | undefined;
  siteConfig: (locale: LocaleCode) => Promise<SiteConfig>;
  visitorData: VisitorData;
  publish: (topic: string, message: { type: string; data: unknown }) => Promise<unknown>;
}) {
  const guests = createSigner(hmacSha256(deps.appSecret, 'support-chat-guest'), 'chat-guest');
  const operators = createOperators({ db: deps.db, limits: deps.limits, appSecret: deps.appSecret, token: deps.operatorToken });

  return {
    chat: createChat({ db: deps.db, limits: deps.limits, publish: deps.publish }),
    contact: createContact({ db: deps.db, limits: deps.limits, messenger: deps.messenger, logger: deps.logger, supportEmail: deps.supportEmail }),
    chatEvents: createChatEvents(deps.db),
    /** The back office's support desk: canned answers and contact-form requests. */
    desk: createSupportDesk(deps.db),
    operators,

    /** support/getsettings: the page's chat, with the visitor data for a signed-in player's widget. */
    async settings(locale: LocaleCode, userId: number | null): Promise<SupportSettings> {
      let choice: ReturnType<typeof chatChoice>;
      try {
        choice = chatChoice(await deps.siteConfig(locale), deps.logger);
      } catch (error) {
        deps.logger.warn({ err: error }, 'chat settings unreadable: chat skipped');
        choice = { provider: null };
      }
      const visitor = choice.provider && choice.provider !== 'builtin' && userId !== null ? await deps.visitorData(userId, locale) : null;
      return { chat: chatSetup(choice, visitor), support_email: deps.supportEmail };
    },

    /** The configured widget's origins for the page's Content-Security-Policy (none for the built-in chat). */
    async cspOrigins(locale: LocaleCode): Promise<string[]> {
      try {
        return chatOrigins(await deps.siteConfig(locale));
      } catch {
        return [];
      }
    },

    /** The guest behind a chat cookie, or null. */
    guestId: (cookie: string | undefined) => guests.verify(cookie),
    /** A guest cookie value: the same guest renewed for another day, or a new one. */
    guestCookie: (guestId: string | null) => {
      const id = guestId ?? newGuestId();
      return { guestId: id, value: guests.sign(id, GUEST_CHAT_SECONDS) };
    },

    /**
     * Extra live topics of a stream (decision 011 lets the server choose them): a guest's own
     * conversation and, for a console session, the operators' topic. Players hear theirs on player:<id>.
     */
    liveTopics(cookies: (name: string) => string | undefined): string[] {
      const topics: string[] = [];
      const guest = guests.verify(cookies(GUEST_CHAT_COOKIE));
      if (guest) topics.push(ownerTopic({ kind: 'guest', guestId: guest }));
      if (operators.verify(cookies(OPERATOR_COOKIE))) topics.push(OPERATORS_TOPIC);
      return topics;
    },

    ownerOf(userId: number | null, guestId: string | null): ChatOwner | null {
      if (userId !== null) return { kind: 'player', userId };
      return guestId ? { kind: 'guest', guestId } : null;
    },
  };
}

export type Support = ReturnType<typeof createSupport>;
