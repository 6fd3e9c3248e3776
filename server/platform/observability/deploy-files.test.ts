import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectProcessMetrics, registry } from './metrics.ts';
import './site-gauges.ts';

/**
 * The Grafana dashboard and the Prometheus alert rules in deploy/ (docs/observability.md) name
 * only metrics the site exports: a panel or an alert on a name that does not exist shows nothing
 * and never fires, which nobody notices until the day it should have.
 */
const ROOT = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

collectProcessMetrics();
const exported = new Set(
  registry.getMetricsAsArray().flatMap((metric) => {
    const type = (metric as unknown as { type: string }).type;
    return type === 'histogram' ? [`${metric.name}_bucket`, `${metric.name}_sum`, `${metric.name}_count`] : [metric.name];
  }),
);
/** Prometheus's own series, not the site's. */
const PROMETHEUS_OWN = new Set(['up']);

/** The series names an expression reads: identifiers followed by a selector, a range or the end of a term. */
function seriesOf(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const names = [...withoutStrings.matchAll(/\b(croupier_[a-z0-9_]+|nodejs_[a-z0-9_]+|process_[a-z0-9_]+|up)\b/g)].map((match) => match[1]);
  return [...new Set(names)];
}

type Panel = { id: number; type: string; title: string; datasource?: { uid: string }; gridPos: { x: number; w: number }; targets?: Array<{ expr: string; refId: string }> };

describe('deploy/grafana/croupier.json', () => {
  const dashboard = JSON.parse(read('deploy/grafana/croupier.json')) as { uid: string; panels: Panel[]; templating: { list: Array<{ name: string; type: string }> } };

  it('is a dashboard whose every panel queries the chosen Prometheus for metrics the site exports', () => {
    expect(dashboard.uid).toBe('croupier-overview');
    expect(dashboard.templating.list.find((variable) => variable.name === 'datasource')?.type).toBe('datasource');
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    const charts = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(charts.length).toBeGreaterThan(15);
    for (const panel of charts) {
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        const series = seriesOf(target.expr);
        expect(series.length, `${panel.title}: ${target.expr}`).toBeGreaterThan(0);
        for (const name of series) expect(exported.has(name), `${panel.title}: ${name} is not exported`).toBe(true);
      }
    }
  });

  it('shows what the issue asks to watch: rate and latency by route and method, settle latency, movements, jobs, streams, pool, caches', () => {
    const used = new Set(dashboard.panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => seriesOf(target.expr))));
    for (const name of [
      'croupier_http_requests_total',
      'croupier_http_request_duration_seconds_bucket',
      'croupier_api_calls_total',
      'croupier_api_call_duration_seconds_bucket',
      'croupier_wallet_settle_duration_seconds_bucket',
      'croupier_ledger_movements_total',
      'croupier_jobs_oldest_due_seconds',
      'croupier_job_failures_total',
      'croupier_live_connections',
      'croupier_db_pool_clients',
      'croupier_cache_requests_total',
      'croupier_withdrawals_oldest_pending_seconds',
      'croupier_ledger_check_problems',
    ]) {
      expect(used.has(name), name).toBe(true);
    }
  });
});

describe('deploy/prometheus/alerts.yaml', () => {
  type Rule = { alert?: string; expr?: string; for?: string; labels?: { severity?: string }; annotations?: { summary?: string; description?: string } };
  const rules = parse(read('deploy/prometheus/alerts.yaml')) as { groups: Array<{ name: string; rules: Rule[] }> };
  const all = rules.groups.flatMap((group) => group.rules);

  it('is a rule file whose alerts each have an expression, a severity and a summary, on exported metrics', () => {
    expect(rules.groups.length).toBeGreaterThan(0);
    const names = all.map((rule) => rule.alert);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of all) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Croupier[A-Za-z0-9]+$/);
      expect(rule.expr, rule.alert).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^[0-9]+[smh]$/);
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      const series = seriesOf(rule.expr!);
      expect(series.length, rule.alert).toBeGreaterThan(0);
      for (const name of series) expect(exported.has(name) || PROMETHEUS_OWN.has(name), `${rule.alert}: ${name} is not exported`).toBe(true);
    }
  });

  it('alerts on job lag, the 5xx rate, a failed ledger check and the withdrawal queue age', () => {
    const on = (metric: string) => all.filter((rule) => rule.expr!.includes(metric)).map((rule) => rule.alert);
    expect(on('croupier_jobs_oldest_due_seconds')).toContain('CroupierJobLag');
    expect(on('status=~"5.."')).toContain('CroupierHigh5xxRate');
    expect(on('croupier_ledger_check_problems')).toContain('CroupierLedgerCheckFailed');
    expect(on('croupier_withdrawals_oldest_pending_seconds')).toContain('CroupierWithdrawalQueueOld');
  });

  it('is the rule file the example scrape configuration loads', () => {
    const config = parse(read('deploy/prometheus/prometheus.yml')) as { rule_files: string[]; scrape_configs: Array<{ job_name: string; metrics_path: string }> };
    expect(config.rule_files).toContain('alerts.yaml');
    // CroupierTargetDown watches up{job="croupier"}: the scrape job must carry that name.
    expect(config.scrape_configs.map((scrape) => scrape.job_name)).toContain('croupier');
  });
});
