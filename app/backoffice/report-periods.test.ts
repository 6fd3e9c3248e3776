import { describe, expect, it } from 'vitest';
import { periodStarts } from './report-periods.ts';

describe('the business report chart’s periods', () => {
  it('lists every day, Monday or first of the month that meets the range, the end excluded', () => {
    expect(periodStarts('2026-11-27', '2026-11-30', 'day')).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    // 2026-11-27 is a Friday: its week starts on Monday the 23rd.
    expect(periodStarts('2026-11-27', '2026-12-08', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(periodStarts('2026-11-27', '2027-01-01', 'month')).toEqual(['2026-11-01', '2026-12-01']);
    expect(periodStarts('2026-11-27', '2026-11-27', 'day')).toEqual([]);
    expect(periodStarts('nonsense', '2026-11-27', 'day')).toEqual([]);
  });
});
