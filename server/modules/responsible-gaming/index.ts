/**
 * The responsible-gaming module (docs/responsible-gaming.md): loss, wager and session-time
 * limits, reality checks, time-outs and self-exclusion. The money path's checks are exported for
 * the wallet and the sportsbook, which call them inside their own transactions.
 */
export {
  assertStakeWithinLimits,
  checkStake,
  recordSettledReturn,
  recordStake,
  refusalError,
  refusalMessage,
  refusalView,
  type StakeInput,
} from './money-path.ts';
export { createResponsibleGaming, periodStart, type PlayReader, type ResponsibleGaming } from './service.ts';
export { createRgOperatorDesk, type ExclusionRow, type NearLimitRow } from './operator.ts';
export { excludedPlayerIds, selfExcludedAmong } from './excluded.ts';
