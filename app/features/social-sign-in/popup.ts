/**
 * Social sign-in's popup (spec 1 §7: a 640x480 window at /oauth/init with service, redirect_url
 * and type_auth). The server's callback page reports on a BroadcastChannel (SOCIAL_CHANNEL of
 * server/modules/identity-providers/routes.ts): providers' pages may cut the popup's opener, a
 * channel of this origin still reaches the page.
 */
export const SOCIAL_CHANNEL = 'croupier-social-sign-in';
/** Spec 1 §4: the return address after a social login waits in local storage, read once. */
export const SOCIAL_RETURN_KEY = 'social_login_redirect_url';
export const POPUP_SIZE = { width: 640, height: 480 } as const;

export type SocialOutcome = { type: 'social-sign-in'; ok: boolean; message: string; reason: string | null; created: boolean };

export function initAddress(options: { service: string; redirectUrl: string; mode: 'sign_in' | 'sign_up'; locale: string }): string {
  const params = new URLSearchParams({ service: options.service, redirect_url: options.redirectUrl, type_auth: options.mode, locale: options.locale });
  return `/oauth/init?${params.toString()}`;
}

/** Opens the popup centred over the page; null when the browser blocked it. */
export function openPopup(address: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_SIZE.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_SIZE.height) / 2));
  return window.open(address, 'croupier-social-sign-in', `popup,width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${left},top=${top}`);
}

/** Calls back with the popup's outcome; answers the unsubscribe. */
export function onSocialOutcome(callback: (outcome: SocialOutcome) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(SOCIAL_CHANNEL);
  channel.onmessage = (event: MessageEvent<SocialOutcome>) => {
    if (event.data?.type === 'social-sign-in') callback(event.data);
  };
  return () => channel.close();
}

/** The stored return address, once: it is removed as it is read. */
export function takeReturnAddress(): string | null {
  try {
    const value = localStorage.getItem(SOCIAL_RETURN_KEY);
    localStorage.removeItem(SOCIAL_RETURN_KEY);
    return value;
  } catch {
    return null;
  }
}

export function keepReturnAddress(address: string) {
  try {
    localStorage.setItem(SOCIAL_RETURN_KEY, address);
  } catch {
    // Private mode without storage: the page's own redirect still applies.
  }
}
