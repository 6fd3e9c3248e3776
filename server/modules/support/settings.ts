import type { LocaleCode } from '../../../contract/locales.ts';
import type { SiteConfig } from '../../../contract/site-config.ts';
import type { ChatSetup, ChatVisitor } from '../../../contract/support.ts';
import { CHAT_PROVIDER_SPECS, checkChatSettings, isThirdPartyChat } from '../../../contract/chat-providers.ts';
import type { Logger } from '../../platform/logger.ts';

/**
 * Which chat runs (spec 2 sections 4 and 6): `features.chat` off or `comm100` runs none; no
 * provider named runs the built-in chat; a named third-party provider runs its widget when its
 * settings hold what it needs. Unusable settings are logged and the chat skipped, never an error
 * for the page.
 */
export type ChatChoice = { provider: 'builtin' } | { provider: null } | { provider: Exclude<ChatSetup['provider'], 'builtin' | null>; settings: Record<string, string> };

export function chatChoice(config: SiteConfig, logger?: Logger): ChatChoice {
  if (!config.features.chat) return { provider: null };
  const provider = config.chat.chat;
  if (provider === null) return { provider: 'builtin' };
  if (!isThirdPartyChat(provider)) return { provider: null }; // comm100: configured to do nothing
  const checked = checkChatSettings(provider, config.chat.settings[provider]);
  if ('problem' in checked) {
    logger?.warn({ provider, problem: checked.problem }, 'chat settings unusable: chat skipped');
    return { provider: null };
  }
  return { provider, settings: checked.settings };
}

/** The origins the page's Content-Security-Policy adds for the configured widget (none otherwise). */
export function chatOrigins(config: SiteConfig): string[] {
  const choice = chatChoice(config);
  return choice.provider && choice.provider !== 'builtin' ? CHAT_PROVIDER_SPECS[choice.provider].origins(choice.settings) : [];
}

export function chatSetup(choice: ChatChoice, visitor: ChatVisitor | null): ChatSetup {
  if (choice.provider === null || choice.provider === 'builtin') return { provider: choice.provider };
  return { provider: choice.provider, settings: choice.settings, visitor };
}

export type VisitorData = (userId: number, locale: LocaleCode) => Promise<ChatVisitor>;
