/**
 * Opening the chat from elsewhere on the page (the support page's "Start a chat"), and the
 * browser's memory that this guest has a conversation (so the launcher asks for unread answers
 * only when there can be some). The identity itself is an HttpOnly cookie the page cannot read.
 */
export const OPEN_CHAT_EVENT = 'croupier:open-chat';
const KEY = 'croupier.chat';
const REMEMBERED = 'croupier:chat-remembered';

export const openChat = () => window.dispatchEvent(new Event(OPEN_CHAT_EVENT));

export function hasChat(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberChat() {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // private mode: the badge then shows answers only while the panel is open
  }
  window.dispatchEvent(new Event(REMEMBERED));
}

/** For useSyncExternalStore: the memory changes in this tab (rememberChat) or another (storage). */
export function onChatRemembered(callback: () => void) {
  window.addEventListener(REMEMBERED, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(REMEMBERED, callback);
    window.removeEventListener('storage', callback);
  };
}
