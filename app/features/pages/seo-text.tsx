import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentSectionView } from './content.ts';
import { ContentPicture } from './content-body.tsx';

/** A listing page's SEO text as content/getseotext answers it. */
export type SeoTextView = { path: string; locale: string; heading: string; body: ContentSectionView[] };

/**
 * The text block under a listing page's grid (the game hall, a hall category), from the content
 * service. The whole text is always in the HTML (crawlers read it); on phones it opens folded to a
 * few lines so the games stay the page's first thing, with "Read more" to unfold it.
 */
export function SeoTextBlock({ text }: { text: SeoTextView }) {
  const { t } = useTranslation('pages');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-16 rounded-3xl border border-white/5 bg-ink-900/60 p-6 tablet:p-8 laptop:p-10" data-testid="seo-text">
      <h2 id={`${id}-heading`} className="text-xl font-extrabold text-white laptop:text-2xl">
        {text.heading}
      </h2>
      <div
        id={`${id}-body`}
        className={clsx('relative mt-4 laptop:max-h-none laptop:overflow-visible', !open && 'max-h-48 overflow-hidden')}
        data-open={open || undefined}
      >
        <div className="space-y-6 laptop:columns-2 laptop:gap-10 laptop:space-y-0">
          {text.body.map((section, index) => (
            <div key={index} className="break-inside-avoid space-y-2 laptop:mb-6">
              {section.heading && <h3 className="text-base font-bold text-gold-300">{section.heading}</h3>}
              {section.image && <ContentPicture image={section.image} />}
              {section.paragraphs.map((paragraph, p) => (
                <p key={p} className="text-sm leading-relaxed text-ink-300">
                  {paragraph}
                </p>
              ))}
            </div>
          ))}
        </div>
        {!open && <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-ink-900 to-transparent laptop:hidden" />}
      </div>
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={`${id}-body`}
        className="mt-3 text-sm font-semibold text-gold-400 hover:text-gold-300 laptop:hidden"
        data-testid="seo-text-toggle"
      >
        {open ? t('content.showLess') : t('content.readMore')}
      </button>
    </section>
  );
}
