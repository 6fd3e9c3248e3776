import { useEffect } from 'react';

/**
 * The page's one live stream (`GET /live`, server-sent events, decision 011): balance changes and
 * notices for the signed-in player, public events for everyone. One EventSource per page, shared
 * by every subscriber; the browser reconnects by itself and sends the last id it saw, so the
 * server replays what was missed (or sends `resync`).
 *
 * `html[data-live]` tells the state (`open` or `closed`): the balance falls back to polling only
 * while the stream is not open.
 */
type Listener = (data: unknown, id: string) => void;

const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;
let open = false;
let forUser: number | null | undefined;
/**
 * Whether the stream is starting (the page's first moments, before it opened or failed), open,
 * or down. A signed-in page's stream connects once its code has loaded and the server answered,
 * which on a busy server takes longer than one polling interval: a poll then is wasted.
 */
let phase: 'starting' | 'open' | 'down' = 'starting';
let startedAt = Date.now();
/** How long a stream that has neither opened nor failed still counts as coming. */
const STARTING_GRACE_MS = 5_000;

function setOpen(value: boolean) {
  if (open === value) return;
  open = value;
  document.documentElement.dataset.live = value ? 'open' : 'closed';
}

function attachType(type: string) {
  source?.addEventListener(type, (event) => {
    const message = event as MessageEvent<string>;
    let data: unknown = null;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    for (const listener of listeners.get(type) ?? []) listener(data, message.lastEventId);
  });
}

/** When the server read the signed-in player's state this page shows (root data), until a stream has asked from it. */
let stateReadAt: number | null = null;
let askedFrom: number | null = null;

/**
 * Notes when the page's state was read (called as the root renders, before effects open the
 * stream). A stream opened for that state asks `/live?since=` it: the server replays what it heard
 * since, or sends `resync` (docs/events.md). Each state is asked from once; a reopened stream of
 * the same page would otherwise hear it all again.
 */
export function noteStateReadAt(at: number | null) {
  stateReadAt = at;
}

/** Opens the stream for this page (again when the player changes: the server picks topics by session). */
export function connectLive(user: number | null) {
  if (typeof EventSource === 'undefined') return;
  if (source && forUser === user) return;
  source?.close();
  forUser = user;
  const since = user !== null && stateReadAt !== null && stateReadAt !== askedFrom ? stateReadAt : null;
  askedFrom = since ?? askedFrom;
  source = new EventSource(since === null ? '/live' : `/live?since=${since}`);
  if (phase !== 'open') {
    phase = 'starting';
    startedAt = Date.now();
  }
  source.onopen = () => {
    phase = 'open';
    setOpen(true);
  };
  source.onerror = () => {
    const stillOpen = source?.readyState === EventSource.OPEN;
    if (!stillOpen) phase = 'down';
    setOpen(stillOpen);
  };
  for (const type of new Set(['ready', 'resync', ...listeners.keys()])) attachType(type);
}

/**
 * Opens the stream again for the same player: the server picks topics when a stream opens, so a
 * page that just got a new identity of its own (a guest's first chat message, an operator's
 * console sign-in) reconnects to hear its new topic.
 */
export function reconnectLive() {
  if (forUser === undefined) return;
  const user = forUser;
  source?.close();
  source = null;
  forUser = undefined;
  connectLive(user);
}

export function disconnectLive() {
  source?.close();
  source = null;
  forUser = undefined;
  phase = 'down';
  setOpen(false);
}

/** Calls `handler` for every live event of `type` while the component is mounted. */
export function useLiveEvent(type: string, handler: Listener) {
  useEffect(() => {
    if (!listeners.has(type)) {
      listeners.set(type, new Set());
      attachType(type);
    }
    listeners.get(type)!.add(handler);
    return () => void listeners.get(type)?.delete(handler);
  }, [type, handler]);
}

/**
 * Whether the live stream brings changes now or is about to (for code outside React): open, or
 * starting (neither opened nor failed yet) for at most STARTING_GRACE_MS. Polling is the
 * fallback only when this is false.
 */
export const isLiveCovering = () => open || (phase === 'starting' && Date.now() - startedAt < STARTING_GRACE_MS);
