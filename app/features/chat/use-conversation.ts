import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_LIVE_EVENT, type ChatLivePayload, type ChatMessageView } from '../../../contract/support.ts';
import { useLiveEvent } from '../../lib/live.ts';

/**
 * A list of chat messages fed by a read of the stored conversation and by live messages: kept in
 * id order, each once (a live message may arrive before or after the answer that stored it).
 */
export function useMessageList(filter: (message: ChatMessageView) => boolean, onLive?: (payload: ChatLivePayload) => void) {
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const merge = useCallback((incoming: ChatMessageView[]) => {
    setMessages((current) => {
      const byId = new Map(current.map((message) => [message.id, message]));
      for (const message of incoming) byId.set(message.id, message);
      return [...byId.values()].sort((a, b) => a.id - b.id);
    });
  }, []);
  const filterRef = useRef(filter);
  const onLiveRef = useRef(onLive);
  useEffect(() => {
    filterRef.current = filter;
    onLiveRef.current = onLive;
  });
  useLiveEvent(
    CHAT_LIVE_EVENT,
    useCallback(
      (data: unknown) => {
        const payload = data as ChatLivePayload;
        if (!payload?.message) return;
        onLiveRef.current?.(payload);
        if (filterRef.current(payload.message)) merge([payload.message]);
      },
      [merge],
    ),
  );
  return { messages, setMessages, merge };
}

/** Keeps a scroll container at its bottom when messages arrive. */
export function useStickToBottom(count: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);
  return ref;
}
