import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../contract/api.ts';
import { stripLocale } from '../../../contract/locales.ts';
import { chatBadgeHidden } from '../../../contract/chat-badge.ts';
import { useRootData } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { OPEN_CHAT_EVENT, hasChat, onChatRemembered, rememberChat } from './open-chat.ts';

// Everything heavier than this button loads on demand: the panel when it opens, a third-party
// widget's adapter when the site configuration names one (the home page's JS budget).
const ChatPanel = lazy(() => import('./chat-panel.tsx'));
const ThirdPartyChat = lazy(() => import('./third-party.tsx'));
const UnreadFollower = lazy(() => import('./unread-follower.tsx'));

/**
 * The chat of the site shell (docs/support-chat.md): the built-in chat's launcher with its unread
 * badge, or the configured third-party widget, or nothing (chat switched off, comm100). Hidden on
 * the betting and game routes (spec 2 section 6).
 */
export function ChatLauncher() {
  const root = useRootData();
  const { pathname } = useLocation();
  if (!root || root.config.features.chat === false) return null;
  const hidden = chatBadgeHidden(stripLocale(pathname));
  const provider = root.config.chat.chat;
  if (provider === 'comm100') return null;
  if (provider) {
    return hidden ? null : (
      <Suspense fallback={null}>
        <ThirdPartyChat />
      </Suspense>
    );
  }
  return hidden ? null : <BuiltinLauncher uid={isLoggedIn(root.user) ? root.user.uid : null} />;
}

function BuiltinLauncher({ uid }: { uid: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);

  // A player, or a guest who has written before, may have answers waiting (the follower counts them).
  const remembered = useSyncExternalStore(onChatRemembered, hasChat, () => false);

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_CHAT_EVENT, show);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, show);
  }, []);

  const close = useCallback(() => setOpen(false), []);
  const started = useCallback(() => rememberChat(), []);

  return (
    <>
      {!open && (uid !== null || remembered) && (
        <Suspense fallback={null}>
          <UnreadFollower uid={uid} onUnread={setUnread} />
        </Suspense>
      )}
      {open && (
        <Suspense fallback={null}>
          <ChatPanel uid={uid} onClose={close} onStarted={started} onRead={() => setUnread(0)} />
        </Suspense>
      )}
      {/* Room at the end of the page, so the floating button never sits over its last lines. */}
      <div aria-hidden="true" className="h-14 shrink-0 bg-ink-950 laptop:h-20" data-testid="chat-launcher-room" />
      {!open && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          data-testid="chat-launcher"
          aria-label={unread ? `${t('chatLauncher.open')} (${t('chatLauncher.unread', { count: unread })})` : t('chatLauncher.open')}
          className="fixed right-4 bottom-20 z-40 grid size-14 place-items-center rounded-full bg-gradient-to-b from-gold-400 to-gold-600 text-ink-950 shadow-[0_10px_30px_-8px_rgba(245,184,46,0.75)] transition hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300 laptop:right-6 laptop:bottom-6"
        >
          <Icon name="support" size={26} aria-hidden />
          {unread > 0 && (
            <span
              data-testid="chat-unread"
              className="absolute -top-1 -right-1 grid h-6 min-w-6 place-items-center rounded-full bg-ruby-500 px-1.5 text-xs font-bold text-white ring-2 ring-ink-950"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      )}
    </>
  );
}
