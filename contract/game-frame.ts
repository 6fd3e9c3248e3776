/**
 * Messages between the game page (`/game/{sysname}`) and what runs in its frame, on the site's
 * own origin only (docs/game-page.md).
 *
 * - `{type: 'checkIframe', path}`: a page of the site that finds itself inside a frame of the
 *   site (a game's lobby or deposit button navigated the frame) tells the parent where it is;
 *   the game page opens that address itself, so the site never shows inside its own frame.
 *   `path` is a same-origin relative address (`/cashier/deposit?x=1#y`), never a URL.
 * - The studio's messages (contract/studio.ts StudioFrameMessage): `croupier:balance` after each
 *   round (the page refreshes the header balance), `croupier:round`.
 */
import type { GameMode } from './studio.ts';

export const CHECK_IFRAME = 'checkIframe';
export type CheckIframeMessage = { type: typeof CHECK_IFRAME; path: string };

/** The addresses of the play frame itself (`/platform/game/...`, `/fr/platform/...`). */
const PLATFORM_PATH = /^\/(?:[a-z]{2}\/)?platform(?:\/|$)/;

/**
 * A path the parent may open: relative to the site's root (`/...`), not protocol-relative
 * (`//host`), without a backslash (browsers read `/\host` as `//host`), whitespace or control
 * characters, at most 2048 characters, and not the play frame's own address. Null otherwise.
 */
export function safeFramePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  if (PLATFORM_PATH.test(value)) return null;
  return value;
}

export type ParentMessage =
  | { kind: 'navigate'; path: string }
  | { kind: 'balance'; balance: string; currency: string; mode: GameMode }
  | { kind: 'round'; roundId: string };

/** What the game page does with a message's data, or null when it is none of ours (or malformed). */
export function readParentMessage(data: unknown): ParentMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  if (message.type === CHECK_IFRAME) {
    const path = safeFramePath(message.path);
    return path ? { kind: 'navigate', path } : null;
  }
  if (message.type === 'croupier:balance') {
    const { balance, currency, mode } = message;
    if (typeof balance !== 'string' || !/^-?\d{1,15}(\.\d{1,8})?$/.test(balance)) return null;
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
    if (mode !== 'real' && mode !== 'demo') return null;
    return { kind: 'balance', balance, currency, mode };
  }
  if (message.type === 'croupier:round' && typeof message.round_id === 'string' && message.round_id.length <= 100) {
    return { kind: 'round', roundId: message.round_id };
  }
  return null;
}
