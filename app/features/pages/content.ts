/** A section of a content page as the API answers it (rendered as text, never as HTML; an image only from the site's own store). */
export type { ContentImage, ContentSectionView } from '../../../contract/content-markdown.ts';
