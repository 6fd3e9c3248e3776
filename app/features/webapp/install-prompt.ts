import type { InstallPromptEvent } from './install-state.ts';

/**
 * Chromium fires beforeinstallprompt once, possibly before React hydrates and before the web-app
 * code (loaded after the page) is there: this small module, loaded with every page, keeps it.
 */
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
}

/** The browser's install prompt kept for later, if it came and was not used yet. */
export const installPrompt = () => deferred;

/** Forgets the prompt (it was shown, or the player said no). */
export const forgetInstallPrompt = () => {
  deferred = null;
};

/** Calls `listener` when a prompt arrives; answers the unsubscribe. */
export function onInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The kept prompt's handle, handed to the web-app code loaded later (one module, one copy). */
export const installPrompts = { current: installPrompt, forget: forgetInstallPrompt, subscribe: onInstallPrompt };
export type InstallPrompts = typeof installPrompts;
