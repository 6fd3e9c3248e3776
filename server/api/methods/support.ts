import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { GUEST_CHAT_COOKIE, GUEST_CHAT_SECONDS, OPERATOR_COOKIE, OPERATOR_SESSION_SECONDS, type ChatOwner } from '../../modules/support/index.ts';
import { CHAT_MESSAGE_MAX, CONTACT_LIMITS, OPERATOR_NAME_LIMITS, SUPPORT_TOPICS } from '../../../contract/support.ts';
import { isEmail } from '../../../contract/validation.ts';
import { defineMethod, type ApiContext } from '../types.ts';
import { requireUserId } from './accounts.ts';

/** Support: settings, the contact form, the built-in chat and its operator console (docs/support-chat.md). */

const empty = z.object({}).strip();
const chatText = z.string().trim().min(1).max(CHAT_MESSAGE_MAX);
const conversationId = z.coerce.number().int().min(1).max(2_147_483_647);
const messageId = z.coerce.number().int().min(1).max(2_147_483_647);

/** The caller's chat owner: the signed-in player, or the guest identity of the chat cookie (renewed on use). */
function chatOwner(context: ApiContext, create: boolean): ChatOwner | null {
  const { support } = context.services;
  if (context.viewer.userId !== null) return { kind: 'player', userId: context.viewer.userId };
  const known = support.guestId(context.cookie(GUEST_CHAT_COOKIE));
  if (!known && !create) return null;
  const issued = support.guestCookie(known);
  context.setCookie(GUEST_CHAT_COOKIE, issued.value, { maxAge: GUEST_CHAT_SECONDS });
  return { kind: 'guest', guestId: issued.guestId };
}

/** The console's operator, or AuthorizationException. */
function operatorName(context: ApiContext): string {
  const name = context.services.support.operators.verify(context.cookie(OPERATOR_COOKIE));
  if (!name) throw new AppError('AuthorizationException', 'Operator sign-in required');
  return name;
}

export const getSupportSettings = defineMethod({
  name: 'support/getsettings',
  verb: 'GET',
  auth: false,
  summary: 'Which chat the page runs ({provider: builtin | a third-party provider with settings and visitor data | null}) and the support address.',
  input: empty,
  handler: (_input, context) => context.services.support.settings(context.locale, context.viewer.userId),
});

export const sendFeedback = defineMethod({
  name: 'support/sendFeedback',
  verb: 'POST',
  auth: false,
  summary: 'The contact form (name, email, topic, message): stored and mailed to the support address; rate limited per address and account. Answers {id}.',
  input: z
    .object({
      name: z.string().trim().min(CONTACT_LIMITS.nameMin).max(CONTACT_LIMITS.nameMax),
      email: z.string().trim().max(CONTACT_LIMITS.emailMax).refine(isEmail),
      topic: z.enum(SUPPORT_TOPICS),
      message: z.string().trim().min(CONTACT_LIMITS.messageMin).max(CONTACT_LIMITS.messageMax),
    })
    .strip(),
  handler: (input, context) =>
    context.services.support.contact.send(input, { userId: context.viewer.userId, visitorId: context.viewer.visitorId, ip: context.ip, locale: context.locale }),
});

export const storeChatEvent = defineMethod({
  name: 'FreshChat/storeChatEvent',
  verb: 'POST',
  auth: true,
  summary: "A third-party chat widget's message (channel_id, conversation_id, text, event sent|received), stored for signed-in players only.",
  input: z
    .object({
      channel_id: z.string().trim().min(1).max(128),
      conversation_id: z.string().trim().min(1).max(128),
      text: z.string().max(4000),
      event: z.enum(['sent', 'received']),
    })
    .strip(),
  handler: async (input, context) => {
    const settings = await context.services.support.settings(context.locale, null);
    const provider = settings.chat.provider ?? 'none';
    return context.services.support.chatEvents.store(requireUserId(context), provider, input);
  },
});

export const getChat = defineMethod({
  name: 'chat/get',
  verb: 'GET',
  auth: false,
  summary: "The caller's own chat conversation ({id, unread, messages}); empty before the first message.",
  input: empty,
  handler: (_input, context) => context.services.support.chat.conversation(chatOwner(context, false)),
});

export const getChatUnread = defineMethod({
  name: 'chat/unread',
  verb: 'GET',
  auth: false,
  summary: "Operator messages the caller has not read yet ({unread}), for the launcher's badge.",
  input: empty,
  handler: async (_input, context) => ({ unread: await context.services.support.chat.unread(chatOwner(context, false)) }),
});

export const sendChatMessage = defineMethod({
  name: 'chat/send',
  verb: 'POST',
  auth: false,
  summary: "A visitor's chat message (text, 1 to 1000 characters); a guest gets a signed chat identity cookie. Answers the stored message.",
  input: z.object({ text: chatText }).strip(),
  handler: async (input, context) => {
    const owner = chatOwner(context, true)!;
    const displayName = owner.kind === 'player' ? await playerName(context, owner.userId) : `Guest ${owner.guestId.slice(0, 6)}`;
    return context.services.support.chat.send(owner, { text: input.text, ip: context.ip, displayName, locale: context.locale });
  },
});

export const markChatRead = defineMethod({
  name: 'chat/markread',
  verb: 'POST',
  auth: false,
  summary: "The caller has read the operators' messages up to upTo (the id of the newest message the panel shows; all of them when omitted). Answers {unread}, what is left unread; never un-reads.",
  // upTo is the mark the read applies to, so a markread arriving after a newer answer leaves that answer unread.
  input: z.object({ upTo: messageId.optional() }).strip(),
  handler: async (input, context) => ({ unread: await context.services.support.chat.markRead(chatOwner(context, false), input.upTo) }),
});

async function playerName(context: ApiContext, userId: number): Promise<string> {
  const info = await context.services.accounts.userInfo(userId);
  return info.fakename || info.login || `Player ${userId}`;
}

export const operatorLogin = defineMethod({
  name: 'chat/operator/login',
  verb: 'POST',
  auth: false,
  summary: 'Signs a support operator in to the chat console (name, token = SUPPORT_OPERATOR_TOKEN); sets an HttpOnly session cookie. Rate limited per address.',
  input: z.object({ name: z.string().trim().min(OPERATOR_NAME_LIMITS.min).max(OPERATOR_NAME_LIMITS.max), token: z.string().min(1).max(512) }).strip(),
  handler: async (input, context) => {
    const session = await context.services.support.operators.login(input.name, input.token, context.ip);
    context.setCookie(OPERATOR_COOKIE, session.cookie, { maxAge: OPERATOR_SESSION_SECONDS });
    return { name: session.name };
  },
});

export const operatorLogout = defineMethod({
  name: 'chat/operator/logout',
  verb: 'POST',
  auth: false,
  summary: "Ends the operator's console session (clears its cookie).",
  input: empty,
  handler: (_input, context) => {
    context.clearCookie(OPERATOR_COOKIE);
    return null;
  },
});

export const operatorConversations = defineMethod({
  name: 'chat/operator/conversations',
  verb: 'GET',
  auth: false,
  summary: 'Operator console: {operator, items} the latest conversations with their unread counts. Needs the console session.',
  input: empty,
  handler: async (_input, context) => ({ operator: operatorName(context), items: await context.services.support.chat.list() }),
});

export const operatorConversation = defineMethod({
  name: 'chat/operator/conversation',
  verb: 'GET',
  auth: false,
  summary: 'Operator console: one conversation (id) with its messages; counts as read by the operators.',
  input: z.object({ id: conversationId }).strip(),
  handler: (input, context) => {
    operatorName(context);
    return context.services.support.chat.open(input.id);
  },
});

export const operatorReply = defineMethod({
  name: 'chat/operator/reply',
  verb: 'POST',
  auth: false,
  summary: "Operator console: answers a conversation (id, text); delivered live to the visitor's page.",
  input: z.object({ id: conversationId, text: chatText }).strip(),
  handler: (input, context) => context.services.support.chat.reply(input.id, operatorName(context), input.text),
});
