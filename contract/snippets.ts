/**
 * Positions of the operator's code snippets (spec 2 section 4); anything else falls back to the
 * end of the body. Kept apart from the zod schema so the browser bundle does not carry zod.
 */
export type SnippetPosition = 'head' | 'bodyStart' | 'bodyEnd';

export function snippetPosition(position: string): SnippetPosition {
  return position === 'head' || position === 'bodyStart' ? position : 'bodyEnd';
}
