import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VerifierPageView } from '../features/fairness/verifier-page.tsx';
import type { Game, GamesPage } from '../features/games/types.ts';
import { PageMeta } from '../features/pages/page-meta.tsx';
import { requestLocale } from '../lib/locale.ts';
import { serverApi } from '../lib/server-bridge.ts';

/**
 * /fairness?round=<round_id>: the provably fair explainer and verifier (docs/game-page.md), with
 * the games it applies to (tag provably-fair); the verification itself runs in the browser.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<{ round: string | null; games: Game[] }> {
  const round = new URL(request.url).searchParams.get('round')?.trim() ?? '';
  const games = await serverApi<GamesPage>(context, 'games/get', {
    query: { tags: ['provably-fair'], count: 4, fields: ['name', 'image_url', 'description'] },
    locale: requestLocale(request),
  })
    .then((page) => page.items)
    .catch(() => [] as Game[]);
  return { round: round && round.length <= 100 ? round : null, games };
}

export default function Fairness() {
  const { t } = useTranslation('fairness');
  const { round, games } = useLoaderData<typeof loader>();
  return (
    <>
      <PageMeta title={t('title')} description={t('subtitle')} />
      <VerifierPageView round={round} games={games} />
    </>
  );
}
