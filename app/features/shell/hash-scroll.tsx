import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { HASH_SCROLL_MAX_TRIES, HASH_SCROLL_RETRY_MS } from '../../../contract/constants.ts';

/** Offset of a hash target below the sticky header. */
export function scrollTargetTop(elementTop: number, scrollY: number, headerHeight: number): number {
  return Math.max(0, elementTop + scrollY - headerHeight);
}

/**
 * Hash links scroll smoothly to their target, below the header; a target not yet rendered is
 * looked for again every 300 ms, up to 4 tries.
 */
export function HashScroll() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || hash.length < 2 || hash === '#real') return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
        window.scrollTo({ top: scrollTargetTop(target.getBoundingClientRect().top, window.scrollY, header), behavior: 'smooth' });
        return;
      }
      if (++tries < HASH_SCROLL_MAX_TRIES) timer = setTimeout(attempt, HASH_SCROLL_RETRY_MS);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [hash, key]);
  return null;
}
