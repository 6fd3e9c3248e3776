import { BACKOFFICE_PATH } from '../../contract/backoffice.ts';
import type { ContentKind, LiveState } from '../../contract/backoffice-content.ts';
import { defineTexts, type useTexts } from './i18n.ts';
import { Badge } from './ui/controls.tsx';

/** What the content screens (routes/content.tsx, routes/content-edit.tsx) say alike. */
export const contentTexts = defineTexts({
  en: {
    page: 'Page',
    seo: 'SEO text',
    record: 'SEO record',
    published: 'Published',
    unpublished: 'Unpublished',
    none: 'Never published',
    strapi:
      'The site reads its content from Strapi (CONTENT_SOURCE=strapi): pages and SEO texts are edited in Strapi’s own admin and show on the site after its cache (60 s). This screen shows the built-in store, which players do not see while Strapi is the source; it cannot change it, nor write to Strapi.',
  },
  fr: {
    page: 'Page',
    seo: 'Texte SEO',
    record: 'Fiche SEO',
    published: 'Publié',
    unpublished: 'Dépublié',
    none: 'Jamais publié',
    strapi:
      'Le site lit son contenu dans Strapi (CONTENT_SOURCE=strapi) : les pages et les textes SEO se modifient dans l’administration de Strapi et s’affichent sur le site après son cache (60 s). Cet écran montre le stockage intégré, que les joueurs ne voient pas tant que Strapi est la source ; il ne peut ni le modifier, ni écrire dans Strapi.',
  },
});

export const CONTENT_LIST_QUERY = ['backoffice', 'content', 'list'] as const;

/** The editor of one entry: its kind, key (a slug or a path) and language travel in the query. */
export const editorPath = (kind: ContentKind, key: string, locale: string, tab?: 'history') =>
  `${BACKOFFICE_PATH}/content/edit?${new URLSearchParams({ kind, key, locale, ...(tab ? { tab } : {}) }).toString()}`;

export function LiveBadge({ live, t }: { live: LiveState; t: ReturnType<typeof useTexts<keyof typeof contentTexts.en>> }) {
  return <Badge tone={live === 'published' ? 'good' : live === 'unpublished' ? 'bad' : 'neutral'}>{t(live)}</Badge>;
}
