import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatConversationView, type ChatMessageView } from '../../../contract/support.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { connectLive, reconnectLive, useLiveEvent } from '../../lib/live.ts';
import { useLocale } from '../../lib/locale.ts';
import { Icon } from '../../ui/icon.tsx';
import { useSupportT } from '../support/i18n.ts';
import { MessageBubble } from './message-bubble.tsx';
import { useMessageList, useStickToBottom } from './use-conversation.ts';

/**
 * The built-in chat's panel (lazy: loaded when the launcher opens it). Reads the stored
 * conversation, then follows it live; operator answers that arrive while it is open count as
 * read. A guest's first message makes their chat identity (an HttpOnly cookie), after which the
 * live stream reconnects to hear their conversation.
 */
export default function ChatPanel({ uid, onClose, onStarted, onRead }: { uid: number | null; onClose(): void; onStarted(): void; onRead(): void }) {
  const { t } = useSupportT();
  const locale = useLocale();
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();

  // The read covers only what the panel shows, up to its newest message: a markread can reach the
  // server after a newer answer was stored (the panel closed meanwhile), and that one stays unread.
  const markRead = useCallback(
    (upTo: number) => {
      onRead();
      void api('chat/markread', { body: { upTo } }).catch(() => undefined);
    },
    [onRead],
  );

  const newestShown = useRef(0);
  const { messages, merge, setMessages } = useMessageList(
    () => true,
    (payload) => {
      // The live message is merged right after this call; the panel may already show newer ones.
      if (payload.message.author === 'operator') markRead(Math.max(payload.message.id, newestShown.current));
    },
  );
  useEffect(() => {
    newestShown.current = messages.at(-1)?.id ?? 0;
  }, [messages]);

  const load = useCallback(
    () =>
      api<ChatConversationView>('chat/get')
        .then((conversation) => {
          setConversationId(conversation.id);
          setMessages(conversation.messages);
          const newest = conversation.messages.at(-1);
          if (conversation.unread > 0 && newest) markRead(newest.id);
        })
        .catch(() => setProblem(t('chat.unavailable')))
        .finally(() => setLoading(false)),
    [markRead, setMessages, t],
  );

  useEffect(() => {
    connectLive(uid);
    void load();
    inputRef.current?.focus();
  }, [uid, load]);

  // The stream lost messages it cannot replay: read the conversation again.
  useLiveEvent('resync', useCallback(() => void load(), [load]));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const listRef = useStickToBottom(messages.length);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    if (body.length > CHAT_MESSAGE_MAX) return setProblem(t('chat.tooLong', { max: CHAT_MESSAGE_MAX }));
    setSending(true);
    setProblem(null);
    try {
      const message = await api<ChatMessageView>('chat/send', { body: { text: body } });
      merge([message]);
      setText('');
      if (conversationId === null) {
        setConversationId(message.conversation_id);
        onStarted();
        // A new guest identity: the stream must reopen to hear the operators' answers.
        if (uid === null) reconnectLive();
      }
    } catch (error) {
      setProblem(isApiError(error) && error.type === 'TooManyRequestsException' ? t('chat.tooMany') : t('chat.failed'));
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  }

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      data-testid="chat-panel"
      className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-ink-900 shadow-2xl ring-1 ring-white/10 laptop:inset-auto laptop:right-6 laptop:bottom-6 laptop:h-[600px] laptop:max-h-[calc(100dvh-3rem)] laptop:w-[400px] laptop:rounded-3xl"
    >
      <header className="flex items-center gap-3 border-b border-white/10 bg-gradient-to-r from-violet-600/30 via-ink-800 to-ink-800 px-4 py-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
        <div className="relative grid size-10 shrink-0 place-items-center rounded-full bg-gradient-to-b from-gold-400 to-gold-600 text-ink-950">
          <Icon name="support" size={22} aria-hidden />
          <span className="absolute right-0 bottom-0 size-3 rounded-full bg-jade-400 ring-2 ring-ink-800" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base font-bold text-white">
            {t('chat.title')}
          </h2>
          <p className="truncate text-xs text-ink-300">{t('chat.status')}</p>
        </div>
        <button type="button" onClick={onClose} aria-label={t('chat.close')} data-testid="chat-close" className="grid size-10 place-items-center rounded-xl text-ink-300 hover:bg-white/5 hover:text-white">
          <Icon name="close" size={20} aria-hidden />
        </button>
      </header>

      <div ref={listRef} className="flex-1 overflow-y-auto px-4 py-4" aria-live="polite">
        <ul className="flex flex-col gap-3">
          <li className="flex flex-col items-start gap-1">
            <div className="max-w-[85%] rounded-2xl rounded-bl-md bg-ink-700 px-3.5 py-2 text-sm text-ink-100 ring-1 ring-white/5">{t('chat.welcome')}</div>
            <span className="px-1 text-[11px] text-ink-400">{t('chat.team')}</span>
          </li>
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              mine={message.author === 'visitor'}
              author={message.author === 'visitor' ? t('chat.you') : (message.operator_name ?? t('chat.team'))}
              locale={locale}
            />
          ))}
        </ul>
        {loading && <p className="mt-4 text-center text-xs text-ink-400">{t('chat.loading')}</p>}
        {!loading && messages.length === 0 && <p className="mt-6 text-center text-sm text-ink-400">{t('chat.empty')}</p>}
      </div>

      <form onSubmit={send} className="border-t border-white/10 bg-ink-800/80 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        {problem && (
          <p role="alert" className="mb-2 text-sm text-ruby-400" data-testid="chat-problem">
            {problem}
          </p>
        )}
        <div className="flex items-end gap-2">
          <label className="sr-only" htmlFor={`${titleId}-input`}>
            {t('chat.placeholder')}
          </label>
          <textarea
            id={`${titleId}-input`}
            ref={inputRef}
            data-testid="chat-input"
            value={text}
            rows={1}
            maxLength={CHAT_MESSAGE_MAX}
            placeholder={t('chat.placeholder')}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void send();
              }
            }}
            className="max-h-32 min-h-11 flex-1 resize-none rounded-xl bg-ink-900 px-3.5 py-2.5 text-base text-ink-100 ring-1 ring-white/10 outline-none placeholder:text-ink-500 focus:ring-2 focus:ring-gold-400 laptop:text-sm"
          />
          <button
            type="submit"
            data-testid="chat-send"
            disabled={sending || !text.trim()}
            aria-label={t('chat.send')}
            className="grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-to-b from-gold-400 to-gold-600 text-ink-950 transition hover:from-gold-300 hover:to-gold-500 disabled:opacity-40"
          >
            <Icon name="chevronRight" size={22} aria-hidden />
          </button>
        </div>
      </form>
    </section>
  );
}
