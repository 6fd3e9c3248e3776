import { describe, expect, it } from 'vitest';
import { hitQuery } from './hit.ts';

describe('the tracking hit', () => {
  it('carries the referrer, the track_id, the td_ parameters and the SEON session, nothing else', () => {
    const query = hitQuery({ search: '?track_id=aff-7&td_sub1=x&utm_source=y&page=2' }, 'https://reviews.example/top', 'seon-abc');
    expect(Object.fromEntries(query)).toEqual({ referer: 'https://reviews.example/top', track_id: 'aff-7', td_sub1: 'x', seon_session: 'seon-abc' });
  });

  it('is empty for a direct visit', () => {
    expect(hitQuery({ search: '' }, '', null).toString()).toBe('');
  });
});
