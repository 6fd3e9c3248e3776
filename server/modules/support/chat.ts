import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enforce, type Limit, type RateLimitStore } from '../../platform/rate-limit/index.ts';
import { chatConversations, chatMessages } from '../../db/schema/support.ts';
import {
  CHAT_LIVE_EVENT,
  CHAT_MESSAGE_MAX,
  type ChatConversationView,
  type ChatLivePayload,
  type ChatMessageView,
  type OperatorConversationView,
} from '../../../contract/support.ts';
import { staffTopic } from '../../../contract/backoffice.ts';

/**
 * The built-in live chat (docs/support-chat.md): one conversation per owner (a signed-in player or
 * a guest's signed identity), messages stored, then announced on the live channel to the owner's
 * topic and to the operators' topic. The live message is a hint; the stored conversation is the
 * truth, read again when a panel opens.
 */
export type ChatOwner = { kind: 'player'; userId: number } | { kind: 'guest'; guestId: string };

export const OPERATORS_TOPIC = 'support:operators';
/** The back office's members with `support.chat` hear every chat message there, as type `chat`. */
export const STAFF_CHAT_TOPIC = staffTopic('support.chat');
export const STAFF_CHAT_EVENT = 'chat';
export const ownerTopic = (owner: ChatOwner) => (owner.kind === 'player' ? `player:${owner.userId}` : `chat-guest:${owner.guestId}`);

/** Messages a visitor may send: a burst of 8 per 30 s per conversation owner, 30 a minute per address. */
export const CHAT_LIMITS = {
  perOwner: { name: 'chat-send-owner', max: 8, windowSeconds: 30 },
  perAddress: { name: 'chat-send-ip', max: 30, windowSeconds: 60 },
  operator: { name: 'chat-reply-operator', max: 60, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

/** Messages a conversation shows when opened: the latest 200 (older ones stay stored). */
const HISTORY = 200;

type Publish = (topic: string, message: { type: string; data: unknown }) => Promise<unknown>;

export function createChat(deps: { db: Db; limits: RateLimitStore; publish: Publish }) {
  const { db } = deps;

  const ownerWhere = (owner: ChatOwner) =>
    owner.kind === 'player' ? eq(chatConversations.userId, owner.userId) : eq(chatConversations.guestId, owner.guestId);

  const view = (row: typeof chatMessages.$inferSelect): ChatMessageView => ({
    id: row.id,
    conversation_id: row.conversationId,
    author: row.author,
    operator_name: row.operatorName,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  });

  function checkText(text: string, field = 'text'): string {
    const trimmed = text.trim();
    if (!trimmed) throw new AppError('InvalidParameterException', `Invalid parameter: ${field}`, { fields: { [field]: 'required' } });
    if (trimmed.length > CHAT_MESSAGE_MAX) {
      throw new AppError('InvalidParameterException', `Invalid parameter: ${field}`, { fields: { [field]: `at most ${CHAT_MESSAGE_MAX} characters` } });
    }
    return trimmed;
  }

  async function find(owner: ChatOwner) {
    const [row] = await db.select().from(chatConversations).where(ownerWhere(owner)).limit(1);
    return row ?? null;
  }

  async function history(conversationId: number): Promise<ChatMessageView[]> {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(desc(chatMessages.id))
      .limit(HISTORY);
    return rows.reverse().map(view);
  }

  async function announce(owner: ChatOwner, message: ChatMessageView, unread: { visitor: number; operator: number }, displayName: string) {
    // Publishing is a hint (decision 011): a failure is not the sender's failure, the message is stored.
    const forOwner: ChatLivePayload = { message, unread: unread.visitor };
    const forOperators: ChatLivePayload = { message, unread: unread.operator, display_name: displayName };
    await Promise.allSettled([
      deps.publish(ownerTopic(owner), { type: CHAT_LIVE_EVENT, data: forOwner }),
      deps.publish(OPERATORS_TOPIC, { type: CHAT_LIVE_EVENT, data: forOperators }),
      deps.publish(STAFF_CHAT_TOPIC, { type: STAFF_CHAT_EVENT, data: forOperators }),
    ]);
  }

  return {
    /** The owner's conversation with its latest messages (empty before the first message). */
    async conversation(owner: ChatOwner | null): Promise<ChatConversationView> {
      const row = owner ? await find(owner) : null;
      if (!row) return { id: null, unread: 0, messages: [] };
      return { id: row.id, unread: row.unreadByVisitor, messages: await history(row.id) };
    },

    async unread(owner: ChatOwner | null): Promise<number> {
      if (!owner) return 0;
      const [row] = await db.select({ unread: chatConversations.unreadByVisitor }).from(chatConversations).where(ownerWhere(owner)).limit(1);
      return row?.unread ?? 0;
    },

    /**
     * The visitor read the operators' messages up to message `upTo` (the newest their panel shows),
     * or all of them when `upTo` is omitted (older clients). Answers the count still unread.
     *
     * The mark is needed because a markread can reach the server after a newer answer was stored
     * (the panel may have closed meanwhile); "everything" would then count that answer as read.
     * Read state is the `unread_by_visitor` counter, and the unread operator messages are always
     * the newest ones (a reply adds one, the visitor's own message or a markread clears from the
     * oldest), so reading up to `upTo` leaves min(counter, operator messages after `upTo`) unread.
     * Taking the minimum keeps it monotone: a late markread with a smaller `upTo` un-reads nothing.
     */
    async markRead(owner: ChatOwner | null, upTo?: number): Promise<number> {
      if (!owner) return 0;
      if (upTo === undefined) {
        await db.update(chatConversations).set({ unreadByVisitor: 0 }).where(and(ownerWhere(owner), gt(chatConversations.unreadByVisitor, 0)));
        return 0;
      }
      return db.transaction(async (tx) => {
        // Lock the row before counting: a reply bumps the counter and stores its message under this
        // lock, so once we hold it the count below (a fresh snapshot) sees every message the counter
        // includes. In a single UPDATE the count could miss a reply committed while it waited.
        const [row] = await tx
          .select({ id: chatConversations.id, unread: chatConversations.unreadByVisitor })
          .from(chatConversations)
          .where(ownerWhere(owner))
          .for('update');
        if (!row || row.unread === 0) return 0;
        const [{ after }] = await tx
          .select({ after: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(and(eq(chatMessages.conversationId, row.id), eq(chatMessages.author, 'operator'), gt(chatMessages.id, upTo)));
        if (after >= row.unread) return row.unread;
        await tx.update(chatConversations).set({ unreadByVisitor: after }).where(eq(chatConversations.id, row.id));
        return after;
      });
    },

    /** A visitor's message: stored (the conversation made on the first one), then announced. */
    async send(owner: ChatOwner, input: { text: string; ip: string; displayName: string; locale: string }): Promise<ChatMessageView> {
      const text = checkText(input.text);
      const ownerKey = owner.kind === 'player' ? `u${owner.userId}` : `g${owner.guestId}`;
      await enforce(deps.limits, ownerKey, CHAT_LIMITS.perOwner);
      await enforce(deps.limits, input.ip, CHAT_LIMITS.perAddress);
      const { message, conversation } = await db.transaction(async (tx) => {
        await tx
          .insert(chatConversations)
          .values({
            userId: owner.kind === 'player' ? owner.userId : null,
            guestId: owner.kind === 'guest' ? owner.guestId : null,
            displayName: input.displayName,
            locale: input.locale,
          })
          .onConflictDoNothing();
        // The visitor has read all before writing; the operators have one more to read.
        const [conversation] = await tx
          .update(chatConversations)
          .set({
            unreadByOperator: sql`${chatConversations.unreadByOperator} + 1`,
            unreadByVisitor: 0,
            lastMessageAt: sql`now()`,
            displayName: input.displayName,
            locale: input.locale,
          })
          .where(ownerWhere(owner))
          .returning();
        const [message] = await tx.insert(chatMessages).values({ conversationId: conversation.id, author: 'visitor', text }).returning();
        return { message, conversation };
      });
      const result = view(message);
      await announce(owner, result, { visitor: 0, operator: conversation.unreadByOperator }, conversation.displayName);
      return result;
    },

    /** Operators' list: conversations with a message, the most recent first. */
    async list(limit = 50): Promise<OperatorConversationView[]> {
      const rows = await db
        .select({
          conversation: chatConversations,
          // Qualified by hand: drizzle renders a column in a sql`` fragment unqualified, and inside
          // this subquery a bare "id" would be the message's own id (it showed the wrong message).
          last: sql<string | null>`(select m.text from chat_messages m where m.conversation_id = "chat_conversations"."id" order by m.id desc limit 1)`,
        })
        .from(chatConversations)
        .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
        .limit(limit);
      return rows.map(({ conversation, last }) => ({
        id: conversation.id,
        display_name: conversation.displayName,
        kind: conversation.userId !== null ? 'player' : 'guest',
        user_id: conversation.userId,
        locale: conversation.locale,
        unread: conversation.unreadByOperator,
        last_message: last,
        last_message_at: conversation.lastMessageAt.toISOString(),
      }));
    },

    /** An operator opens a conversation: its messages, and it counts as read by the operators. */
    async open(conversationId: number): Promise<{ conversation: OperatorConversationView; messages: ChatMessageView[] }> {
      const [row] = await db.update(chatConversations).set({ unreadByOperator: 0 }).where(eq(chatConversations.id, conversationId)).returning();
      if (!row) throw new AppError('InvalidParameterException', 'No such conversation', { fields: { id: 'No such conversation' } });
      const messages = await history(row.id);
      return {
        conversation: {
          id: row.id,
          display_name: row.displayName,
          kind: row.userId !== null ? 'player' : 'guest',
          user_id: row.userId,
          locale: row.locale,
          unread: 0,
          last_message: messages.at(-1)?.text ?? null,
          last_message_at: row.lastMessageAt.toISOString(),
        },
        messages,
      };
    },

    /**
     * An operator's answer: stored, counted unread for the visitor, announced to both sides.
     * `limitKey` is whose rate limit it counts against (a back-office member's id; the console's
     * operator name by default).
     */
    async reply(conversationId: number, operatorName: string, rawText: string, limitKey = operatorName): Promise<ChatMessageView> {
      const text = checkText(rawText);
      await enforce(deps.limits, limitKey, CHAT_LIMITS.operator);
      const result = await db.transaction(async (tx) => {
        const [conversation] = await tx
          .update(chatConversations)
          .set({ unreadByVisitor: sql`${chatConversations.unreadByVisitor} + 1`, unreadByOperator: 0, lastMessageAt: sql`now()` })
          .where(eq(chatConversations.id, conversationId))
          .returning();
        if (!conversation) throw new AppError('InvalidParameterException', 'No such conversation', { fields: { id: 'No such conversation' } });
        const [message] = await tx.insert(chatMessages).values({ conversationId, author: 'operator', operatorName, text }).returning();
        return { conversation, message };
      });
      const { conversation } = result;
      const owner: ChatOwner =
        conversation.userId !== null ? { kind: 'player', userId: conversation.userId } : { kind: 'guest', guestId: conversation.guestId! };
      const message = view(result.message);
      await announce(owner, message, { visitor: conversation.unreadByVisitor, operator: 0 }, conversation.displayName);
      return message;
    },

    /** Conversations with something the operators have not read (the console's title badge). */
    async unreadByOperators(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(chatConversations)
        .where(gt(chatConversations.unreadByOperator, 0));
      return row?.count ?? 0;
    },
  };
}

export type Chat = ReturnType<typeof createChat>;
