import { useSyncExternalStore, type CSSProperties } from 'react';

const unchanging = () => () => {};

/**
 * Inline styles for elements the server renders, set only in the browser. The page's
 * Content-Security-Policy refuses style attributes in HTML (`style-src-attr 'none'`, decision 033),
 * while React sets a style prop in the browser through the CSSOM, which the policy does not govern.
 * So the server's HTML and the hydrating render leave the attribute out, and the render right after
 * hydration (or any later client render) applies it: `style={clientStyle({ width: '40%' })}`.
 * Give the element a class for its look before that (a bar's `w-0`).
 */
export function useClientStyle(): (style: CSSProperties) => CSSProperties | undefined {
  const inBrowser = useSyncExternalStore(unchanging, () => true, () => false);
  return (style) => (inBrowser ? style : undefined);
}
