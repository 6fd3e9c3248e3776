import clsx from 'clsx';
import { useEffect, useState } from 'react';

/**
 * An icon given by address (a site configuration's icon that is an SVG URL, spec 2 section 7):
 * its SVG is fetched as text and drawn inline, so it takes the text colour (`currentColor`) like
 * the design system's icons; when the fetch fails (an error status, not an SVG, a network or
 * cross-origin refusal) it falls back to an `<object>` embed of the same address (spec 2 section
 * 8). The fetched markup is cleaned first: no scripts, no foreign content, no event handlers, no
 * links out of the document. Before the fetch answers (and in the server's HTML) an empty box of
 * the icon's size holds its place.
 */

/** Whether an icon value is an SVG address rather than one of the design system's names. */
export const isSvgUrl = (value: string) => /^(?:https?:\/\/|\/)[^\s?#]+\.svg(?:[?#]\S*)?$/i.test(value);

const DROPPED = 'script, foreignObject, iframe, object, embed, audio, video, style';

/** The SVG of `text` made safe to inline, sized, or null when it is not an SVG document. */
export function cleanSvg(text: string, size: number): string | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName.toLowerCase() !== 'svg' || doc.getElementsByTagName('parsererror').length) return null;
  for (const element of Array.from(root.querySelectorAll(DROPPED))) element.remove();
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const local = name.replace(/^xlink:/, '');
      // Handlers run script; a link may only point inside the icon (`#gradient`).
      if (name.startsWith('on') || ((local === 'href' || name === 'src') && !attribute.value.trim().startsWith('#'))) element.removeAttribute(attribute.name);
    }
  }
  if (!root.getAttribute('viewBox')) root.setAttribute('viewBox', `0 0 ${root.getAttribute('width') || 24} ${root.getAttribute('height') || 24}`);
  root.setAttribute('width', String(size));
  root.setAttribute('height', String(size));
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('focusable', 'false');
  return new XMLSerializer().serializeToString(root);
}

type State = { src: string; svg: string | null; failed: boolean };

export function ExternalIcon({ src, size = 20, className }: { src: string; size?: number; className?: string }) {
  const [state, setState] = useState<State>({ src, svg: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    const fail = () => !controller.signal.aborted && setState({ src, svg: null, failed: true });
    fetch(src, { signal: controller.signal, credentials: 'same-origin', headers: { Accept: 'image/svg+xml' } })
      .then(async (response) => {
        if (!response.ok) return fail();
        const svg = cleanSvg(await response.text(), size);
        if (!controller.signal.aborted) setState(svg ? { src, svg, failed: false } : { src, svg: null, failed: true });
      })
      .catch(fail);
    return () => controller.abort();
  }, [src, size]);
  const current = state.src === src ? state : { src, svg: null, failed: false };
  if (current.svg) {
    return <span className={clsx('inline-flex', className)} data-external-icon="inline" dangerouslySetInnerHTML={{ __html: current.svg }} />;
  }
  if (current.failed) {
    return <object data={src} type="image/svg+xml" width={size} height={size} aria-hidden="true" tabIndex={-1} className={className} data-external-icon="object" />;
  }
  // The caller's classes size the empty box (inline styles are refused by the CSP).
  return <span className={clsx('inline-block', className)} data-external-icon="loading" aria-hidden="true" />;
}
