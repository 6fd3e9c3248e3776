import { z } from 'zod';
import { LOCALES } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, DEFAULT_CURRENCY } from '../../../contract/money.ts';
import { CHAT_MESSAGE_MAX } from '../../../contract/support.ts';
import type { ChatPlayerContext, SupportConversationAnswer, SupportConversationsAnswer } from '../../../contract/backoffice-support.ts';
import { CANNED_LIMITS } from '../../modules/support/index.ts';
import type { Services } from '../../services.ts';
import { defineRead, defineWrite, signedIn, type Endpoint } from '../endpoint.ts';

/**
 * The support chat under staff identity (docs/backoffice.md): conversations with their unread
 * counts, one opened with the player's context beside it, answers signed with the member's display
 * name, canned answers per locale (each edit audited) and the contact-form requests. Live: every
 * chat message is also published to `staff:support.chat` (server/modules/support/chat.ts).
 */

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const locale = z.enum(LOCALES);

/** The player's context beside the chat, through the owning modules' public functions. */
async function playerContext(services: Services, userId: number): Promise<ChatPlayerContext | null> {
  const state = await services.accounts.playerState(userId);
  if (!state) return null;
  const currency = isCurrency(state.currency) ? state.currency : DEFAULT_CURRENCY;
  const [info, balances, deposits, bonuses, requests] = await Promise.all([
    services.accounts.userInfo(userId),
    services.ledger.balances(userId, currency),
    services.payments.history(userId, { offset: 0, count: 5, type: 'deposit' }),
    services.promotions.listBonuses(userId, { status: 'active', offset: 0, count: 10 }, 'en'),
    services.support.desk.requests({ limit: 1, offset: 0, userId }),
  ]);
  return {
    user_id: userId,
    login: info.login,
    name: info.fakename,
    status: state.status,
    currency,
    registered_at: info.reg_time,
    is_verified: info.is_verified,
    balances: {
      main: formatMinor(balances.main, currency),
      bonus: formatMinor(balances.bonus, currency),
      betting_bonus: formatMinor(balances.betting_bonus, currency),
      withdrawal_hold: formatMinor(balances.withdrawal_hold, currency),
    },
    deposits: deposits.items.map((item) => ({
      id: item.id,
      amount: item.amount.amount,
      currency: item.amount.currency,
      method: item.method,
      status: item.status,
      created_at: item.created_at,
    })),
    deposits_total: deposits.total,
    bonuses: bonuses.items.map((bonus) => ({
      id: bonus.id,
      title: bonus.title,
      kind: bonus.kind,
      balance: bonus.balance,
      wagering_percent: bonus.wagering?.percent ?? null,
      expires_at: bonus.expires_at,
    })),
    requests: requests.total,
  };
}

export const listConversations = defineRead({
  name: 'support/conversations',
  access: 'support.chat',
  summary: 'The latest conversations (`limit`, 50 by default), most recent first, each with its unread count and last message; and how many have unread messages.',
  input: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  handler: async (input, context): Promise<SupportConversationsAnswer> => {
    const { chat } = context.services.support;
    const [items, unread] = await Promise.all([chat.list(input.limit), chat.unreadByOperators()]);
    return { items, unread_conversations: unread };
  },
});

export const openConversation = defineRead({
  name: 'support/conversation',
  access: 'support.chat',
  summary:
    "One conversation's latest 200 messages, with the player's context (balances, last deposits, active bonuses; null for a guest). Opening it marks it read for the operators (a read state, not audited).",
  input: z.object({ id }),
  handler: async (input, context): Promise<SupportConversationAnswer> => {
    const opened = await context.services.support.chat.open(input.id);
    const userId = opened.conversation.user_id;
    return { ...opened, player: userId === null ? null : await playerContext(context.services, userId) };
  },
});

export const replyToConversation = defineWrite({
  name: 'support/reply',
  access: 'support.chat',
  summary: "An answer (`text`, 1 to 1000 characters) signed with the member's display name: stored, counted unread for the visitor and sent live to them. Audited without the text (the conversation keeps it).",
  input: z.object({ id, text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX) }),
  handler: async (input, context) => {
    const staff = signedIn(context);
    const message = await context.services.support.chat.reply(input.id, staff.displayName, input.text, `staff:${staff.staffId}`);
    return { data: message, audit: { subject: `chat:${input.id}`, after: { message_id: message.id, operator_name: staff.displayName } } };
  },
});

export const listCannedAnswers = defineRead({
  name: 'support/canned',
  access: 'support.chat',
  // `language`, not `locale`: the API's query reader keeps `locale` as a transport field.
  summary: 'Canned answers of a `language` (en or fr; every language when omitted), by title.',
  input: z.object({ language: locale.optional() }),
  handler: (input, context) => context.services.support.desk.cannedAnswers(input.language),
});

const cannedFields = {
  locale,
  title: z.string().trim().min(2).max(CANNED_LIMITS.titleMax),
  text: z.string().trim().min(2).max(CANNED_LIMITS.textMax),
};

export const saveCannedAnswer = defineWrite({
  name: 'support/canned/save',
  access: 'support.chat',
  summary: `Adds a canned answer (locale, title up to ${CANNED_LIMITS.titleMax}, text up to ${CANNED_LIMITS.textMax} characters), or changes one when \`id\` is given. Audited with before and after.`,
  input: z.object({ id: id.optional(), ...cannedFields }),
  handler: async (input, context) => {
    const { desk } = context.services.support;
    const fields = { locale: input.locale, title: input.title, text: input.text };
    if (input.id === undefined) {
      const { answer, after } = await desk.createCanned(fields);
      return { data: answer, audit: { action: 'support.canned.create', subject: `canned-answer:${answer.id}`, before: null, after } };
    }
    const { answer, before, after } = await desk.updateCanned(input.id, fields);
    return { data: answer, audit: { action: 'support.canned.update', subject: `canned-answer:${answer.id}`, before, after } };
  },
});

export const deleteCannedAnswer = defineWrite({
  name: 'support/canned/delete',
  access: 'support.chat',
  summary: 'Removes a canned answer. Audited with what it held.',
  input: z.object({ id }),
  handler: async (input, context) => {
    const { before } = await context.services.support.desk.deleteCanned(input.id);
    return { data: null, audit: { subject: `canned-answer:${input.id}`, before, after: null } };
  },
});

export const listSupportRequests = defineRead({
  name: 'support/requests',
  access: 'support.chat',
  summary: 'Contact-form requests newest first (`page`, `limit` up to 200; `user_id`: one player’s): {items, total}.',
  input: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    user_id: id.optional(),
  }),
  handler: (input, context) => context.services.support.desk.requests({ limit: input.limit, offset: (input.page - 1) * input.limit, userId: input.user_id }),
});

/** The support screens' endpoints (docs/backoffice.md). */
export const SUPPORT_ENDPOINTS: Endpoint[] = [
  listConversations,
  openConversation,
  replyToConversation,
  listCannedAnswers,
  saveCannedAnswer,
  deleteCannedAnswer,
  listSupportRequests,
] as Endpoint[];
