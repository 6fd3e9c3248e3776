import { describe, expect, it } from 'vitest';
import { canLoadMore, listLimited, reachedListLimit } from './list-limit.ts';

describe('the game list limit of 1000', () => {
  it('load more is offered until every game is shown or the list holds 1000', () => {
    expect(canLoadMore(15, 40)).toBe(true);
    expect(canLoadMore(40, 40)).toBe(false);
    expect(canLoadMore(990, 5000)).toBe(true);
    expect(canLoadMore(1000, 5000)).toBe(false);
    expect(reachedListLimit(1000, 5000)).toBe(true);
    expect(reachedListLimit(40, 40)).toBe(false);
  });

  it('a list never holds more than 1000 items', () => {
    expect(listLimited(Array.from({ length: 1010 }, (_, index) => index))).toHaveLength(1000);
    expect(listLimited([1, 2, 3])).toEqual([1, 2, 3]);
  });
});
