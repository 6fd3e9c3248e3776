import type { Db } from '../../platform/db/database.ts';
import { chatEvents } from '../../db/schema/support.ts';

/**
 * FreshChat/storeChatEvent (spec 2 section 7): a third-party widget's message, kept for the
 * player's record. Only for signed-in players (spec 2 section 6): the API method requires a session.
 */
export type ChatEventInput = { channel_id: string; conversation_id: string; text: string; event: 'sent' | 'received' };

export function createChatEvents(db: Db) {
  return {
    async store(userId: number, provider: string, input: ChatEventInput): Promise<{ id: number }> {
      const [row] = await db
        .insert(chatEvents)
        .values({ userId, provider, channelId: input.channel_id, conversationId: input.conversation_id, text: input.text, event: input.event })
        .returning({ id: chatEvents.id });
      return { id: row.id };
    },
  };
}
