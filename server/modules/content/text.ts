import type { ContentSection } from './types.ts';

/** Markdown is turned into sections by the pipeline the site and the back office's preview share. */
export { markdownToSections, sectionsToMarkdown } from '../../../contract/content-markdown.ts';

/**
 * Turns the text formats editors write into sections of plain paragraphs: markdown (ops files,
 * Strapi rich text, the back office's editor: contract/content-markdown.ts) and Strapi v5
 * "blocks". Pages are rendered as text, never as HTML, so inline markup is reduced to its words
 * (a link keeps its label).
 */

/** A markdown file with a front matter block of `key: value` lines (--- above and below). */
export function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const pair = /^([A-Za-z_]+)\s*:\s*(.*)$/.exec(line.trim());
    if (pair) fields[pair[1]] = pair[2].replace(/^(["'])(.*)\1$/, '$2');
  }
  return { fields, body: match[2] };
}

type Block = { type?: string; level?: number; text?: string; children?: Block[]; format?: string };
const blockText = (block: Block): string => (typeof block.text === 'string' ? block.text : (block.children ?? []).map(blockText).join(''));

/** Strapi v5 "blocks" rich text: headings open sections, paragraphs, quotes and list items are paragraphs. */
export function blocksToSections(blocks: unknown[]): ContentSection[] {
  const sections: ContentSection[] = [];
  let current: ContentSection = { paragraphs: [] };
  const push = (text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean) current.paragraphs.push(clean);
  };
  for (const block of blocks as Block[]) {
    if (!block || typeof block !== 'object') continue;
    if (block.type === 'heading') {
      if (current.heading !== undefined || current.paragraphs.length) sections.push(current);
      current = { heading: blockText(block).trim(), paragraphs: [] };
    } else if (block.type === 'list') {
      for (const item of block.children ?? []) push(blockText(item));
    } else if (block.type !== 'image' && block.type !== 'code') {
      push(blockText(block));
    }
  }
  if (current.heading !== undefined || current.paragraphs.length) sections.push(current);
  return sections;
}
