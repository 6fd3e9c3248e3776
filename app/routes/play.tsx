import type { LoaderFunctionArgs } from 'react-router';
import { redirect, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localizePath } from '../../contract/locales.ts';
import type { Engine, GameMode } from '../../contract/studio.ts';
import { gameName, providerLabel, type Game, type GamesPage } from '../features/games/types.ts';
import { PageMeta } from '../features/pages/page-meta.tsx';
import { GuestRealMoney, NoDemo } from '../features/studio/notices.tsx';
import { Backdrop, StudioPlayer } from '../features/studio/studio-player.tsx';
import { requestLocale, useLocale, useRootData } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { requireParam } from '../lib/params.ts';
import { bridgeOf, serverApi } from '../lib/server-bridge.ts';

const FIELDS = ['sysname', 'name', 'description', 'provider', 'engine', 'has_demo'];

type PlayData = {
  /** `engine` null: a third-party game, which plays in the aggregator's page (docs/aggregator.md). */
  game: { sysname: string; name: string; provider: string; providerName: string; engine: Engine | null; hasDemo: boolean };
  mode: GameMode;
  /** A guest asked for real money: the frame says to sign in instead of opening a session. */
  needsSignIn: boolean;
};

/**
 * The play frame of a game: `?mode=real|demo` (real for players, demo for guests by default). A
 * studio game plays here; a third-party game is sent on to the game aggregator's page of a fresh
 * session (games/launchThirdParty). Unknown games answer 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<PlayData> {
  const sysname = requireParam(request, params.sysname);
  const url = new URL(request.url);
  const locale = requestLocale(request);
  const signedIn = await bridgeOf(context).isSignedIn();
  const asked = url.searchParams.get('mode');
  const mode: GameMode = asked === 'real' || asked === 'demo' ? asked : signedIn ? 'real' : 'demo';
  let game: Game | undefined;
  try {
    const page = await serverApi<GamesPage>(context, 'games/get', { query: { sysnames: [sysname], fields: FIELDS, count: 1 }, locale });
    game = page.items.find((item) => item.sysname === sysname);
  } catch (error) {
    toPageError(error);
  }
  if (!game) notFound(url.pathname);
  const hasDemo = game.has_demo !== false;
  const needsSignIn = mode === 'real' && !signedIn;
  if (!game.engine && !needsSignIn && (mode === 'real' || hasDemo)) {
    const platform = /Mobi|Android|iPhone|iPad/i.test(request.headers.get('user-agent') ?? '') ? 'GPL_MOBILE' : 'GPL_DESKTOP';
    let launched: { url: string } | undefined;
    try {
      launched = await serverApi<{ url: string }>(context, 'games/launchThirdParty', { body: { sysname, mode, platform }, locale });
    } catch (error) {
      toPageError(error);
    }
    // The aggregator's page of this session, in this same frame.
    throw redirect(launched!.url, { headers: { 'Cache-Control': 'no-store' } });
  }
  return {
    game: {
      sysname,
      name: gameName(game),
      provider: game.provider,
      providerName: providerLabel(game.provider),
      engine: game.engine ?? null,
      hasDemo,
    },
    mode,
    needsSignIn,
  };
}

export default function PlayPage() {
  const { game, mode, needsSignIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation('studio');
  const root = useRootData();
  const locale = useLocale();
  const base = (root?.config.seo.canonical.url || root?.origin || '').replace(/\/+$/, '');
  const canonical = base ? `${base}${localizePath(`/game/${game.sysname}`, locale)}`.replace(/\/+$/, '') : undefined;
  const blocked = needsSignIn ? 'signIn' : mode === 'demo' && !game.hasDemo ? 'noDemo' : null;
  return (
    <>
      <PageMeta title={t('meta.title', { name: game.name })} canonical={canonical} robots="noindex" />
      {blocked ? (
        <div className="relative flex flex-1 flex-col">
          <Backdrop sysname={game.sysname} />
          {blocked === 'signIn' ? <GuestRealMoney game={game} /> : <NoDemo game={game} />}
        </div>
      ) : (
        game.engine && <StudioPlayer key={`${game.sysname}:${mode}`} game={{ ...game, engine: game.engine }} mode={mode} providerName={game.providerName} />
      )}
    </>
  );
}
