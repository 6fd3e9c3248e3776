import { baccarat, blackjack, cascade, coins, dice, GameInputError, hilo, keno, limbo, mines, plinko, roulette, slot, videoPoker } from '../../../games/index.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { STAKE_LIMITS, type Engine } from '../../../contract/studio.ts';
import { AppError } from '../../platform/errors.ts';
import { studioText, type StudioTextKey } from './texts.ts';

/** The engine's bet input for each engine, with bigint minor-unit stakes. */
export type EngineBet = slot.SlotBet | roulette.RouletteInput | blackjack.BlackjackBet | dice.DiceBet | plinko.PlinkoBet | limbo.LimboBet | keno.KenoBet | mines.MinesBet | baccarat.BaccaratBet | hilo.HiloBet | videoPoker.VideoPokerBet | coins.CoinsBet | cascade.CascadeBet;

const GAME_ERROR_TEXT: Record<string, StudioTextKey> = {
  bad_amount: 'badBet',
  bad_bet_type: 'badBetType',
  bad_numbers: 'badBetType',
  bad_target: 'badTarget',
  too_many_bets: 'tooManyBets',
};

/** Where an engine's refusal reads differently from the shared texts. */
const ENGINE_ERROR_TEXT: Partial<Record<Engine, Record<string, StudioTextKey>>> = {
  plinko: { bad_target: 'badRows', bad_bet_type: 'badRisk' },
  limbo: { bad_target: 'badLimboTarget' },
  keno: { bad_numbers: 'badPicks' },
  mines: { bad_mines: 'badMines' },
  baccarat: { bad_bet_type: 'badBaccaratArea' },
};

const refuse = (locale: LocaleCode, field: string, key: StudioTextKey, values: Record<string, string> = {}, message?: string) =>
  new AppError('InvalidParameterException', message ?? studioText('en', key, values), { fields: { [field]: studioText(locale, key, values) } });

/**
 * A stake in major units to minor units, inside the engine's limits and on its step. `field`
 * names the input in the error.
 */
function stake(value: unknown, engine: Engine, currency: CurrencyCode, locale: LocaleCode, field: string, max = STAKE_LIMITS[engine].max): bigint {
  const limits = STAKE_LIMITS[engine];
  const minor = typeof value === 'string' || typeof value === 'number' ? parseMajor(value, currency) : null;
  const [min, top, step] = [limits.min, max, limits.step].map((text) => parseMajor(text, currency)!);
  if (minor === null || minor < min || minor > top || minor % step !== 0n) {
    throw refuse(locale, field, 'badAmount', { min: limits.min, max, step: limits.step });
  }
  return minor;
}

/** Reads games/play's `bet` for an engine; refuses with the field that is wrong. */
export function parseBet(engine: Engine, raw: unknown, currency: CurrencyCode, locale: LocaleCode): EngineBet {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw refuse(locale, 'bet', 'badBet');
  const input = raw as Record<string, unknown>;
  try {
    switch (engine) {
      case 'slot':
        return slot.validateSlotBet({ amount: stake(input.amount, engine, currency, locale, 'amount') });
      case 'coins':
        return coins.validateCoinsBet({ amount: stake(input.amount, engine, currency, locale, 'amount') });
      case 'cascade':
        return cascade.validateCascadeBet({ amount: stake(input.amount, engine, currency, locale, 'amount') });
      case 'blackjack':
        return blackjack.validateBlackjackBet({ amount: stake(input.amount, engine, currency, locale, 'amount') });
      case 'dice':
        return dice.validateDiceBet({ amount: stake(input.amount, engine, currency, locale, 'amount'), target: input.target, direction: input.direction });
      case 'plinko':
        return plinko.validatePlinkoBet({ amount: stake(input.amount, engine, currency, locale, 'amount'), rows: input.rows, risk: input.risk });
      case 'limbo':
        return limbo.validateLimboBet({ amount: stake(input.amount, engine, currency, locale, 'amount'), target: input.target });
      case 'hilo':
        return hilo.validateHiloBet({ amount: stake(input.amount, engine, currency, locale, 'amount') });
      case 'video-poker':
        return videoPoker.validateVideoPokerBet({ amount: stake(input.amount, engine, currency, locale, 'amount') });
      case 'keno':
        return keno.validateKenoBet({ amount: stake(input.amount, engine, currency, locale, 'amount'), picks: input.picks });
      case 'mines':
        return mines.validateMinesBet({ amount: stake(input.amount, engine, currency, locale, 'amount'), mines: input.mines });
      case 'baccarat': {
        if (!Array.isArray(input.bets) || input.bets.length === 0 || input.bets.length > baccarat.SPOTS.length) throw refuse(locale, 'bets', 'badBaccaratArea');
        const bets = input.bets.map((bet, index) => {
          if (!bet || typeof bet !== 'object') throw refuse(locale, `bets.${index}`, 'badBaccaratArea');
          const { on, amount } = bet as Record<string, unknown>;
          return { on, amount: stake(amount, engine, currency, locale, `bets.${index}.amount`) };
        });
        const total = bets.reduce((sum, bet) => sum + bet.amount, 0n);
        if (total > parseMajor(STAKE_LIMITS.baccarat.max, currency)!) throw refuse(locale, 'bets', 'totalTooHigh', { max: STAKE_LIMITS.baccarat.max });
        return baccarat.validateBaccaratBet({ bets });
      }
      case 'roulette': {
        if (!Array.isArray(input.bets) || input.bets.length === 0) throw refuse(locale, 'bets', 'badBet');
        if (input.bets.length > roulette.MAX_BETS_PER_SPIN) throw refuse(locale, 'bets', 'tooManyBets');
        const bets = input.bets.map((bet, index) => {
          if (!bet || typeof bet !== 'object') throw refuse(locale, `bets.${index}`, 'badBet');
          const { type, numbers, index: position, amount } = bet as Record<string, unknown>;
          const one = stake(amount, engine, currency, locale, `bets.${index}.amount`);
          return { type, numbers, index: position, amount: one } as unknown as roulette.RouletteBet;
        });
        const total = bets.reduce((sum, bet) => sum + bet.amount, 0n);
        if (total > parseMajor(STAKE_LIMITS.roulette.max, currency)!) throw refuse(locale, 'bets', 'totalTooHigh', { max: STAKE_LIMITS.roulette.max });
        return roulette.validateRouletteInput({ bets: bets.map((bet) => Object.fromEntries(Object.entries(bet).filter(([, v]) => v !== undefined)) as roulette.RouletteBet) });
      }
    }
  } catch (error) {
    if (error instanceof GameInputError) {
      const field = fieldOf(engine, error.code);
      throw refuse(locale, field, ENGINE_ERROR_TEXT[engine]?.[error.code] ?? GAME_ERROR_TEXT[error.code] ?? 'badBet', {}, error.message);
    }
    throw error;
  }
}

/** The bet's field a refusal of the engine names. */
function fieldOf(engine: Engine, code: string): string {
  if (engine === 'roulette' || engine === 'baccarat') return 'bets';
  if ((engine === 'dice' || engine === 'limbo') && code === 'bad_target') return 'target';
  if (engine === 'plinko' && code === 'bad_target') return 'rows';
  if (engine === 'plinko' && code === 'bad_bet_type') return 'risk';
  if (engine === 'keno' && code === 'bad_numbers') return 'picks';
  if (engine === 'mines' && code === 'bad_mines') return 'mines';
  return 'bet';
}

/** Total staked by a bet when it is placed. */
export function stakeOf(engine: Engine, bet: EngineBet): bigint {
  if (engine === 'roulette' || engine === 'baccarat') return (bet as roulette.RouletteInput | baccarat.BaccaratBet).bets.reduce((sum, one) => sum + one.amount, 0n);
  return (bet as { amount: bigint }).amount;
}

/** JSON for the browser: every bigint (minor units) becomes a major-unit string of the currency. */
export function toWire(value: unknown, currency: CurrencyCode): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? formatMinor(v, currency) : v))) as Record<string, unknown>;
}

/** JSON for the database: bigints as minor-unit strings (canonicalJson's form). */
export function toStored(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** A stored bet back to the engine's input. */
export function reviveBet(engine: Engine, stored: Record<string, unknown>): EngineBet {
  if (engine === 'roulette' || engine === 'baccarat') {
    const bets = (stored.bets as Array<Record<string, unknown>>).map((bet) => ({ ...bet, amount: BigInt(bet.amount as string) }));
    return { bets } as unknown as roulette.RouletteInput;
  }
  return { ...stored, amount: BigInt(stored.amount as string) } as EngineBet;
}

/** A stored blackjack state back to the engine's state (its money fields are bigints). */
export function reviveBlackjack(stored: Record<string, unknown>): blackjack.BlackjackState {
  const state = structuredClone(stored) as unknown as blackjack.BlackjackState & Record<string, unknown>;
  const big = (value: unknown) => BigInt(value as string);
  state.bet = big(state.bet);
  state.staked = big(state.staked);
  state.win = big(state.win);
  for (const hand of state.hands) hand.stake = big(hand.stake);
  if (state.settlement) for (const hand of state.settlement.hands) hand.win = big(hand.win);
  return state;
}
