import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSeries = { label: string; values: number[]; color: string };

/**
 * A line chart over labelled periods (uPlot: canvas, 50 KB, loaded only by the screens that draw
 * one). Sized to its container and redrawn when it changes width; the numbers stay in the table
 * beside it for screen readers and copying, so the canvas is hidden from assistive technology.
 */
export function LineChart({ labels, xLabel, series, format, testId }: { labels: string[]; xLabel: string; series: ChartSeries[]; format: (value: number) => string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || labels.length === 0) return;
    const xs = labels.map((_, index) => index);
    const options: uPlot.Options = {
      width: element.clientWidth || 600,
      height: 240,
      scales: { x: { time: false } },
      axes: [
        { values: (_, ticks) => ticks.map((tick) => labels[tick] ?? ''), grid: { show: false } },
        { values: (_, ticks) => ticks.map(format), size: 80 },
      ],
      series: [{ label: xLabel, value: (_, index) => labels[index] ?? '' }, ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { size: 5 }, value: (_: uPlot, value: number | null) => (value === null ? '—' : format(value)) }))],
      legend: { live: true },
    };
    const chart = new uPlot(options, [xs, ...series.map((line) => line.values)], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, xLabel, series, format]);
  return <div ref={box} className="bo-chart" aria-hidden="true" data-testid={testId} />;
}
