/**
 * The ledger module's public face: double-entry money movements (ledger.ts), the accounts they
 * move between (accounts.ts), statements, operator adjustments and the back office's reads.
 */
export { createLedger, IdempotencyConflictError, type Balances, type Ledger, type PreparedTransfer, type TransferInput, type TransferResult } from './ledger.ts';
export { HOUSE_ACCOUNTS, PLAYER_KINDS, type AccountRef, type HouseAccount, type Leg, type PlayerKind } from './accounts.ts';
export { PLAY_ACCOUNTS, realStakesSince } from './reports.ts';
export { accountStatement, accountStatementCsv } from './statement.ts';
export { adjustmentState, applyAdjustment, assertPending, createAdjustment, listAdjustments, lockAdjustment, rejectAdjustment, type AdjustmentRow } from './adjustments.ts';
export { ledgerCheckJob } from './check-job.ts';
