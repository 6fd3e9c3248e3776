import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BACKOFFICE_LIVE_PATH } from '../../contract/backoffice.ts';

/**
 * The back office's live stream (`GET /backoffice/live`, server-sent events): the server
 * subscribes a member to one topic per permission of their role, so a queue or a chat updates
 * for exactly those who may see it. One EventSource per page, shared by every screen; the
 * browser reconnects by itself.
 *
 * Publishing: `services.live.publish(staffTopic('withdrawals.read'), { type: 'withdrawals', data })`.
 */
type Listener = (data: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;

function attach(type: string) {
  source?.addEventListener(type, (event) => {
    let data: unknown = null;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return;
    }
    for (const listener of listeners.get(type) ?? []) listener(data);
  });
}

/** Opens the stream (once per page); the shell calls it when a member is signed in. */
export function connectStaffLive() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource(BACKOFFICE_LIVE_PATH);
  for (const type of listeners.keys()) attach(type);
}

export function disconnectStaffLive() {
  source?.close();
  source = null;
}

export function onStaffEvent(type: string, listener: Listener): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
    attach(type);
  }
  set.add(listener);
  return () => void set.delete(listener);
}

/** Refetches these queries whenever an event of `type` arrives (a queue changed). */
export function useLiveRefresh(type: string, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => onStaffEvent(type, () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey })), [type, key, queryClient]);
}
