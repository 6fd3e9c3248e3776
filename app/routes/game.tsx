import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gameCanonical } from '../features/games/game-page-rules.ts';
import { GamePageView, type GamePageData } from '../features/games/game-page.tsx';
import { gameImage, gameName, providerLabel, type GameProvider, type GamesPage } from '../features/games/types.ts';
import { PageMeta } from '../features/pages/page-meta.tsx';
import { absolute } from '../features/pages/seo.ts';
import { videoGame } from '../features/pages/structured-data.ts';
import { requestLocale, useLocale, useLocalizedPath, useRootData } from '../lib/locale.ts';
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
  const localize = useLocalizedPath();
  const name = gameName(data.game);
  const canonical = base ? gameCanonical(base, data.game.sysname, locale) : undefined;
  const description = t('page.metaDescription', { name, provider: data.providerName });
  const image = gameImage(data.game) ? absolute(base.replace(/\/+$/, ''), gameImage(data.game)) : undefined;
  return (
    <>
      <PageMeta
        title={t('page.metaTitle', { name })}
        description={description}
        canonical={canonical}
        image={image}
        breadcrumbs={[
          { name: t('hall.title'), path: localize('/gamehall') },
          { name, path: localize(`/game/${data.game.sysname}`) },
        ]}
        jsonLd={[videoGame({ name, url: canonical ?? '', description, image, publisher: data.providerName, genre: data.game.type, locale })]}
      />
      <GamePageView key={data.game.sysname} data={data} />
    </>
  );
}
