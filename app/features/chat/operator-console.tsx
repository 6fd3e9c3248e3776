import clsx from 'clsx';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatLivePayload, type ChatMessageView, type OperatorConversationView } from '../../../contract/support.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { connectLive, reconnectLive, useLiveEvent } from '../../lib/live.ts';
import { useLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert, PasswordField, TextField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useSupportT } from '../support/i18n.ts';
import { MessageBubble } from './message-bubble.tsx';
import { useMessageList, useStickToBottom } from './use-conversation.ts';

type ConsoleState = { status: 'loading' } | { status: 'signed-out' } | { status: 'ready'; operator: string };

/**
 * The operators' console (/support/console, decision 017): sign-in with a name and the operator
 * token, then the conversations with their unread counts, one open at a time, answered live.
 * Everything is read in the browser: the page itself is the same for everyone (guest pages are
 * shared, decision 012), only the console session cookie opens the data.
 */
export function OperatorConsole() {
  const { t } = useSupportT();
  const [state, setState] = useState<ConsoleState>({ status: 'loading' });
  const [items, setItems] = useState<OperatorConversationView[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);

  const refresh = useCallback(
    () =>
      api<{ operator: string; items: OperatorConversationView[] }>('chat/operator/conversations').then(
        (answer) => {
          setItems(answer.items);
          setState({ status: 'ready', operator: answer.operator });
        },
        (error: unknown) => {
          if (isApiError(error) && error.type === 'AuthorizationException') setState({ status: 'signed-out' });
        },
      ),
    [],
  );

  useEffect(() => {
    connectLive(null);
    void refresh();
  }, [refresh]);

  useLiveEvent('resync', useCallback(() => void refresh(), [refresh]));

  if (state.status === 'loading') return <p className="p-10 text-center text-ink-400">…</p>;
  if (state.status === 'signed-out') {
    return (
      <SignIn
        onSignedIn={async () => {
          reconnectLive();
          await refresh();
        }}
      />
    );
  }

  return (
    <div className="mx-auto flex h-dvh max-w-[1400px] flex-col p-3 tablet:p-6" data-testid="operator-console">
      <header className="mb-4 flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <div className="grid size-10 place-items-center rounded-xl bg-gold-500/15 text-gold-400">
            <Icon name="support" size={22} aria-hidden />
          </div>
          <div>
            <h1 className="text-xl font-extrabold">{t('console.title')}</h1>
            <p className="text-xs text-ink-400">{t('console.signedInAs', { name: state.operator })}</p>
          </div>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={async () => {
            await api('chat/operator/logout', { body: {} }).catch(() => undefined);
            setState({ status: 'signed-out' });
            reconnectLive();
          }}
        >
          <Icon name="logout" size={18} aria-hidden />
          {t('console.signOut')}
        </Button>
      </header>
      <Conversations items={items} setItems={setItems} openId={openId} setOpenId={setOpenId} refresh={refresh} />
    </div>
  );
}

function Conversations({
  items,
  setItems,
  openId,
  setOpenId,
  refresh,
}: {
  items: OperatorConversationView[];
  setItems(update: (items: OperatorConversationView[]) => OperatorConversationView[]): void;
  openId: number | null;
  setOpenId(id: number | null): void;
  refresh(): Promise<void>;
}) {
  const { t } = useSupportT();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // Live messages go through a ref: the handler needs `open`, which needs the list's setter.
  const onLiveRef = useRef<(payload: ChatLivePayload) => void>(() => undefined);
  const { messages, setMessages, merge } = useMessageList(
    (message) => message.conversation_id === openId,
    (payload) => onLiveRef.current(payload),
  );

  const open = useCallback(
    (id: number) =>
      api<{ conversation: OperatorConversationView; messages: ChatMessageView[] }>('chat/operator/conversation', { query: { id } }).then((answer) => {
        setMessages(answer.messages);
        setItems((current) => current.map((item) => (item.id === id ? { ...item, unread: 0 } : item)));
      }),
    [setItems, setMessages],
  );

  useEffect(() => {
    onLiveRef.current = (payload) => {
      const { message } = payload;
      if (!items.some((item) => item.id === message.conversation_id)) return void refresh();
      const isOpen = message.conversation_id === openId;
      setItems((current) =>
        current
          .map((item) =>
            item.id === message.conversation_id
              ? { ...item, unread: isOpen ? 0 : payload.unread, last_message: message.text, last_message_at: message.created_at }
              : item,
          )
          .sort((a, b) => b.last_message_at.localeCompare(a.last_message_at)),
      );
      // The open conversation is being read: tell the server it was.
      if (isOpen && message.author === 'visitor') void open(message.conversation_id);
    };
  });
  const listRef = useStickToBottom(messages.length);
  const current = items.find((item) => item.id === openId) ?? null;

  async function reply(event: FormEvent) {
    event.preventDefault();
    if (!openId || !text.trim()) return;
    setProblem(null);
    try {
      merge([await api<ChatMessageView>('chat/operator/reply', { body: { id: openId, text: text.trim() } })]);
      setText('');
    } catch (error) {
      setProblem(isApiError(error) ? error.message : String(error));
    }
  }

  const name = (item: OperatorConversationView) => (item.kind === 'player' ? `${item.display_name} · ${t('console.player', { id: item.user_id })}` : item.display_name);

  return (
    <div className="grid min-h-0 flex-1 gap-4 laptop:grid-cols-[340px_1fr]">
      <section aria-label={t('console.conversations')} className={clsx('min-h-0 overflow-y-auto rounded-2xl bg-ink-800/60 ring-1 ring-white/5', openId && 'hidden laptop:block')}>
        <h2 className="sticky top-0 bg-ink-800 px-4 py-3 text-sm font-bold tracking-wide text-ink-300 uppercase">{t('console.conversations')}</h2>
        {items.length === 0 && <p className="px-4 py-6 text-sm text-ink-400">{t('console.noConversations')}</p>}
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                data-testid="console-conversation"
                data-id={item.id}
                onClick={() => {
                  setOpenId(item.id);
                  void open(item.id);
                }}
                className={clsx('flex w-full items-start gap-3 border-t border-white/5 px-4 py-3 text-left hover:bg-white/5', item.id === openId && 'bg-white/5')}
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-white">{name(item)}</p>
                  <p className="truncate text-xs text-ink-400">{item.last_message ?? ''}</p>
                </div>
                {item.unread > 0 && (
                  <span data-testid="console-unread" className="grid h-6 min-w-6 place-items-center rounded-full bg-ruby-500 px-1.5 text-xs font-bold text-white">
                    {item.unread}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className={clsx('flex min-h-0 flex-col rounded-2xl bg-ink-800/60 ring-1 ring-white/5', !openId && 'hidden laptop:flex')}>
        {!current ? (
          <p className="m-auto p-10 text-ink-400">{t('console.pick')}</p>
        ) : (
          <>
            <div className="flex items-center gap-2 border-b border-white/5 px-4 py-3">
              <button type="button" className="laptop:hidden" onClick={() => setOpenId(null)} aria-label={t('console.conversations')}>
                <Icon name="chevronLeft" size={20} aria-hidden />
              </button>
              <h2 className="truncate font-bold">{name(current)}</h2>
              <span className="ml-auto text-xs text-ink-400 uppercase">{current.locale}</span>
            </div>
            <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto p-4">
              <ul className="flex flex-col gap-3" data-testid="console-messages">
                {messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    mine={message.author === 'operator'}
                    author={message.author === 'operator' ? (message.operator_name ?? t('chat.team')) : current.display_name}
                    locale={locale}
                  />
                ))}
              </ul>
            </div>
            <form onSubmit={reply} className="flex gap-2 border-t border-white/5 p-3">
              {problem && <p role="alert" className="text-sm text-ruby-400">{problem}</p>}
              <label htmlFor="console-reply" className="sr-only">
                {t('console.reply')}
              </label>
              <input
                id="console-reply"
                data-testid="console-reply"
                value={text}
                maxLength={CHAT_MESSAGE_MAX}
                onChange={(event) => setText(event.target.value)}
                placeholder={t('console.reply')}
                className="h-11 flex-1 rounded-xl bg-ink-900 px-4 text-sm text-ink-100 ring-1 ring-white/10 outline-none focus:ring-2 focus:ring-gold-400"
              />
              <Button type="submit" data-testid="console-send" disabled={!text.trim()}>
                {t('console.send')}
              </Button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}

function SignIn({ onSignedIn }: { onSignedIn(): Promise<void> }) {
  const { t } = useSupportT();
  const [name, setName] = useState('');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      await api('chat/operator/login', { body: { name, token } });
      await onSignedIn();
    } catch (error) {
      if (!isApiError(error)) return setFailure(String(error));
      if (error.fields.token) setErrors({ token: t('console.wrongToken') });
      else if (Object.keys(error.fields).length) setErrors(error.fields);
      else setFailure(error.type === 'AccessDeniedException' ? t('console.notConfigured') : error.message);
    }
  }

  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <form onSubmit={submit} noValidate className="w-full max-w-sm space-y-4 rounded-3xl bg-ink-800/70 p-6 ring-1 ring-white/10" data-testid="operator-sign-in">
        <div>
          <h1 className="text-xl font-extrabold">{t('console.signInTitle')}</h1>
          <p className="mt-1 text-sm text-ink-300">{t('console.signInText')}</p>
        </div>
        {failure && <FormAlert>{failure}</FormAlert>}
        <TextField id="operator-name" label={t('console.name')} value={name} onChange={(event) => setName(event.target.value)} error={errors.name} autoComplete="nickname" />
        <PasswordField id="operator-token" label={t('console.token')} value={token} onChange={(event) => setToken(event.target.value)} error={errors.token} showLabel="Show" hideLabel="Hide" />
        <Button type="submit" className="w-full" data-testid="operator-submit">
          {t('console.signIn')}
        </Button>
      </form>
    </main>
  );
}
