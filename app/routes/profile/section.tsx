import { useLocation } from 'react-router';
import { stripLocale } from '../../../contract/locales.ts';
import { AreaPage } from '../../features/pages/area-page.tsx';
import { PROFILE_SECTIONS, isProfileSection } from '../../features/profile/sections.ts';

/**
 * The profile sections whose content arrives with a later module (verification, responsible
 * gaming, bets, loyalty, bonuses, cashback) share this placeholder; the section is the last
 * segment of the address.
 */
export default function ProfileSection() {
  const segment = stripLocale(useLocation().pathname).split('/')[2];
  const section = isProfileSection(segment) ? segment : 'settings';
  const icon = PROFILE_SECTIONS.find((item) => item.key === section)?.icon ?? 'user';
  return <AreaPage area={`profile.${section}`} icon={icon} />;
}
