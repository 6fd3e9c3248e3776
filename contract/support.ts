/**
 * What the support page, the built-in live chat and the operator console share with the server
 * (docs/support-chat.md). No zod here: the chat launcher sits in every page's bundle.
 */

/** Topics a contact form may be about; the FAQ is grouped by the same ones. */
export const SUPPORT_TOPICS = ['deposit', 'withdrawal', 'verification', 'bonus', 'account', 'responsible_gaming', 'technical', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const CONTACT_LIMITS = { nameMin: 2, nameMax: 80, emailMax: 254, messageMin: 10, messageMax: 2000 } as const;

/** A chat message: 1 to 1000 characters once trimmed. */
export const CHAT_MESSAGE_MAX = 1000;

/** Operator names shown to players ("Anna from support"): 2 to 40 characters. */
export const OPERATOR_NAME_LIMITS = { min: 2, max: 40 } as const;

/** The live event a chat message travels as (decision 011's `type`). */
export const CHAT_LIVE_EVENT = 'chat.message';

export type ChatAuthor = 'visitor' | 'operator';

export type ChatMessageView = {
  id: number;
  conversation_id: number;
  author: ChatAuthor;
  /** The operator's name on operator messages, null on the visitor's own. */
  operator_name: string | null;
  text: string;
  created_at: string;
};

/** The caller's own conversation: empty (id null) until the first message. */
export type ChatConversationView = {
  id: number | null;
  unread: number;
  messages: ChatMessageView[];
};

/** One line of the operators' list. */
export type OperatorConversationView = {
  id: number;
  display_name: string;
  kind: 'player' | 'guest';
  user_id: number | null;
  locale: string;
  unread: number;
  last_message: string | null;
  last_message_at: string;
};

/** The live payload: the message, and the unread count of the side it is meant for. */
export type ChatLivePayload = { message: ChatMessageView; unread: number; display_name?: string };

/**
 * Which chat a page runs (support/getsettings): the built-in chat, a third-party widget with its
 * settings, or none (chat switched off, `comm100`, or a settings failure, which is logged).
 */
export type ChatSetup =
  | { provider: 'builtin' }
  | { provider: ThirdPartyChat; settings: Record<string, unknown>; visitor: ChatVisitor | null }
  | { provider: null };

export type ThirdPartyChat = 'live_tex' | 'freshChat' | 'liveChat' | 'verbox' | 'betunlim' | 'jivoSite';

/** Visitor data given to third-party chats, for signed-in players only (spec 1 section 4). */
export type ChatVisitor = { uid: number; name: string | null; email: string | null; phone: string | null; language: string };

export type SupportSettings = { chat: ChatSetup; support_email: string };

/** Field-level problems of a contact form, as message keys of app/locales/{en,fr}/support.json. */
export type ContactField = 'name' | 'email' | 'topic' | 'message';
export type ContactProblem = 'required' | 'tooShort' | 'tooLong' | 'email' | 'topic';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The form's own check before sending, the same limits the server applies. */
export function contactFormProblems(values: Record<ContactField, string>): Partial<Record<ContactField, ContactProblem>> {
  const problems: Partial<Record<ContactField, ContactProblem>> = {};
  const name = values.name.trim();
  if (!name) problems.name = 'required';
  else if (name.length < CONTACT_LIMITS.nameMin) problems.name = 'tooShort';
  else if (name.length > CONTACT_LIMITS.nameMax) problems.name = 'tooLong';
  const email = values.email.trim();
  if (!email) problems.email = 'required';
  else if (email.length > CONTACT_LIMITS.emailMax || !EMAIL.test(email)) problems.email = 'email';
  if (!(SUPPORT_TOPICS as readonly string[]).includes(values.topic)) problems.topic = 'topic';
  const message = values.message.trim();
  if (!message) problems.message = 'required';
  else if (message.length < CONTACT_LIMITS.messageMin) problems.message = 'tooShort';
  else if (message.length > CONTACT_LIMITS.messageMax) problems.message = 'tooLong';
  return problems;
}
