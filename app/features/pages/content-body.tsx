import type { ContentImage, ContentSectionView } from './content.ts';
import { PageHeading } from './page-meta.tsx';

/**
 * A content page's body (/{slug}, app/routes/content-page.tsx): heading, description and
 * sections. The back office's editor previews drafts with this same component, so what an
 * editor sees is what players get.
 */
export function ContentPageBody({ page }: { page: { title: string; description: string; body: readonly ContentSectionView[] } }) {
  return (
    <>
      <PageHeading title={page.title} subtitle={page.description || undefined} />
      <div className="space-y-8 rounded-3xl border border-white/5 bg-ink-850/60 p-6 tablet:p-10">
        {page.body.map((section, index) => (
          <section key={index} className="space-y-3">
            {section.heading && <h2 className="text-lg font-bold text-gold-300">{section.heading}</h2>}
            {section.image && <ContentPicture image={section.image} />}
            {section.paragraphs.map((paragraph, p) => (
              <p key={p} className="leading-relaxed text-ink-200">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}

/** An uploaded image (served by the site, /content-images/...): full width of its column, lazily loaded. */
export function ContentPicture({ image }: { image: ContentImage }) {
  return <img src={image.src} alt={image.alt} loading="lazy" decoding="async" className="h-auto w-full rounded-2xl border border-white/5" />;
}
