/** The jackpots module: progressive pools fed by real-money bets, their winners, and the wins leaderboard (docs/jackpots.md). */
export {
  BIG_WIN_MAJOR,
  BIG_WIN_MULTIPLIER,
  createJackpots,
  cryptoDraw,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SORTS,
  WINNER_TYPES,
  type Draw,
  type JackpotPlan,
  type JackpotView,
  type Jackpots,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardSort,
  type WinnerType,
  type WinnerView,
} from './service.ts';
export { type JackpotsAdmin } from './admin.ts';
