/** The ledger's accounts: each player's by kind, and the house's by purpose (ledger.ts moves money between them). */
export const PLAYER_KINDS = ['main', 'bonus', 'betting_bonus', 'fun', 'withdrawal_hold'] as const;
export const HOUSE_ACCOUNTS = ['payment_clearing', 'payout_clearing', 'game_house', 'bonus_funding', 'fun_issuer', 'jackpot_pool', 'corrections', 'sportsbook_stakes', 'chargeback_receivable'] as const;
export type PlayerKind = (typeof PLAYER_KINDS)[number];
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

export type AccountRef = { player: number; kind: PlayerKind } | { house: HouseAccount };
export type Leg = { account: AccountRef; amount: bigint };
