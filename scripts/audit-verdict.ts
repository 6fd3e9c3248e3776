/** What `npm audit --omit=dev --json` says, reduced to the verdict `npm run audit` acts on. */
type Advisory = { severity: 'info' | 'low' | 'moderate' | 'high' | 'critical'; via: Array<string | { title?: string; url?: string }>; range?: string };
export type AuditReport = {
  vulnerabilities?: Record<string, Advisory>;
  metadata?: { vulnerabilities: Record<string, number> };
  message?: string;
};

export type AuditVerdict =
  | { kind: 'clean'; summary: string }
  | { kind: 'blocking'; lines: string[] }
  /** The advisory service answered with an error: no verdict either way. */
  | { kind: 'unavailable'; reason: string };

const BLOCKING = new Set(['high', 'critical']);

export function auditVerdict(report: AuditReport): AuditVerdict {
  if (!report.metadata) return { kind: 'unavailable', reason: report.message ?? 'no report' };
  const blocking = Object.entries(report.vulnerabilities ?? {}).filter(([, advisory]) => BLOCKING.has(advisory.severity));
  if (blocking.length === 0) {
    const summary = Object.entries(report.metadata.vulnerabilities)
      .map(([severity, count]) => `${severity} ${count}`)
      .join(', ');
    return { kind: 'clean', summary };
  }
  return {
    kind: 'blocking',
    lines: blocking.map(([name, advisory]) => {
      const titles = advisory.via.map((via) => (typeof via === 'string' ? `through ${via}` : `${via.title ?? ''} ${via.url ?? ''}`.trim()));
      return `${name} (${advisory.severity}${advisory.range ? `, ${advisory.range}` : ''}): ${titles.join('; ')}`;
    }),
  };
}
