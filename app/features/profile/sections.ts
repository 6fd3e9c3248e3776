import type { IconName } from '../../ui/icon.tsx';

/** The profile areas of spec 1 section 2, in navigation order. */
export const PROFILE_SECTIONS = [
  { key: 'settings', icon: 'user' },
  { key: 'security', icon: 'lock' },
  { key: 'verification', icon: 'shield' },
  { key: 'responsible-game', icon: 'heart' },
  { key: 'bets', icon: 'ball' },
  { key: 'loyalty', icon: 'star' },
  { key: 'bonuses', icon: 'gift' },
  { key: 'cashback', icon: 'percent' },
  { key: 'notification', icon: 'bell' },
] as const satisfies ReadonlyArray<{ key: string; icon: IconName }>;

export type ProfileSectionKey = (typeof PROFILE_SECTIONS)[number]['key'];

export const isProfileSection = (value: string | undefined): value is ProfileSectionKey =>
  PROFILE_SECTIONS.some((section) => section.key === value);
