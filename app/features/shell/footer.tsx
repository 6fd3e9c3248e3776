import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../lib/local-link.tsx';
import { useRootData } from '../../lib/locale.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { ConsentLink } from '../consent/index.ts';

// The help column's pages are content pages (docs/content.md); "Responsible gaming" is the
// information page (/responsible-gaming), shown whatever the switch of the player's tools, which it
// links to when they are on.
const COLUMNS = [
  { title: 'casino', links: [['gamehall', '/gamehall'], ['jackpots', '/jackpots'], ['tournaments', '/tournaments'], ['winners', '/winners'], ['providers', '/providers']] },
  { title: 'rewards', links: [['promotions', '/promotions'], ['offers', '/offers'], ['loyalty', '/loyalty'], ['betting', '/betting']] },
  { title: 'help', links: [['support', '/support'], ['responsibleGaming', '/responsible-gaming'], ['about', '/about'], ['terms', '/terms'], ['privacy', '/privacy']] },
] as const;

const METHODS = ['VISA', 'Mastercard', 'SEPA', 'Skrill', 'Neteller', 'Crypto'];

export function Footer() {
  const { t } = useTranslation();
  const config = useRootData()?.config;
  return (
    <footer className="mt-16 border-t border-white/5 bg-ink-950 pb-24 laptop:pb-10" data-testid="site-footer">
      <div className="mx-auto grid max-w-[1600px] gap-10 px-4 pt-12 laptop:grid-cols-[1.4fr_repeat(3,1fr)] laptop:px-6">
        <div className="space-y-4">
          {/* logos.footerLogoMobile below tablet width, logos.footerLogo from it. */}
          <picture>
            <source media="(min-width: 768px)" srcSet={config?.logos.footerLogo ?? '/brand/logo.svg'} />
            <img src={config?.logos.footerLogoMobile ?? '/brand/logo-mark.svg'} alt="Croupier" className="h-9 w-auto" data-testid="footer-logo" />
          </picture>
          <p className="max-w-sm text-sm leading-relaxed text-ink-400">{t('footer.tagline')}</p>
          <LanguageSwitcher />
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="mb-3 text-xs font-semibold tracking-widest text-ink-400 uppercase">{t(`footer.${column.title}`)}</h2>
            <ul className="space-y-2">
              {column.links.filter(([key]) => key !== 'providers' || config?.games.providers.isVisible !== false).map(([key, to]) => (
                <li key={key}>
                  <LocalLink to={to} className="text-sm text-ink-200 transition hover:text-gold-300">
                    {t(`footer.links.${key}`)}
                  </LocalLink>
                </li>
              ))}
              {column.title === 'help' && <ConsentLink className="text-sm text-ink-200 transition hover:text-gold-300" />}
            </ul>
          </div>
        ))}
      </div>
      <div className="mx-auto mt-10 max-w-[1600px] px-4 laptop:px-6">
        <div className="flex flex-wrap gap-2">
          {METHODS.map((method) => (
            <span key={method} className="rounded-md bg-ink-800 px-3 py-1.5 text-xs font-semibold tracking-wide text-ink-300 ring-1 ring-white/5">
              {method}
            </span>
          ))}
        </div>
        <div className="mt-6 flex flex-col gap-3 border-t border-white/5 pt-6 text-xs text-ink-400 tablet:flex-row tablet:items-center tablet:justify-between">
          <div className="flex items-center gap-3">
            <span className="grid h-9 w-9 place-items-center rounded-full border-2 border-ruby-400 text-xs font-bold text-ruby-400">18+</span>
            <span className="max-w-xl">{t('footer.responsible')}</span>
          </div>
          <span>© {new Date().getFullYear()} Croupier</span>
        </div>
      </div>
    </footer>
  );
}
