/** The wallet module: game sessions, fun money, and the seamless wallet game providers call. */
export {
  createWallet,
  FUN_BALANCE,
  FUN_REFILL_BELOW,
  GAME_SESSION_SECONDS,
  WALLET_ENDPOINTS,
  type RealBet,
  type RealBetPlan,
  type Wallet,
  type WalletAnswer,
  type WalletEndpoint,
} from './service.ts';
export { WALLET_STATUSES, type WalletStatus } from './statuses.ts';
export { walletRoutes } from './routes.ts';
export { createWinsReader, type PaidWin, type WinsReader } from './wins.ts';
export { recentPlayersByGame } from './recent-players.ts';
export { roundSumsByGame, type GameRoundSums } from './round-returns.ts';
