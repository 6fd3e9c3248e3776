import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit-verdict.ts';

const metadata = (counts: Record<string, number>) => ({ vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } });

describe('the production dependency audit', () => {
  it('passes a report with only low and moderate advisories', () => {
    const verdict = auditVerdict({ vulnerabilities: { a: { severity: 'moderate', via: ['b'] } }, metadata: metadata({ moderate: 1 }) });
    expect(verdict).toMatchObject({ kind: 'clean' });
  });

  it('fails on a high or critical advisory, naming the package and the advisory', () => {
    const verdict = auditVerdict({
      vulnerabilities: {
        lodash: { severity: 'critical', range: '<4.17.21', via: [{ title: 'Prototype Pollution', url: 'https://example.test/GHSA-1' }] },
        wrapper: { severity: 'high', via: ['lodash'] },
        fine: { severity: 'low', via: ['x'] },
      },
      metadata: metadata({ critical: 1, high: 1, low: 1 }),
    });
    expect(verdict).toEqual({
      kind: 'blocking',
      lines: ['lodash (critical, <4.17.21): Prototype Pollution https://example.test/GHSA-1', 'wrapper (high): through lodash'],
    });
  });

  it('gives no verdict when the advisory service answered with an error', () => {
    expect(auditVerdict({ message: '405 Method Not Allowed' })).toEqual({ kind: 'unavailable', reason: '405 Method Not Allowed' });
  });
});
