import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gameCanonical } from '../features/games/game-page-rules.ts';
import { GamePageView, type GamePageData } from '../features/games/game-page.tsx';
import { gameName, providerLabel, type GameProvider, type GamesPage } from '../features/games/types.ts';
import { PageMeta } from '../features/pages/page-meta.tsx';
import { requestLocale, useLocale, useRootData } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { requireParam } from '../lib/params.ts';
import { serverApi } from '../lib/server-bridge.ts';

const GAME_FIELDS = ['name', 'image_url', 'description', 'provider', 'type', 'tags', 'rtp', 'volatility', 'has_demo', 'engine'];
const SYSNAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** /game/{sysname}: the game of that sysname (games/get), 404 for an unknown or hidden one. */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<GamePageData> {
  const sysname = requireParam(request, params.sysname);
  const pathname = new URL(request.url).pathname;
  if (!SYSNAME.test(sysname) || sysname.length > 64) notFound(pathname);
  const locale = requestLocale(request);
  const [page, providers] = await Promise.all([
    serverApi<GamesPage>(context, 'games/get', { query: { sysnames: [sysname], fields: GAME_FIELDS, count: 1 }, locale }).catch(toPageError),
    serverApi<GameProvider[]>(context, 'games/getProviders', { locale }).catch(() => [] as GameProvider[]),
  ]);
  const game = page.items.find((item) => item.sysname === sysname);
  if (!game) notFound(pathname);
  return { game, providerName: providers.find((provider) => provider.sysname === game.provider)?.name ?? providerLabel(game.provider) };
}

export default function GamePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('games');
  const root = useRootData();
  const locale = useLocale();
  const base = root?.config.seo.canonical.url || root?.origin || '';
  const name = gameName(data.game);
  return (
    <>
      <PageMeta
        title={t('page.metaTitle', { name })}
        description={t('page.metaDescription', { name, provider: data.providerName })}
        canonical={base ? gameCanonical(base, data.game.sysname, locale) : undefined}
      />
      <GamePageView key={data.game.sysname} data={data} />
    </>
  );
}
