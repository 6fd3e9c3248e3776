import type { ThirdPartyChat } from './support.ts';

/**
 * The third-party chat widgets the site configuration may select (spec 2 section 4: `chat.chat`
 * and one settings object per provider), each as its vendor's embed snippet describes it: which
 * settings it needs, the script it loads and the origins the Content-Security-Policy must allow
 * for it. The server checks the settings (a failure is logged and the chat skipped) and adds the
 * origins to the policy only for the configured provider; the browser builds the script address.
 */
export type ChatProviderSpec = {
  /** Settings keys that must be non-empty strings. */
  required: readonly string[];
  /** The widget script's address, from the checked settings. */
  scriptUrl(settings: Record<string, string>): string;
  /** Origins the widget loads scripts, frames, styles and connections from. */
  origins(settings: Record<string, string>): string[];
};

const originOf = (url: string) => new URL(url).origin;
const wsOf = (origin: string) => origin.replace(/^https:/, 'wss:');

export const CHAT_PROVIDER_SPECS: Record<ThirdPartyChat, ChatProviderSpec> = {
  freshChat: {
    required: ['token'],
    scriptUrl: (s) => `${s.host || 'https://wchat.freshchat.com'}/js/widget.js`,
    origins: (s) => {
      const host = originOf(s.host || 'https://wchat.freshchat.com');
      return [host, wsOf(host), 'https://*.freshchat.com', 'wss://*.freshchat.com', 'https://*.freshworksapi.com'];
    },
  },
  jivoSite: {
    required: ['widget_id'],
    scriptUrl: (s) => `https://code.jivosite.com/widget/${encodeURIComponent(s.widget_id)}`,
    origins: () => ['https://code.jivosite.com', 'https://*.jivosite.com', 'wss://*.jivosite.com', 'https://*.jivo.ru', 'wss://*.jivo.ru'],
  },
  liveChat: {
    required: ['license'],
    scriptUrl: () => 'https://cdn.livechatinc.com/tracking.js',
    origins: () => ['https://cdn.livechatinc.com', 'https://*.livechatinc.com', 'wss://*.livechatinc.com', 'https://*.livechat.com'],
  },
  live_tex: {
    required: ['site_id'],
    scriptUrl: () => 'https://cs15.livetex.ru/js/client.js',
    origins: () => ['https://*.livetex.ru', 'wss://*.livetex.ru'],
  },
  verbox: {
    required: ['hash'],
    scriptUrl: (s) => `https://admin.verbox.ru/support/support.js?h=${encodeURIComponent(s.hash)}`,
    origins: () => ['https://admin.verbox.ru', 'https://*.verbox.ru', 'wss://*.verbox.ru'],
  },
  betunlim: {
    // The operator's own chat build: its script address is the setting.
    required: ['script_url'],
    scriptUrl: (s) => s.script_url,
    origins: (s) => {
      const origin = originOf(s.script_url);
      return [origin, wsOf(origin)];
    },
  },
};

export const isThirdPartyChat = (value: unknown): value is ThirdPartyChat =>
  typeof value === 'string' && Object.hasOwn(CHAT_PROVIDER_SPECS, value);

/**
 * The provider's settings as strings, or the reason they are unusable. Addresses must be https
 * (a widget is code running in the page: never over plain http).
 */
export function checkChatSettings(provider: ThirdPartyChat, raw: unknown): { settings: Record<string, string> } | { problem: string } {
  if (!raw || typeof raw !== 'object') return { problem: `chat.settings.${provider} is missing` };
  const settings: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') settings[key] = String(value);
  }
  const spec = CHAT_PROVIDER_SPECS[provider];
  for (const key of spec.required) if (!settings[key]?.trim()) return { problem: `chat.settings.${provider}.${key} is required` };
  for (const key of ['host', 'script_url']) {
    const value = settings[key];
    if (!value) continue;
    try {
      if (new URL(value).protocol !== 'https:') return { problem: `chat.settings.${provider}.${key} must be an https address` };
    } catch {
      return { problem: `chat.settings.${provider}.${key} is not an address` };
    }
  }
  return { settings };
}
