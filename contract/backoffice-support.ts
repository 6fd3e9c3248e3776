/**
 * What the back office's support chat and settings screens exchange with their endpoints
 * (server/backoffice/endpoints/support.ts and settings.ts; docs/backoffice.md). Types only.
 */
import type { ChatMessageView, OperatorConversationView } from './support.ts';
import type { LocaleCode } from './locales.ts';
import type { SiteConfig } from './site-config.ts';
import type { DocumentChange } from './site-config-diff.ts';
import type { PaymentMethodRules } from './payment-method-rules.ts';

export type { ChatMessageView, OperatorConversationView };

/** The player beside a conversation: who, their money now, last deposits, bonuses running. */
export type ChatPlayerContext = {
  user_id: number;
  login: string | null;
  name: string | null;
  status: 'active' | 'banned' | 'deleted';
  currency: string;
  registered_at: string | null;
  is_verified: boolean;
  balances: { main: string; bonus: string; betting_bonus: string; withdrawal_hold: string };
  deposits: Array<{ id: string; amount: string; currency: string; method: string; status: string; created_at: string }>;
  deposits_total: number;
  bonuses: Array<{ id: number; title: string; kind: string; balance: string | null; wagering_percent: number | null; expires_at: string }>;
  requests: number;
};

export type SupportConversationsAnswer = { items: OperatorConversationView[]; unread_conversations: number };

export type SupportConversationAnswer = {
  conversation: OperatorConversationView;
  messages: ChatMessageView[];
  /** Null for a guest's conversation. */
  player: ChatPlayerContext | null;
};

export type CannedAnswer = { id: number; locale: LocaleCode; title: string; text: string; updated_at: string };

export type SupportRequestItem = {
  id: number;
  reference: string;
  user_id: number | null;
  name: string;
  email: string;
  topic: string;
  message: string;
  locale: string;
  created_at: string;
  mailed_at: string | null;
};

/** The live payload on `staff:support.chat` (type `chat`): a stored message and the operators' unread count of its conversation. */
export type StaffChatEvent = { message: ChatMessageView; unread: number; display_name?: string };

export type SiteSettingsAnswer = {
  values: {
    maintenance: boolean;
    timeToForceLogout: number | null;
    kycWithdrawalThreshold: number | null;
    bonusIsolation: boolean;
    domainType: 'main' | 'mirror';
    userInactivityCashierTime: number | null;
    userInactivityPpTime: number | null;
    paymentMethodRules: PaymentMethodRules;
    analyticGtmId: string | null;
    analyticGaId: string | null;
  };
};

export type SiteConfigAnswer = { locale: LocaleCode; document: SiteConfig; own: boolean; version: number | null };

export type SiteConfigVersionItem = {
  version: number;
  source: 'baseline' | 'save' | 'rollback';
  restored_version: number | null;
  actor: string;
  created_at: string;
};

export type SiteConfigSaveAnswer = { locale: LocaleCode; version: number; changes: DocumentChange[] };
