import type { ContentSection } from './types.ts';

/**
 * Turns the text formats editors write into sections of plain paragraphs: markdown (ops files,
 * Strapi rich text) and Strapi v5 "blocks". Pages are rendered as text, never as HTML, so inline
 * markup is reduced to its words (a link keeps its label).
 */

const inline = (text: string) =>
  text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** Markdown to sections: a heading (#, ##, ###) opens a section; blank lines and list items split paragraphs. */
export function markdownToSections(markdown: string): ContentSection[] {
  const sections: ContentSection[] = [];
  let current: ContentSection = { paragraphs: [] };
  let lines: string[] = [];
  const flush = () => {
    const text = inline(lines.join(' '));
    if (text) current.paragraphs.push(text);
    lines = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      if (current.heading !== undefined || current.paragraphs.length) sections.push(current);
      current = { heading: inline(heading[1]), paragraphs: [] };
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
  if (current.heading !== undefined || current.paragraphs.length) sections.push(current);
  return sections;
}

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
