import { useCallback, useEffect } from 'react';
import { CHAT_LIVE_EVENT, type ChatLivePayload } from '../../../contract/support.ts';
import { api } from '../../lib/api-client.ts';
import { connectLive, useLiveEvent } from '../../lib/live.ts';

/**
 * The launcher's unread count while the panel is closed (lazy: only for a player or a guest who
 * has written, so a first visit loads none of it): one read of chat/unread, then operator
 * answers from the live stream. Chat failures show nothing (spec 2 section 8).
 */
export default function UnreadFollower({ uid, onUnread }: { uid: number | null; onUnread(count: number): void }) {
  useEffect(() => {
    connectLive(uid);
    let live = true;
    api<{ unread: number }>('chat/unread')
      .then((answer) => live && onUnread(answer.unread))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uid, onUnread]);

  useLiveEvent(
    CHAT_LIVE_EVENT,
    useCallback(
      (data: unknown) => {
        const payload = data as ChatLivePayload;
        if (payload.message?.author === 'operator') onUnread(payload.unread);
      },
      [onUnread],
    ),
  );
  return null;
}
