import { preloadable } from './preloadable.ts';

/**
 * The frame every dialog renders in, with the registry of dialog components: loaded with the
 * first dialog a page opens, so the bundle every page loads carries neither (the home page's JS
 * budget, docs/performance.md).
 */
export const DialogFrame = preloadable(() => import('./dialog-frame.tsx'));
