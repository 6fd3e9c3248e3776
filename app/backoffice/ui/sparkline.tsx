/**
 * A small line of values as inline SVG (no chart library: a path of a few dozen points), scaled to
 * its own minimum and maximum with a zero line when the values cross it. The numbers beside it say
 * what matters; the picture says how it moved, so it carries a label and no axes.
 */
export function Sparkline({ values, label, width = 240, height = 48 }: { values: number[]; label: string; width?: number; height?: number }) {
  const pad = 3;
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (index: number) => pad + (index * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (value: number) => height - pad - ((value - low) * (height - 2 * pad)) / span;
  const line = values.map((value, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(value).toFixed(1)}`).join('');
  const area = values.length > 0 ? `${line}L${x(values.length - 1).toFixed(1)},${y(0).toFixed(1)}L${x(0).toFixed(1)},${y(0).toFixed(1)}Z` : '';
  return (
    <svg className="bo-sparkline" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label}>
      <path d={area} className="bo-sparkline-area" />
      <line x1={pad} x2={width - pad} y1={y(0)} y2={y(0)} className="bo-sparkline-zero" />
      <path d={line} className="bo-sparkline-line" />
    </svg>
  );
}
