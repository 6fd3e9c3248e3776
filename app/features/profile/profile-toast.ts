import type { ToastKind } from '../toasts/store.ts';

/**
 * Profile pages accept `from` and `toastType` in the query (spec 1 section 2): another part of
 * the site (a payment result, a verification provider, an e-mail link) sends the player here with
 * the outcome to announce. This reads them into translation keys and the address without them.
 */
export const PROFILE_TOAST_SOURCES = ['deposit', 'withdrawal', 'verification', 'email', 'phone'] as const;
export type ProfileToastSource = (typeof PROFILE_TOAST_SOURCES)[number] | 'generic';

const KINDS: readonly ToastKind[] = ['success', 'error', 'info'];

export type ProfileToast = {
  kind: ToastKind;
  /** Keys in the profile namespace. */
  titleKey: string;
  messageKey: string;
};

/**
 * The toast of a profile address, and the search string to replace it with (both params
 * removed, the rest kept). `null` when there is no `toastType`. An unknown `toastType` shows
 * nothing but is still removed; an unknown or missing `from` gets the generic text.
 */
export function readProfileToast(search: string): { toast: ProfileToast | null; search: string } | null {
  const params = new URLSearchParams(search);
  if (!params.has('toastType')) return null;
  const type = params.get('toastType') ?? '';
  const from = params.get('from') ?? '';
  params.delete('toastType');
  params.delete('from');
  const rest = params.toString();
  const kind = KINDS.find((item) => item === type.trim().toLowerCase());
  if (!kind) return { toast: null, search: rest ? `?${rest}` : '' };
  const source: ProfileToastSource = (PROFILE_TOAST_SOURCES as readonly string[]).includes(from.trim().toLowerCase())
    ? (from.trim().toLowerCase() as ProfileToastSource)
    : 'generic';
  return {
    toast: { kind, titleKey: `toasts.${source}.${kind}.title`, messageKey: `toasts.${source}.${kind}.message` },
    search: rest ? `?${rest}` : '',
  };
}

/** True for the replace-navigation that only drops `toastType` and `from`: nothing to reload. */
export function onlyToastParamsRemoved(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname || !current.searchParams.has('toastType')) return false;
  return readProfileToast(current.search)?.search === next.search;
}
