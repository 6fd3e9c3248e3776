import { VIRTUAL_SCROLLER_LIMIT } from '../../../contract/constants.ts';

/**
 * The virtual scroller's item limit (spec 2 section 9: 1000): a game list never holds more, so
 * "load more" stops there and the player narrows the hall with its filters instead.
 */
export const listLimited = <T,>(items: T[]): T[] => (items.length > VIRTUAL_SCROLLER_LIMIT ? items.slice(0, VIRTUAL_SCROLLER_LIMIT) : items);

/** Whether another page may be loaded: games remain and the list is under the limit. */
export const canLoadMore = (shown: number, total: number) => shown < Math.min(total, VIRTUAL_SCROLLER_LIMIT);

/** Whether the list stopped at the limit with games left over (the hall then says to use the filters). */
export const reachedListLimit = (shown: number, total: number) => shown >= VIRTUAL_SCROLLER_LIMIT && total > shown;
