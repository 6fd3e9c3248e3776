import { useLocation } from 'react-router';
import { stripLocale } from '../../../contract/locales.ts';
import { AreaPage } from '../../features/pages/area-page.tsx';

const SECTIONS = {
  settings: 'user', security: 'lock', verification: 'shield', 'responsible-game': 'shield', bets: 'ball',
  loyalty: 'star', bonuses: 'gift', cashback: 'percent', notification: 'mail',
} as const;

/** The profile sections share one module; the section is the last segment of the address. */
export default function ProfileSection() {
  const section = stripLocale(useLocation().pathname).split('/')[2] as keyof typeof SECTIONS;
  return <AreaPage area={`profile.${section}`} icon={SECTIONS[section] ?? 'user'} />;
}
