import { useEffect } from 'react';
import { isLoggedIn } from '../../../contract/api.ts';
import { CHAT_POLL_MS } from '../../../contract/constants.ts';
import { CHAT_PROVIDER_SPECS } from '../../../contract/chat-providers.ts';
import type { ChatVisitor, SupportSettings, ThirdPartyChat as Provider } from '../../../contract/support.ts';
import { api } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/locale.ts';

/**
 * A third-party chat widget chosen by the site configuration (lazy: loaded only when one is
 * configured). The server checks the provider's settings and gives the signed-in player's visitor
 * data (support/getsettings); this loads the vendor's script with the page's CSP nonce, waits for
 * its API (a check every 500 ms, spec 2 section 9), then hands it the visitor data, again on
 * sign-in and sign-out. Any failure is logged to the console and the chat is skipped: no
 * message, no broken page (spec 2 sections 6 and 8).
 */
type Settings = Record<string, string>;
type Adapter = {
  /** Globals the vendor's script reads while it starts. */
  before?(settings: Settings, visitor: ChatVisitor | null, language: string): void;
  /** Whether the vendor's API is there yet. */
  ready(): boolean;
  /** Gives the widget the visitor data (or forgets it on sign-out); called once ready, and on each change of player. */
  identify(settings: Settings, visitor: ChatVisitor | null, language: string): void;
};

type AnyFn = (...args: unknown[]) => unknown;
const globals = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** FreshChat messages are kept for the player (FreshChat/storeChatEvent; signed-in players only). */
function storeFreshChatEvent(event: 'sent' | 'received', payload: unknown) {
  const message = (payload as { data?: { message?: Record<string, unknown> } } | null)?.data?.message ?? {};
  const parts = (message.messageParts ?? message.message_parts ?? []) as { text?: { content?: string } }[];
  const text = parts.map((part) => part.text?.content ?? '').join('\n');
  const channel = String(message.channelId ?? message.channel_id ?? '');
  const conversation = String(message.conversationId ?? message.conversation_id ?? '');
  if (!channel || !conversation) return;
  void api('FreshChat/storeChatEvent', { body: { channel_id: channel, conversation_id: conversation, text, event } }).catch((error: unknown) =>
    console.warn('chat event not stored', error),
  );
}

const ADAPTERS: Record<Provider, Adapter> = {
  freshChat: {
    ready: () => typeof globals.fcWidget?.init === 'function',
    identify(settings, visitor, language) {
      const widget = globals.fcWidget;
      if (!widget.isInitialized?.()) {
        widget.init({
          token: settings.token,
          host: settings.host || 'https://wchat.freshchat.com',
          locale: language,
          ...(visitor ? { externalId: String(visitor.uid), firstName: visitor.name ?? undefined, email: visitor.email ?? undefined, phone: visitor.phone ?? undefined } : {}),
        });
        widget.on?.('message:sent', (payload: unknown) => visitor && storeFreshChatEvent('sent', payload));
        widget.on?.('message:received', (payload: unknown) => visitor && storeFreshChatEvent('received', payload));
      } else if (visitor) {
        widget.user?.setProperties?.({ externalId: String(visitor.uid), firstName: visitor.name, email: visitor.email, phone: visitor.phone });
      } else {
        widget.user?.clear?.();
      }
    },
  },
  jivoSite: {
    ready: () => typeof globals.jivo_api?.setContactInfo === 'function',
    identify(_settings, visitor) {
      globals.jivo_api.setContactInfo(visitor ? { name: visitor.name ?? '', email: visitor.email ?? '', phone: visitor.phone ?? '' } : { name: '', email: '', phone: '' });
      globals.jivo_api.setCustomData?.(visitor ? [{ title: 'uid', content: String(visitor.uid) }, { title: 'language', content: visitor.language }] : []);
    },
  },
  liveChat: {
    before(settings, visitor) {
      globals.__lc = { license: Number(settings.license) || settings.license, ...(visitor ? { visitor: { name: visitor.name ?? undefined, email: visitor.email ?? undefined } } : {}) };
    },
    ready: () => typeof globals.LiveChatWidget?.call === 'function',
    identify(_settings, visitor, language) {
      const call = globals.LiveChatWidget.call as AnyFn;
      if (visitor?.name) call('set_customer_name', visitor.name);
      if (visitor?.email) call('set_customer_email', visitor.email);
      call('set_session_variables', visitor ? { uid: String(visitor.uid), phone: visitor.phone ?? '', language } : { language });
    },
  },
  live_tex: {
    before(settings) {
      globals.liveTex = true;
      globals.liveTexID = Number(settings.site_id) || settings.site_id;
      globals.liveTex_object = true;
    },
    ready: () => !!globals.LiveTex,
    identify(_settings, visitor) {
      if (visitor) globals.LiveTex.setConversationAttributes?.({ name: visitor.name ?? '', email: visitor.email ?? '', phone: visitor.phone ?? '' }, { uid: String(visitor.uid), language: visitor.language });
    },
  },
  verbox: {
    before() {
      globals.supportAPIMethod = 'Verbox';
    },
    ready: () => typeof globals.Verbox === 'function',
    identify(_settings, visitor) {
      if (visitor) (globals.Verbox as AnyFn)('setClientInfo', { name: visitor.name ?? '', email: visitor.email ?? '', phone: visitor.phone ?? '', custom: { uid: String(visitor.uid), language: visitor.language } });
    },
  },
  betunlim: {
    before(_settings, visitor, language) {
      globals.BetunlimChat = { ...(globals.BetunlimChat ?? {}), visitor, language };
    },
    ready: () => true,
    identify(_settings, visitor, language) {
      globals.BetunlimChat = { ...(globals.BetunlimChat ?? {}), visitor, language };
      globals.BetunlimChat.identify?.(visitor);
    },
  },
};

/** Which widget this page loaded (one per page, whatever the navigation). */
let loaded: { provider: Provider; settings: Settings; ready: Promise<void> } | null = null;

function waitFor(check: () => boolean, tries = 60): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = tries;
    const tick = () => {
      if (check()) return resolve();
      if (--left <= 0) return reject(new Error('the chat widget did not start'));
      setTimeout(tick, CHAT_POLL_MS);
    };
    tick();
  });
}

async function start(nonce: string | undefined, language: string) {
  const { chat } = await api<SupportSettings>('support/getsettings');
  if (!chat.provider || chat.provider === 'builtin') return;
  const adapter = ADAPTERS[chat.provider];
  if (!loaded) {
    adapter.before?.(chat.settings as Settings, chat.visitor, language);
    const script = document.createElement('script');
    script.src = CHAT_PROVIDER_SPECS[chat.provider].scriptUrl(chat.settings as Settings);
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.dataset.chat = chat.provider;
    const failed = new Promise<never>((_, reject) => script.addEventListener('error', () => reject(new Error(`the ${chat.provider} script did not load`))));
    document.head.appendChild(script);
    loaded = { provider: chat.provider, settings: chat.settings as Settings, ready: Promise.race([waitFor(adapter.ready), failed]) };
  }
  await loaded.ready;
  ADAPTERS[loaded.provider].identify(loaded.settings, chat.visitor, language);
}

export default function ThirdPartyChat() {
  const root = useRootData();
  const uid = root && isLoggedIn(root.user) ? root.user.uid : null;
  const nonce = root?.nonce;
  const language = root?.locale ?? 'en';
  useEffect(() => {
    start(nonce, language).catch((error: unknown) => console.warn('chat skipped', error));
  }, [uid, nonce, language]);
  return null;
}
