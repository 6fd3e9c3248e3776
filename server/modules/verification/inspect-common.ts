/** What the inspector found wrong with a file; the service answers each in the player's language. */
export type InspectionProblem = 'wrong_type' | 'unsafe' | 'unreadable' | 'encrypted' | 'too_many_pixels';

export class InspectionError extends Error {
  readonly problem: InspectionProblem;
  constructor(problem: InspectionProblem, detail: string) {
    super(detail);
    this.problem = problem;
  }
}

/** Decompression bombs: an image (or a PDF's image) declaring more pixels than this is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Markup a browser or an interpreter acts on, with no business in a photo, a scan or a PDF's
 * objects: a sign of a polyglot or a disguised page. Looked for in an image's metadata (which
 * may be binary: every pattern is long enough that random bytes rarely spell it) and in a PDF's
 * object syntax and strings. (Not `<meta`: an ICC profile's tag table spells it when a tag of
 * 60 bytes comes before its `meta` tag.)
 */
export const MARKUP = /<\s*(script|html|svg|iframe|object|embed|body|!doctype|\?php|img|style|link|form|base|math)|javascript:|vbscript:/i;
