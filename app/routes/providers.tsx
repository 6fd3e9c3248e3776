import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hallHref, type GameProvider } from '../features/games/types.ts';
import { PageHeading, PageMeta } from '../features/pages/page-meta.tsx';
import { LocalLink } from '../lib/local-link.tsx';
import { requestLocale } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { bridgeOf, serverApi } from '../lib/server-bridge.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { Icon } from '../ui/icon.tsx';

const GRADIENTS = [
  'from-violet-600/40 to-indigo-800/30',
  'from-rose-600/40 to-orange-700/30',
  'from-emerald-600/40 to-cyan-800/30',
  'from-amber-500/40 to-rose-700/30',
  'from-sky-600/40 to-violet-800/30',
  'from-fuchsia-600/40 to-purple-800/30',
];

export async function loader({ request, url, context }: LoaderFunctionArgs) {
  const locale = requestLocale(request);
  // games.providers.isVisible off: no providers page (and no provider filter in the hall).
  if (!(await bridgeOf(context).siteConfig(locale)).games.providers.isVisible) notFound(url.pathname);
  try {
    return await serverApi<GameProvider[]>(context, 'games/getProviders', { locale });
  } catch (error) {
    toPageError(error);
  }
}

/** The providers: one card per studio, linking to the hall filtered by it. */
export default function Page() {
  const providers = useLoaderData<typeof loader>();
  const { t } = useTranslation('games');
  return (
    <div className="pb-8" data-testid="page-providers">
      <PageMeta title={t('providers.title')} description={t('providers.subtitle')} />
      <PageHeading title={t('providers.title')} subtitle={t('providers.subtitle')} />
      {providers.length === 0 ? (
        <EmptyState icon="dice" title={t('providers.emptyTitle')} text={t('providers.emptyText')} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-4 desktop:grid-cols-6">
          {providers.map((provider, index) => (
            <li key={provider.sysname}>
              <LocalLink
                to={hallHref('all', [provider.sysname])}
                className={`group relative flex aspect-[4/3] flex-col justify-between overflow-hidden rounded-2xl bg-gradient-to-br p-4 ring-1 ring-white/10 transition hover:-translate-y-1 hover:ring-gold-400/60 ${GRADIENTS[index % GRADIENTS.length]}`}
                data-testid="provider-card"
              >
                <span className="grid h-11 w-11 place-items-center rounded-xl bg-black/30 text-lg font-black text-gold-300 ring-1 ring-white/10">
                  {provider.name.charAt(0)}
                </span>
                <span>
                  <span className="block truncate font-extrabold">{provider.name}</span>
                  <span className="flex items-center gap-1 text-xs text-ink-300">
                    {t('providers.games', { count: provider.games_count })}
                    <Icon name="chevronRight" size={14} className="transition group-hover:translate-x-0.5" />
                  </span>
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
