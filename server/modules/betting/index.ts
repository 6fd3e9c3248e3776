/** The sportsbook (docs/betting.md): events, markets and odds from a feed, bets, settlement, cash-out. */
export { createBetting, SETTLE_JOB, type Betting } from './service.ts';
export { bettingRoutes, bettingCommandSchema, runBettingCommand, type BettingCommand } from './routes.ts';
export { seedBetting } from './seed.ts';
export { createDemoFeed, demoFixture, type FeedAdapter, type FeedSink } from './feed.ts';
export { CASH_OUT_MARGIN_PERCENT, type StakeCheck, type ReturnRecorder, type PlaceBetRequest } from './bets.ts';
export { selectionResult, lineText } from './markets.ts';
export { createOddsApiFeed, parseCompetitions, type OddsApiConfig } from './odds-api.ts';
