import type { LoaderFunctionArgs } from 'react-router';
import { data, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContentSectionView } from '../features/pages/content.ts';
import { ContentPageBody } from '../features/pages/content-body.tsx';
import { PageMeta } from '../features/pages/page-meta.tsx';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale, useLocalizedPath, useRootData } from '../lib/locale.ts';
import { notFound, toPageError, type PageErrorData } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';
import { ButtonLink } from '../ui/button.tsx';

type ContentPageData = { slug: string; title: string; description: string; body: ContentSectionView[] };

/**
 * A generic content page (/{slug}) from the content service (docs/content.md): an unknown or
 * unpublished slug is a 404; a content service that is down with no copy kept is a 503 inside the
 * site's frame (search engines come back later instead of dropping the page).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  try {
    return await serverApi<ContentPageData>(context, 'content/getpage', { query: { slug: params.slug }, locale: requestLocale(request) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.type === 'InvalidParameterException')) notFound(path);
    if (error instanceof ApiError && error.status === 503) throw data<PageErrorData>({ type: error.type, message: error.message, path, fatal: false }, { status: 503 });
    toPageError(error);
  }
}

/** The responsible gaming page leads to the player's own limits (the /responsible-game settings). */
const TOOLS_PAGE = 'responsible-gaming';

export default function ContentPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  const localize = useLocalizedPath();
  const toolsEnabled = useRootData()?.config?.functionalSettings.isResponsibleGamingEnable ?? true;
  return (
    <article className="mx-auto max-w-3xl pb-8" data-testid="content-page">
      <PageMeta title={page.title} description={page.description} />
      <ContentPageBody page={page} />
      {page.slug === TOOLS_PAGE && toolsEnabled && (
        <aside className="mt-6 flex flex-col gap-4 rounded-3xl border border-gold-400/20 bg-gold-500/5 p-6 tablet:flex-row tablet:items-center tablet:justify-between tablet:p-8" data-testid="responsible-tools">
          <div className="space-y-1">
            <h2 className="text-lg font-bold text-white">{t('content.toolsTitle')}</h2>
            <p className="text-sm leading-relaxed text-ink-300">{t('content.toolsText')}</p>
          </div>
          <ButtonLink to={localize('/responsible-game')} className="shrink-0">
            {t('content.toolsAction')}
          </ButtonLink>
        </aside>
      )}
    </article>
  );
}
