/**
 * The markdown pipeline of content pages and SEO texts (docs/content.md): the one place markdown
 * becomes the sections the site renders. The server uses it for ops files and Strapi's rich text,
 * the back office's editor for its live preview, so what an editor sees is what players get.
 */

/** An image uploaded through the back office, served by the site itself (docs/content.md, "Images"). */
export type ContentImage = { src: string; alt: string };

/** A section of a page or SEO text: an optional heading, an optional image, and paragraphs of plain text (never HTML). */
export type ContentSectionView = { heading?: string; image?: ContentImage; paragraphs: string[] };

/** Where content images are served: `/content-images/{43 random characters}.{jpg|png}`. */
export const CONTENT_IMAGE_PATH = /^\/content-images\/[A-Za-z0-9_-]{43}\.(?:jpg|png)$/;

const inline = (text: string) =>
  text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** A line that is only an image of our own store: `![alt](/content-images/....jpg)`. Other images are dropped like other markup. */
const IMAGE_LINE = /^!\[([^\]]{0,300})\]\((\S+?)\)$/;

/**
 * Markdown to sections: a heading (#, ##, ###) opens a section; blank lines and list items split
 * paragraphs. A line holding only an uploaded image (CONTENT_IMAGE_PATH) shows it: it belongs to
 * the section it follows when that has no paragraph yet, else it opens an untitled one.
 */
export function markdownToSections(markdown: string): ContentSectionView[] {
  const sections: ContentSectionView[] = [];
  let current: ContentSectionView = { paragraphs: [] };
  let lines: string[] = [];
  const flush = () => {
    const text = inline(lines.join(' '));
    if (text) current.paragraphs.push(text);
    lines = [];
  };
  const close = () => {
    if (current.heading !== undefined || current.image || current.paragraphs.length) sections.push(current);
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const image = IMAGE_LINE.exec(line);
    if (heading) {
      flush();
      close();
      current = { heading: inline(heading[1]), paragraphs: [] };
    } else if (image && CONTENT_IMAGE_PATH.test(image[2])) {
      flush();
      const picture = { src: image[2], alt: inline(image[1]) };
      if (current.image || current.paragraphs.length) {
        close();
        current = { image: picture, paragraphs: [] };
      } else current.image = picture;
    } else if (!line) {
      flush();
    } else if (/^([-*+]|\d+[.)])\s+/.test(line)) {
      flush();
      lines.push(line.replace(/^([-*+]|\d+[.)])\s+/, ''));
    } else {
      lines.push(line);
    }
  }
  flush();
  close();
  return sections;
}

/** Sections back to the markdown the editor shows (an entry written before the editor existed has none of its own). */
export function sectionsToMarkdown(sections: readonly ContentSectionView[]): string {
  const blocks: string[] = [];
  for (const section of sections) {
    if (section.heading !== undefined) blocks.push(`## ${section.heading}`);
    if (section.image) blocks.push(`![${section.image.alt}](${section.image.src})`);
    blocks.push(...section.paragraphs);
  }
  return blocks.join('\n\n');
}
