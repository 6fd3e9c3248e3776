import { createElement, type ReactNode } from 'react';
import type { CoinsSymbol } from '../../../../games/engines/coins/paytable.ts';
import { GRADIENTS, SYMBOL_SHAPES, type Shape } from './art.ts';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function toElement([tag, attrs, children]: Shape, key: number): ReactNode {
  if (tag === '#text') return String(attrs.value);
  const props: Record<string, string | number> = { key };
  for (const [name, value] of Object.entries(attrs)) props[camel(name)] = value;
  return createElement(tag, props, ...(children ?? []).map(toElement));
}

/** The gradients of the symbols, once per page. */
export function CoinsSymbolDefs() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <defs>{GRADIENTS.map(toElement)}</defs>
    </svg>
  );
}

/** One symbol, drawn from art.ts. */
export function CoinsSymbolArt({ symbol, className }: { symbol: CoinsSymbol; className?: string }) {
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false">
      {SYMBOL_SHAPES[symbol].map(toElement)}
    </svg>
  );
}
