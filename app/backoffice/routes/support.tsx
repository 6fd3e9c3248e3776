import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type {
  CannedAnswer,
  ChatMessageView,
  ChatPlayerContext,
  StaffChatEvent,
  SupportConversationAnswer,
  SupportConversationsAnswer,
  SupportRequestItem,
} from '../../../contract/backoffice-support.ts';
import { CHAT_MESSAGE_MAX } from '../../../contract/support.ts';
import { backofficeApi, ApiError, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts, type BackofficeLocale } from '../i18n.ts';
import { onStaffEvent } from '../live.ts';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextArea, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import '../support.css';

const texts = defineTexts({
  en: {
    title: 'Support chat',
    subtitle: 'Live conversations with players and guests, canned answers and contact-form messages.',
    unreadTotal: '{n} conversations waiting',
    noneWaiting: 'Nothing waiting',
    tabChat: 'Conversations',
    tabCanned: 'Canned answers',
    tabRequests: 'Contact form',
    conversations: 'Conversations',
    noConversations: 'No conversation yet.',
    pick: 'Pick a conversation on the left.',
    guest: 'guest',
    player: 'player #{id}',
    you: 'You',
    reply: 'Answer',
    replyHint: 'Enter sends, Shift+Enter starts a new line. Players see your name: {name}.',
    send: 'Send',
    canned: 'Insert a canned answer',
    cannedNone: '— choose —',
    context: 'Player',
    guestContext: 'A guest: no account, nothing to show.',
    openPlayer: 'Open the player page',
    status: 'Status',
    verified: 'Verified',
    yes: 'yes',
    no: 'no',
    registered: 'Registered',
    balances: 'Balances',
    main: 'Main',
    bonus: 'Bonus',
    bettingBonus: 'Betting bonus',
    hold: 'Withdrawals held',
    deposits: 'Last deposits',
    noDeposits: 'No deposit.',
    depositsTotal: '{n} in all',
    bonuses: 'Active bonuses',
    noBonuses: 'No active bonus.',
    wagered: '{percent}% wagered',
    expires: 'until {date}',
    requests: 'Contact-form messages',
    seeRequests: 'See them ({n})',
    language: 'Language',
    cannedTitle: 'Title',
    cannedText: 'Text',
    add: 'Add a canned answer',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    confirmDelete: 'Delete the canned answer “{title}”?',
    noCanned: 'No canned answer in this language.',
    saved: 'Saved.',
    reference: 'Reference',
    received: 'Received',
    from: 'From',
    topic: 'Topic',
    message: 'Message',
    account: 'Account',
    mailed: 'Mailed',
    notMailed: 'not mailed',
    requestsCaption: 'Contact-form messages',
    allRequests: 'Show every request',
    onlyPlayer: 'Only player #{id}',
    denied: 'Your role may not use the support chat.',
    failed: 'Could not load: {message}',
  },
  fr: {
    title: 'Chat support',
    subtitle: 'Conversations en direct avec les joueurs et les visiteurs, réponses types et messages du formulaire de contact.',
    unreadTotal: '{n} conversations en attente',
    noneWaiting: 'Rien en attente',
    tabChat: 'Conversations',
    tabCanned: 'Réponses types',
    tabRequests: 'Formulaire de contact',
    conversations: 'Conversations',
    noConversations: 'Aucune conversation pour l’instant.',
    pick: 'Choisissez une conversation à gauche.',
    guest: 'visiteur',
    player: 'joueur n° {id}',
    you: 'Vous',
    reply: 'Réponse',
    replyHint: 'Entrée envoie, Maj+Entrée passe à la ligne. Les joueurs voient votre nom : {name}.',
    send: 'Envoyer',
    canned: 'Insérer une réponse type',
    cannedNone: '— choisir —',
    context: 'Joueur',
    guestContext: 'Un visiteur : pas de compte, rien à afficher.',
    openPlayer: 'Ouvrir la fiche du joueur',
    status: 'Statut',
    verified: 'Vérifié',
    yes: 'oui',
    no: 'non',
    registered: 'Inscrit le',
    balances: 'Soldes',
    main: 'Principal',
    bonus: 'Bonus',
    bettingBonus: 'Bonus paris',
    hold: 'Retraits bloqués',
    deposits: 'Derniers dépôts',
    noDeposits: 'Aucun dépôt.',
    depositsTotal: '{n} au total',
    bonuses: 'Bonus actifs',
    noBonuses: 'Aucun bonus actif.',
    wagered: '{percent} % misé',
    expires: 'jusqu’au {date}',
    requests: 'Messages du formulaire',
    seeRequests: 'Les voir ({n})',
    language: 'Langue',
    cannedTitle: 'Titre',
    cannedText: 'Texte',
    add: 'Ajouter une réponse type',
    edit: 'Modifier',
    save: 'Enregistrer',
    cancel: 'Annuler',
    delete: 'Supprimer',
    confirmDelete: 'Supprimer la réponse type « {title} » ?',
    noCanned: 'Aucune réponse type dans cette langue.',
    saved: 'Enregistré.',
    reference: 'Référence',
    received: 'Reçu',
    from: 'De',
    topic: 'Sujet',
    message: 'Message',
    account: 'Compte',
    mailed: 'Envoyé',
    notMailed: 'non envoyé',
    requestsCaption: 'Messages du formulaire de contact',
    allRequests: 'Voir toutes les demandes',
    onlyPlayer: 'Seulement le joueur n° {id}',
    denied: 'Votre rôle ne permet pas d’utiliser le chat support.',
    failed: 'Chargement impossible : {message}',
  },
});

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

const SUPPORT_KEY = ['backoffice', 'support'] as const;
const CONVERSATIONS_KEY = [...SUPPORT_KEY, 'conversations'] as const;
const conversationKey = (id: number | null) => [...SUPPORT_KEY, 'conversation', id] as const;
const cannedKey = (language: string) => [...SUPPORT_KEY, 'canned', language] as const;

/** `/backoffice/support`: tabs in the address (`?tab=`), the open conversation too (`?c=`). */
export default function SupportScreen() {
  const t = useTexts(texts);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'chat';
  const conversations = useQuery({ queryKey: CONVERSATIONS_KEY, queryFn: () => backofficeApi<SupportConversationsAnswer>('support/conversations') });
  const waiting = conversations.data?.unread_conversations ?? 0;

  const setTab = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('tab', next);
      return copy;
    });

  if (conversations.error instanceof ApiError && conversations.error.status === 403) return <Notice tone="bad">{t('denied')}</Notice>;
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={<Badge tone={waiting ? 'warn' : 'good'}>{waiting ? t('unreadTotal', { n: waiting }) : t('noneWaiting')}</Badge>}
      />
      <div className="bo-tabs" role="tablist">
        {(['chat', 'canned', 'requests'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className="bo-tab" onClick={() => setTab(name)}>
            {t(name === 'chat' ? 'tabChat' : name === 'canned' ? 'tabCanned' : 'tabRequests')}
          </button>
        ))}
      </div>
      {tab === 'canned' ? <CannedAnswers t={t} /> : tab === 'requests' ? <Requests t={t} /> : <Chat t={t} list={conversations} />}
    </>
  );
}

function Chat({ t, list }: { t: T; list: ReturnType<typeof useQuery<SupportConversationsAnswer>> }) {
  const locale = useBackofficeLocale();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('c')) || null;
  const conversation = useQuery({
    queryKey: conversationKey(openId),
    queryFn: () => backofficeApi<SupportConversationAnswer>('support/conversation', { query: { id: openId ?? undefined } }),
    enabled: openId !== null,
  });

  // Live: a message of the open conversation reads it again (which marks it read) before the list
  // is refreshed, so the list never shows the open conversation as waiting; any other refreshes the list.
  useEffect(
    () =>
      onStaffEvent('chat', (data) => {
        const event = data as StaffChatEvent;
        void (async () => {
          if (event.message?.conversation_id === openId) await queryClient.invalidateQueries({ queryKey: conversationKey(openId) });
          await queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
        })();
      }),
    [openId, queryClient],
  );
  // Opening a conversation marked it read: the list shows it at once.
  useEffect(() => {
    if (conversation.data) void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  }, [conversation.data?.conversation.id, queryClient]); // eslint-disable-line react-hooks/exhaustive-deps

  const open = (id: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('c', String(id));
      return copy;
    });

  return (
    <div className="bo-chat">
      <section className="bo-chat-list" aria-label={t('conversations')}>
        {list.error && <Notice tone="bad">{t('failed', { message: String(list.error.message) })}</Notice>}
        {list.data?.items.length === 0 && <p className="bo-hint bo-chat-pad">{t('noConversations')}</p>}
        <ul>
          {list.data?.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={clsx('bo-chat-item', item.id === openId && 'bo-chat-item-open')}
                aria-current={item.id === openId ? 'true' : undefined}
                data-testid="bo-conversation"
                onClick={() => open(item.id)}
              >
                <span className="bo-chat-item-head">
                  <strong>{item.display_name}</strong>
                  {item.unread > 0 && (
                    <span className="bo-chat-unread" data-testid="bo-unread" aria-label={`${item.unread} unread`}>
                      {item.unread}
                    </span>
                  )}
                </span>
                <span className="bo-hint">
                  {item.kind === 'player' ? t('player', { id: item.user_id ?? '' }) : t('guest')} · {item.locale} · {formatTime(item.last_message_at, locale)}
                </span>
                <span className="bo-chat-last">{item.last_message ?? ''}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {openId === null || !conversation.data ? (
        <section className="bo-chat-main bo-chat-empty">
          {conversation.error ? <Notice tone="bad">{fieldError(conversation.error, 'id') ?? String(conversation.error.message)}</Notice> : <p className="bo-hint">{t('pick')}</p>}
        </section>
      ) : (
        <>
          <Conversation key={conversation.data.conversation.id} t={t} view={conversation.data} />
          <PlayerContext t={t} player={conversation.data.player} locale={locale} />
        </>
      )}
    </div>
  );
}

function Conversation({ t, view }: { t: T; view: SupportConversationAnswer }) {
  const locale = useBackofficeLocale();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const canned = useQuery({ queryKey: cannedKey(view.conversation.locale), queryFn: () => backofficeApi<CannedAnswer[]>('support/canned', { query: { language: view.conversation.locale } }) });
  const me = queryClient.getQueryData<{ display_name: string }>(['backoffice', 'me']);

  const messages = view.messages;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  const reply = useMutation({
    mutationFn: (body: { id: number; text: string }) => backofficeApi<ChatMessageView>('support/reply', { body }),
    onSuccess: (message) => {
      // Shown at once; the conversation read again (live, or now) carries it from then on.
      queryClient.setQueryData<SupportConversationAnswer>(conversationKey(message.conversation_id), (current) =>
        current && !current.messages.some((known) => known.id === message.id) ? { ...current, messages: [...current.messages, message] } : current,
      );
      setText('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
    onError: setError,
  });

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim() || reply.isPending) return;
    reply.mutate({ id: view.conversation.id, text: text.trim() });
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <section className="bo-chat-main" aria-label={view.conversation.display_name}>
      <header className="bo-chat-head">
        <h2>{view.conversation.display_name}</h2>
        <span className="bo-hint">
          {view.conversation.kind === 'player' ? t('player', { id: view.conversation.user_id ?? '' }) : t('guest')} · {view.conversation.locale}
        </span>
      </header>
      <ol className="bo-chat-messages" aria-live="polite" data-testid="bo-messages">
        {messages.map((message) => (
          <li key={message.id} className={clsx('bo-bubble', message.author === 'operator' ? 'bo-bubble-operator' : 'bo-bubble-visitor')}>
            <span className="bo-bubble-who">
              {message.author === 'operator' ? (message.operator_name ?? t('you')) : view.conversation.display_name} · {formatTime(message.created_at, locale)}
            </span>
            <span className="bo-bubble-text">{message.text}</span>
          </li>
        ))}
        <div ref={bottom} />
      </ol>
      <form className="bo-chat-reply" onSubmit={submit} noValidate>
        {canned.data && canned.data.length > 0 && (
          <SelectField
            label={t('canned')}
            value=""
            onChange={(event) => {
              const chosen = canned.data.find((answer) => String(answer.id) === event.target.value);
              if (chosen) setText((current) => (current.trim() ? `${current.trimEnd()}\n${chosen.text}` : chosen.text));
            }}
            options={[{ value: '', label: t('cannedNone') }, ...canned.data.map((answer) => ({ value: String(answer.id), label: answer.title }))]}
          />
        )}
        <TextArea
          label={t('reply')}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          error={fieldError(error, 'text') ?? fieldError(error, 'id') ?? fieldError(error, '_')}
        />
        <div className="bo-chat-reply-actions">
          <p className="bo-hint">{t('replyHint', { name: me?.display_name ?? '' })}</p>
          <Button type="submit" tone="primary" disabled={!text.trim() || reply.isPending}>
            {t('send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PlayerContext({ t, player, locale }: { t: T; player: ChatPlayerContext | null; locale: BackofficeLocale }) {
  if (!player) {
    return (
      <aside className="bo-chat-context" aria-label={t('context')}>
        <Panel title={t('context')}>
          <p className="bo-hint">{t('guestContext')}</p>
        </Panel>
      </aside>
    );
  }
  const money = (amount: string) => formatAmount(amount, player.currency, locale);
  const statusTone = player.status === 'active' ? 'good' : 'bad';
  return (
    <aside className="bo-chat-context" aria-label={t('context')} data-testid="bo-player-context">
      <Panel title={player.name ?? player.login ?? t('player', { id: player.user_id })}>
        <dl className="bo-dl">
          <dt>{t('account')}</dt>
          <dd>
            <Link to={`${BACKOFFICE_PATH}/players/${player.user_id}`}>{t('openPlayer')}</Link>
            <div className="bo-hint">
              #{player.user_id} · {player.login ?? '—'}
            </div>
          </dd>
          <dt>{t('status')}</dt>
          <dd>
            <Badge tone={statusTone}>{player.status}</Badge>
          </dd>
          <dt>{t('verified')}</dt>
          <dd>{player.is_verified ? t('yes') : t('no')}</dd>
          <dt>{t('registered')}</dt>
          <dd>{formatTime(player.registered_at, locale)}</dd>
        </dl>
      </Panel>
      <Panel title={t('balances')}>
        <dl className="bo-dl bo-dl-money">
          <dt>{t('main')}</dt>
          <dd className="bo-num" data-testid="bo-balance-main">
            {money(player.balances.main)}
          </dd>
          <dt>{t('bonus')}</dt>
          <dd className="bo-num">{money(player.balances.bonus)}</dd>
          <dt>{t('bettingBonus')}</dt>
          <dd className="bo-num">{money(player.balances.betting_bonus)}</dd>
          <dt>{t('hold')}</dt>
          <dd className="bo-num">{money(player.balances.withdrawal_hold)}</dd>
        </dl>
      </Panel>
      <Panel title={t('deposits')} actions={player.deposits_total > 0 ? <span className="bo-hint">{t('depositsTotal', { n: player.deposits_total })}</span> : undefined}>
        {player.deposits.length === 0 ? (
          <p className="bo-hint">{t('noDeposits')}</p>
        ) : (
          <ul className="bo-chat-facts">
            {player.deposits.map((deposit) => (
              <li key={deposit.id}>
                <span className="bo-num">{formatAmount(deposit.amount, deposit.currency, locale)}</span>
                <Badge tone={deposit.status === 'success' ? 'good' : deposit.status === 'pending' || deposit.status === 'created' ? 'warn' : 'neutral'}>{deposit.status}</Badge>
                <span className="bo-hint">
                  {deposit.method} · {formatTime(deposit.created_at, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('bonuses')}>
        {player.bonuses.length === 0 ? (
          <p className="bo-hint">{t('noBonuses')}</p>
        ) : (
          <ul className="bo-chat-facts">
            {player.bonuses.map((bonus) => (
              <li key={bonus.id}>
                <strong>{bonus.title}</strong>
                {bonus.balance !== null && <span className="bo-num">{money(bonus.balance)}</span>}
                <span className="bo-hint">
                  {bonus.wagering_percent !== null && `${t('wagered', { percent: bonus.wagering_percent })} · `}
                  {t('expires', { date: formatTime(bonus.expires_at, locale) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {player.requests > 0 && (
        <Panel title={t('requests')}>
          <Link to={`?tab=requests&user_id=${player.user_id}`}>{t('seeRequests', { n: player.requests })}</Link>
        </Panel>
      )}
    </aside>
  );
}

function CannedAnswers({ t }: { t: T }) {
  const interfaceLocale = useBackofficeLocale();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<string>(interfaceLocale);
  const [editing, setEditing] = useState<CannedAnswer | 'new' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const answers = useQuery({ queryKey: cannedKey(language), queryFn: () => backofficeApi<CannedAnswer[]>('support/canned', { query: { language } }) });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      await backofficeApi<CannedAnswer>('support/canned/save', {
        body: { ...(editing && editing !== 'new' ? { id: editing.id } : {}), locale: form.get('locale'), title: form.get('title'), text: form.get('text') },
      });
      setEditing(null);
      setNotice(t('saved'));
      await queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'canned'] });
    } catch (caught) {
      setError(caught);
    }
  }

  async function remove(answer: CannedAnswer) {
    if (!window.confirm(t('confirmDelete', { title: answer.title }))) return;
    setError(null);
    try {
      await backofficeApi('support/canned/delete', { body: { id: answer.id } });
      await queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'canned'] });
    } catch (caught) {
      setError(caught);
    }
  }

  const current = editing && editing !== 'new' ? editing : null;
  return (
    <div className="bo-canned">
      <Panel
        title={t('tabCanned')}
        actions={
          <span className="bo-actions">
            <SelectField
              label={t('language')}
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
              options={[
                { value: 'en', label: 'English' },
                { value: 'fr', label: 'Français' },
              ]}
            />
            <Button
              tone="primary"
              onClick={() => {
                setEditing('new');
                setNotice(null);
              }}
            >
              {t('add')}
            </Button>
          </span>
        }
      >
        {notice && <Notice tone="good">{notice}</Notice>}
        {!editing && fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
        {!editing && fieldError(error, 'id') && <Notice tone="bad">{fieldError(error, 'id')}</Notice>}
        {answers.data?.length === 0 && <p className="bo-hint">{t('noCanned')}</p>}
        <ul className="bo-canned-list">
          {answers.data?.map((answer) => (
            <li key={answer.id} data-testid="bo-canned">
              <div>
                <strong>{answer.title}</strong>
                <p>{answer.text}</p>
              </div>
              <span className="bo-actions">
                <Button
                  tone="quiet"
                  onClick={() => {
                    setEditing(answer);
                    setNotice(null);
                    setError(null);
                  }}
                >
                  {t('edit')}
                </Button>
                <Button tone="danger" onClick={() => void remove(answer)}>
                  {t('delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </Panel>
      {editing && (
        <Panel title={current ? `${t('edit')} · ${current.title}` : t('add')}>
          <form key={current?.id ?? 'new'} className="bo-form" onSubmit={(event) => void save(event)} noValidate>
            <SelectField
              label={t('language')}
              name="locale"
              defaultValue={current?.locale ?? language}
              error={fieldError(error, 'locale')}
              options={[
                { value: 'en', label: 'English' },
                { value: 'fr', label: 'Français' },
              ]}
            />
            <TextField label={t('cannedTitle')} name="title" defaultValue={current?.title ?? ''} error={fieldError(error, 'title')} maxLength={80} />
            <TextArea label={t('cannedText')} name="text" defaultValue={current?.text ?? ''} error={fieldError(error, 'text')} maxLength={1000} rows={5} />
            {fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
            <span className="bo-actions">
              <Button type="submit" tone="primary">
                {t('save')}
              </Button>
              <Button tone="quiet" onClick={() => setEditing(null)}>
                {t('cancel')}
              </Button>
            </span>
          </form>
        </Panel>
      )}
    </div>
  );
}

const PAGE = 25;

function Requests({ t }: { t: T }) {
  const locale = useBackofficeLocale();
  const table = useTableParams({ pageSize: PAGE });
  const userId = table.filter('user_id');
  const requests = useQuery({
    queryKey: [...SUPPORT_KEY, 'requests', table.page, userId],
    queryFn: () => backofficeApi<{ items: SupportRequestItem[]; total: number }>('support/requests', { query: { page: table.page, limit: PAGE, user_id: userId || undefined } }),
  });
  const columns: ColumnDef<SupportRequestItem, unknown>[] = [
    { id: 'reference', header: t('reference'), cell: ({ row }) => <span className="bo-mono">{row.original.reference}</span> },
    { id: 'received', header: t('received'), cell: ({ row }) => formatTime(row.original.created_at, locale) },
    {
      id: 'from',
      header: t('from'),
      cell: ({ row }) => (
        <>
          <strong>{row.original.name}</strong>
          <div className="bo-hint">
            <a href={`mailto:${row.original.email}`}>{row.original.email}</a>
          </div>
        </>
      ),
    },
    {
      id: 'account',
      header: t('account'),
      cell: ({ row }) =>
        row.original.user_id !== null ? <Link to={`${BACKOFFICE_PATH}/players/${row.original.user_id}`}>#{row.original.user_id}</Link> : <span className="bo-hint">{t('guest')}</span>,
    },
    { id: 'topic', header: t('topic'), cell: ({ row }) => <Badge>{row.original.topic}</Badge> },
    { id: 'message', header: t('message'), cell: ({ row }) => <p className="bo-request-text">{row.original.message}</p> },
    {
      id: 'mailed',
      header: t('mailed'),
      cell: ({ row }) => (row.original.mailed_at ? formatTime(row.original.mailed_at, locale) : <Badge tone="warn">{t('notMailed')}</Badge>),
    },
  ];
  return (
    <>
      {userId && (
        <Notice>
          {t('onlyPlayer', { id: userId })} · <button type="button" className="bo-linklike" onClick={() => table.setFilters({ user_id: undefined })}>{t('allRequests')}</button>
        </Notice>
      )}
      <DataTable caption={t('requestsCaption')} columns={columns} rows={requests.data?.items} total={requests.data?.total} loading={requests.isLoading} table={table} rowKey={(row) => String(row.id)} />
    </>
  );
}
