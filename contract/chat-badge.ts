/**
 * The betting and game routes hide the chat badge (spec 2 section 6); the path has no locale
 * prefix. Alone in its file: the launcher on every page imports only this.
 */
export function chatBadgeHidden(pathWithoutLocale: string): boolean {
  return /^\/(betting|game|play)(\/|$)/.test(pathWithoutLocale);
}
