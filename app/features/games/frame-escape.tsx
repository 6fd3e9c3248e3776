import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CHECK_IFRAME, safeFramePath } from '../../../contract/game-frame.ts';

/**
 * A site page that finds itself inside a frame of the site (a game navigated its frame to a site
 * page) tells the page around it where it is, with `checkIframe` (spec 2 section 2); the game
 * page then opens it. The play frame itself (/platform/...) never does.
 */
export function usePostCheckIframe(pathname: string, search: string, hash: string) {
  useEffect(() => {
    let parent: Window;
    try {
      if (window.self === window.top) return;
      parent = window.parent;
      // Reading the parent's origin throws when it is another site's: then say nothing.
      if (parent.location.origin !== window.location.origin) return;
    } catch {
      return;
    }
    const path = safeFramePath(`${pathname}${search}${hash}`);
    if (path) parent.postMessage({ type: CHECK_IFRAME, path }, window.location.origin);
  }, [pathname, search, hash]);
}

/** Mounted by the site's layouts: see usePostCheckIframe. Renders nothing. */
export function FrameEscape() {
  const { pathname, search, hash } = useLocation();
  usePostCheckIframe(pathname, search, hash);
  return null;
}
