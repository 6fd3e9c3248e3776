import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { ContentSectionView } from '../features/pages/content.ts';
import { PageHeading, PageMeta } from '../features/pages/page-meta.tsx';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale } from '../lib/locale.ts';
import { notFound, toPageError } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';

type ContentPageData = { slug: string; title: string; description: string; body: ContentSectionView[] };

/** A generic content page (/{slug}) from the content module; an unknown slug is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  try {
    return await serverApi<ContentPageData>(context, 'content/getpage', { query: { slug: params.slug }, locale: requestLocale(request) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.type === 'InvalidParameterException')) notFound(path);
    toPageError(error);
  }
}

export default function ContentPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl pb-8" data-testid="content-page">
      <PageMeta title={page.title} description={page.description} />
      <PageHeading title={page.title} subtitle={page.description} />
      <div className="space-y-8 rounded-3xl border border-white/5 bg-ink-850/60 p-6 tablet:p-10">
        {page.body.map((section, index) => (
          <section key={index} className="space-y-3">
            {section.heading && <h2 className="text-lg font-bold text-gold-300">{section.heading}</h2>}
            {section.paragraphs.map((paragraph, p) => (
              <p key={p} className="leading-relaxed text-ink-200">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
