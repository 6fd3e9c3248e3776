/** A section of a content page as the API answers it (rendered as text, never as HTML). */
export type ContentSectionView = { heading?: string; paragraphs: string[] };
