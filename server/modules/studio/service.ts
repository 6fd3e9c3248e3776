import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { baccarat, blackjack, cascade, coins, dice, hilo, keno, limbo, mines, plinko, roulette, slot, videoPoker } from '../../../games/index.ts';
import { createRoundRng, verifyServerSeed } from '../../../games/fairness/rng.ts';
import { canonicalJson, replay } from '../../../games/verify.ts';
import type { GameSysname } from '../../../games/index.ts';
import { DEFAULT_JURISDICTION, GAME_PACE, type GamePace } from '../../../contract/jurisdiction.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, parseMajor, DEFAULT_CURRENCY, type CurrencyCode } from '../../../contract/money.ts';
import {
  ENGINE_GAMES,
  STAKE_LIMITS,
  type ActionName,
  type BlackjackActionName,
  type Engine,
  type FairnessInfo,
  type FreeSpinsOffer,
  type FairnessState,
  type GameMode,
  type LaunchResult,
  type RevealedSeed,
  type RotateResult,
  type RoundView,
  type VerifyResult,
} from '../../../contract/studio.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ErrorType } from '../../../contract/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { announceOutboxCommitted, writeOutboxEvent } from '../../platform/events/outbox.ts';
import type { Logger } from '../../platform/logger.ts';
import { gameRounds, gameSessions, walletTransactions } from '../../db/schema.ts';
import { freeSpinPackOwner, nextFreeSpinPack, takeFreeSpin, type Catalogue, type FreeSpinPack, type FreeSpinRefusal } from '../catalogue/index.ts';
import { createLedger, type Ledger } from '../ledger/index.ts';
import { checkStake, refusalError } from '../responsible-gaming/index.ts';
import { completeFreeSpins, lockFreeSpinsBonus } from '../promotions/index.ts';
import type { Wallet, WalletAnswer } from '../wallet/index.ts';
import { parseBet, reviveBet, reviveBlackjack, stakeOf, toStored, toWire, type EngineBet } from './bets.ts';
import { hiloMove, reviveHilo } from './hilo-round.ts';
import { minesMove, reviveMines, STEPPED_ENGINES } from './mines.ts';
import { reviveVideoPoker, videoPokerMove } from './video-poker-round.ts';
import { assertSpinPace } from './pace.ts';
import { createSeeds, ownerOf, SeedPairBusyError, CLIENT_SEED_PATTERN, type Owner, type SeedRow } from './seeds.ts';
import { studioText, type StudioTextKey } from './texts.ts';

type RoundRow = typeof gameRounds.$inferSelect;
type SessionRow = typeof gameSessions.$inferSelect;
/** Who is asking: the API's viewer. */
export type StudioViewer = { visitorId: string; userId: number | null };


/** The slots: a spin keeps the pace of the site's licence (pace.ts), whichever of them it is. */
const SPIN_PACED_ENGINES: ReadonlySet<Engine> = new Set(['slot', 'coins', 'cascade']);

/** A round still `pending` this long after it started lost its process mid-flight: recover() finishes it. */
export const PENDING_GRACE_SECONDS = 60;

/** How each refusal of a free spin reads (`played` never reaches the player: the spin's round is answered again). */
const FREE_SPIN_REFUSALS: Record<Exclude<FreeSpinRefusal, 'played'>, { key: StudioTextKey; type: ErrorType; status: number; code: string }> = {
  unknown: { key: 'freeSpinsUnknown', type: 'InvalidParameterException', status: 404, code: 'UNKNOWN' },
  none_left: { key: 'freeSpinsNoneLeft', type: 'InvalidRequestException', status: 409, code: 'NONE_LEFT' },
  expired: { key: 'freeSpinsExpired', type: 'InvalidRequestException', status: 409, code: 'EXPIRED' },
  not_active: { key: 'freeSpinsEnded', type: 'InvalidRequestException', status: 409, code: 'ENDED' },
  wrong_game: { key: 'freeSpinsWrongGame', type: 'InvalidParameterException', status: 422, code: 'WRONG_GAME' },
  out_of_turn: { key: 'freeSpinsOutOfTurn', type: 'InvalidRequestException', status: 409, code: 'OUT_OF_TURN' },
};

/** Thrown inside a free spin's transaction to roll it back (the nonce included) before it is refused. */
class FreeSpinRefused extends Error {
  readonly reason: FreeSpinRefusal;
  constructor(reason: FreeSpinRefusal) {
    super(`free spin refused: ${reason}`);
    this.reason = reason;
  }
}

/**
 * The studio: the platform's own game server. It plays rounds on the engines of games/ with the
 * player's provably fair seeds, and moves money only through the seamless wallet, as any
 * provider would: a bet `<round>:bet` (blackjack's doubles and splits `<round>:bet:<n>:<attempt>`), then a
 * win `<round>:win` for what the round paid (0 for a loss, so every round is closed).
 */
export function createStudio(deps: {
  db: Db;
  wallet: Wallet;
  catalogue: Catalogue;
  logger: Logger;
  ledger?: Ledger;
  /** Before a player's seed rotation: their game history reads the primary for a moment (read-routing.ts). */
  playerWrites?: (userId: number) => void;
  /** The slots' pace under the site's licence (contract/jurisdiction.ts); none when not given. */
  pace?: GamePace;
}) {
  const { db, wallet, catalogue, logger } = deps;
  // Free spins' wins are paid through the ledger directly (no stake, so no wallet round). Account
  // ids are all a ledger keeps, so a ledger of its own is only a second cache when none is given.
  const ledger = deps.ledger ?? createLedger(db);
  const seeds = createSeeds(db);
  const pace: GamePace = deps.pace ?? GAME_PACE[DEFAULT_JURISDICTION];
  /** Blackjack actions on one round run one after another in this process (the version check covers other processes). */
  const roundQueues = new Map<string, Promise<unknown>>();

  const currencyOf = (session: { currency: string }): CurrencyCode => (isCurrency(session.currency) ? session.currency : DEFAULT_CURRENCY);
  const money = (minor: bigint | number, session: { currency: string }) => formatMinor(BigInt(minor), currencyOf(session));

  async function ownerFor(viewer: StudioViewer): Promise<Owner> {
    return viewer.userId !== null ? { userId: viewer.userId, guestId: null } : { userId: null, guestId: await wallet.guestIdOf(viewer.visitorId) };
  }

  /** The session a token names, when it belongs to the caller. */
  async function sessionFor(token: string, viewer: StudioViewer, locale: LocaleCode): Promise<SessionRow> {
    const session = await wallet.sessionByToken(token);
    const mine =
      !!session &&
      (session.userId !== null ? session.userId === viewer.userId : session.guestId === (await wallet.guestIdOf(viewer.visitorId)));
    if (!session || !mine) throw new AppError('AccessDeniedException', studioText('en', 'sessionUnknown'), { fields: { token: studioText(locale, 'sessionUnknown') } });
    if (session.expiresAt <= new Date()) {
      throw new AppError('AccessDeniedException', studioText('en', 'sessionExpired'), { fields: { token: studioText(locale, 'sessionExpired') }, details: { expired: true } });
    }
    return session;
  }

  async function engineOf(game: string, locale: LocaleCode): Promise<Engine> {
    const found = await catalogue.requireGame(game, locale);
    if (!found.engine) throw new AppError('InvalidParameterException', studioText('en', 'notStudioGame'), { fields: { sysname: studioText(locale, 'notStudioGame') } });
    return found.engine;
  }

  const fairnessOf = (seed: SeedRow): FairnessState => ({ server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce });
  const revealedOf = (seed: SeedRow): RevealedSeed => ({
    server_seed: seed.serverSeed,
    server_seed_hash: seed.serverSeedHash,
    client_seed: seed.clientSeed,
    rounds: seed.nonce,
    revealed_at: (seed.revealedAt ?? seed.createdAt).toISOString(),
  });

  /** What the player may see of a round's state: blackjack's hole card and shoe stay hidden while it is open. */
  function publicOutcome(round: RoundRow): Record<string, unknown> {
    if (!round.state) return {};
    if (round.engine === 'mines') return toStored(mines.publicView(reviveMines(round.state as Record<string, unknown>))) as Record<string, unknown>;
    // Nothing of a video poker deal is hidden (the deck is never stored); the view adds what the deal already makes.
    if (round.engine === 'video-poker') return toStored(videoPoker.publicView(reviveVideoPoker(round.state as Record<string, unknown>))) as Record<string, unknown>;
    if (round.engine !== 'blackjack') return round.state as Record<string, unknown>;
    return toStored(blackjack.publicView(reviveBlackjack(round.state as Record<string, unknown>))) as Record<string, unknown>;
  }

  async function view(round: RoundRow, balance: bigint | number): Promise<RoundView> {
    const seed = (await seeds.byId(round.seedId))!;
    const currency = currencyOf(round);
    const outcome = publicOutcome(round);
    return {
      round_id: round.roundId,
      game: round.game,
      engine: round.engine,
      mode: round.mode,
      status: round.status === 'open' ? 'open' : 'settled',
      currency,
      staked: money(round.staked, round),
      win: money(round.win, round),
      balance: money(balance, round),
      nonce: round.nonce,
      client_seed: seed.clientSeed,
      server_seed_hash: seed.serverSeedHash,
      // Stored outcomes keep minor-unit strings; the browser reads major units.
      outcome: toWire(reviveMoney(outcome), currency),
      created_at: round.createdAt.toISOString(),
    };
  }

  // --- wallet calls -------------------------------------------------------------------------------

  const walletCall = (endpoint: 'bet' | 'win' | 'rollback' | 'balance', session: SessionRow, token: string, body: Record<string, unknown>) =>
    wallet.handle(endpoint, { provider: session.provider, request_uuid: randomUUID(), user: token, game: session.game, currency: session.currency, ...body });

  function refusal(answer: WalletAnswer, session: SessionRow, locale: LocaleCode): AppError {
    if (answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY') {
      const key = session.mode === 'real' ? 'notEnoughMoney' : 'notEnoughFun';
      return new AppError(session.mode === 'real' ? 'UserNeedDepositException' : 'InvalidParameterException', studioText('en', key), {
        fields: { amount: studioText(locale, key) },
        details: { balance: answer.balance === undefined ? undefined : money(answer.balance, session) },
      });
    }
    if (answer.status === 'RS_ERROR_BET_LIMIT_EXCEEDED') {
      const max = /largest bet is ([0-9]+)/.exec(answer.message ?? '')?.[1];
      const shown = max ? `${money(Number(max), session)} ${session.currency}` : '';
      return new AppError('InvalidParameterException', studioText('en', 'bonusMaxBet', { max: shown }), {
        fields: { amount: studioText(locale, 'bonusMaxBet', { max: shown }) },
        details: { max_bet: max ? money(Number(max), session) : undefined },
      });
    }
    if (answer.status === 'RS_ERROR_TOKEN_EXPIRED') {
      return new AppError('AccessDeniedException', studioText('en', 'sessionExpired'), { fields: { token: studioText(locale, 'sessionExpired') }, details: { expired: true } });
    }
    if (answer.status === 'RS_ERROR_USER_DISABLED') return new AppError('UserBannedException', answer.message ?? 'The player may not bet');
    if (answer.status === 'RS_ERROR_LIMIT_REACHED') {
      return new AppError('GamingLimitExceededException', answer.message ?? 'A responsible-gaming limit refused this bet', { fields: { amount: answer.message ?? '' } });
    }
    return new AppError('InvalidRequestException', studioText('en', 'rejected', { reason: answer.message ?? answer.status }), {
      fields: { bet: studioText(locale, 'rejected', { reason: answer.message ?? answer.status }) },
    });
  }

  /**
   * A bet the wallet refused; a responsible-gaming refusal is told in the player's language with
   * the limit as it stands (the wallet's own message is English, for providers' logs).
   */
  async function betRefusal(answer: WalletAnswer, session: SessionRow, amount: bigint, locale: LocaleCode): Promise<AppError> {
    if (answer.status === 'RS_ERROR_LIMIT_REACHED' && session.userId !== null) {
      const { refusal: limit } = await checkStake(db, { userId: session.userId, amount, currency: session.currency, sessionStartedAt: session.createdAt });
      if (limit) return refusalError(limit, session.currency, locale);
    }
    return refusal(answer, session, locale);
  }

  /** A round dealt that waits for the player's moves: `open` with its full state (kept server side). */
  async function keepOpen(round: RoundRow, state: unknown): Promise<RoundRow> {
    const [open] = await db
      .update(gameRounds)
      .set({ status: 'open', state: toStored(state), version: round.version + 1 })
      .where(eq(gameRounds.id, round.id))
      .returning();
    return open;
  }

  /** Pays a round (its win may be 0) and marks it settled. Answers the balance after. */
  async function settle(round: RoundRow, session: SessionRow, token: string, state: unknown, win: bigint): Promise<{ round: RoundRow; balance: number }> {
    const answer = await walletCall('win', session, token, {
      transaction_uuid: `${round.roundId}:win`,
      reference_transaction_uuid: `${round.roundId}:bet`,
      round_id: round.roundId,
      amount: win.toString(),
      round_closed: true,
    });
    if (answer.status !== 'RS_OK') throw new Error(`studio win refused: ${answer.status} ${answer.message ?? ''}`);
    const [settled] = await db
      .update(gameRounds)
      .set({ status: 'settled', state: toStored(state), win, settledAt: new Date(), version: round.version + 1 })
      .where(eq(gameRounds.id, round.id))
      .returning();
    return { round: settled, balance: answer.balance ?? 0 };
  }

  // --- the API's calls ------------------------------------------------------------------------------

  async function launch(viewer: StudioViewer, input: { sysname: string; mode: GameMode }, locale: LocaleCode): Promise<LaunchResult> {
    const engine = await engineOf(input.sysname, locale);
    const game = await catalogue.requireGame(input.sysname, locale);
    const opened = await wallet.openSession(
      { game: input.sysname, mode: input.mode, userId: viewer.userId, visitorId: viewer.visitorId, minBet: parseMajor(STAKE_LIMITS[engine].min, 'EUR')! },
      locale,
    );
    const session = (await wallet.sessionByToken(opened.token))!;
    const owner = ownerOf(session);
    const seed = await seeds.active(owner);
    let openRound: RoundView | null = null;
    if (STEPPED_ENGINES.has(engine)) {
      const [row] = await db
        .select()
        .from(gameRounds)
        .where(and(ownerRounds(owner), eq(gameRounds.game, input.sysname), eq(gameRounds.mode, input.mode), eq(gameRounds.status, 'open')))
        .orderBy(desc(gameRounds.id))
        .limit(1);
      if (row) openRound = await view(row, opened.balance);
    }
    const name = game.description[locale]?.name ?? game.name;
    const pack = engine === 'slot' && input.mode === 'real' && viewer.userId !== null
      ? await nextFreeSpinPack(db, { userId: viewer.userId, game: input.sysname, currency: opened.currency, now: new Date() })
      : null;
    return {
      token: opened.token,
      sysname: game.sysname,
      name,
      provider: game.provider,
      engine,
      mode: input.mode,
      currency: opened.currency,
      balance: money(opened.balance, opened),
      limits: STAKE_LIMITS[engine],
      fairness: fairnessOf(seed),
      open_round: openRound,
      free_spins: pack ? offerOf(pack, locale) : null,
      pace,
    };
  }

  const ownerRounds = (owner: Owner) => (owner.userId !== null ? eq(gameRounds.userId, owner.userId) : eq(gameRounds.guestId, owner.guestId));

  /** One round: records it with the next nonce, takes the stake, plays the engine, pays. */
  async function play(viewer: StudioViewer, input: { token: string; bet: unknown }, locale: LocaleCode): Promise<RoundView> {
    const session = await sessionFor(input.token, viewer, locale);
    const engine = await engineOf(session.game, locale);
    const currency = currencyOf(session);
    const bet = parseBet(engine, input.bet, currency, locale);
    const staked = stakeOf(engine, bet);
    const owner = ownerOf(session);

    if (session.mode === 'demo') await wallet.refillFun(owner.userId ?? -owner.guestId!, currency, staked);

    const roundId = randomUUID();
    const { seed, nonce, recorded: round } = await seeds.withNextNonce(owner, async (tx, pair, taken) => {
      if (SPIN_PACED_ENGINES.has(engine)) await assertSpinPace(tx, { pace, seedId: pair.id, nonce: taken, game: session.game, locale });
      // One blackjack hand (or Hi-Lo round) at a time per game and mode. Checked under the seed pair's row lock,
      // which every round of this owner takes: two deals sent at once (two tabs, a double
      // click, two processes) cannot both find no hand and open two.
      if (STEPPED_ENGINES.has(engine)) {
        const [open] = await tx
          .select({ id: gameRounds.id })
          .from(gameRounds)
          .where(and(ownerRounds(owner), eq(gameRounds.game, session.game), eq(gameRounds.mode, session.mode), inArray(gameRounds.status, ['open', 'pending'])))
          .limit(1);
        if (open) {
          const key = engine === 'hilo' ? 'hiloOpen' : 'handOpen';
          throw new AppError('InvalidRequestException', studioText('en', key), { status: 409, fields: { bet: studioText(locale, key) } });
        }
      }
      const [row] = await tx
        .insert(gameRounds)
        .values({
          roundId,
          sessionId: session.id,
          userId: owner.userId,
          guestId: owner.guestId,
          game: session.game,
          engine,
          mode: session.mode,
          currency,
          seedId: pair.id,
          nonce: taken,
          bet: toStored(bet) as Record<string, unknown>,
          staked,
          status: 'pending',
        })
        .returning();
      return row;
    });

    const placed = await walletCall('bet', session, input.token, { transaction_uuid: `${roundId}:bet`, round_id: roundId, amount: staked.toString() });
    if (placed.status !== 'RS_OK') {
      await db.update(gameRounds).set({ status: 'void', settledAt: new Date() }).where(eq(gameRounds.id, round.id));
      throw await betRefusal(placed, session, staked, locale);
    }

    const rng = createRoundRng({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce });
    if (engine === 'blackjack') {
      const state = blackjack.deal(bet as blackjack.BlackjackBet, rng);
      if (state.phase === 'settled') {
        const done = await settle(round, session, input.token, state, state.win);
        return view(done.round, done.balance);
      }
      return view(await keepOpen(round, state), placed.balance ?? 0);
    }
    // Mines, Hi-Lo and video poker: the board is laid (the first card shown, the five cards dealt)
    // now, from the seeds; the round waits for the player's moves and keeps its state server side until it ends.
    if (engine === 'mines' || engine === 'hilo' || engine === 'video-poker') return view(await keepOpen(round, openingState(engine, bet, rng)), placed.balance ?? 0);
    const outcome = playEngine(engine, bet, rng);
    const done = await settle(round, session, input.token, outcome, outcome.win);
    return view(done.round, done.balance);
  }

  /** The state a stepped round opens on: the mines laid, Hi-Lo's first card shown, or the five cards of a video poker deal. */
  function openingState(engine: 'mines' | 'hilo' | 'video-poker', bet: EngineBet, rng: ReturnType<typeof createRoundRng>): mines.MinesState | hilo.HiloState | videoPoker.VideoPokerState {
    if (engine === 'video-poker') return videoPoker.deal(bet as videoPoker.VideoPokerBet, rng);
    return engine === 'mines' ? mines.deal(bet as mines.MinesBet, rng) : hilo.start(bet as hilo.HiloBet, rng);
  }

  function playEngine(engine: Exclude<Engine, 'blackjack' | 'mines' | 'hilo' | 'video-poker'>, bet: EngineBet, rng: ReturnType<typeof createRoundRng>) {
    switch (engine) {
      case 'slot':
        return slot.play(bet as slot.SlotBet, rng);
      case 'coins':
        return coins.play(bet as coins.CoinsBet, rng);
      case 'cascade':
        return cascade.play(bet as cascade.CascadeBet, rng);
      case 'roulette':
        return roulette.play(bet as roulette.RouletteInput, rng);
      case 'dice':
        return dice.play(bet as dice.DiceBet, rng);
      case 'plinko':
        return plinko.play(bet as plinko.PlinkoBet, rng);
      case 'keno':
        return keno.play(bet as keno.KenoBet, rng);
      case 'baccarat':
        return baccarat.play(bet as baccarat.BaccaratBet, rng);
      case 'limbo':
        return limbo.play(bet as limbo.LimboBet, rng);
    }
  }

  /** A blackjack action on an open hand (doubles and splits take their extra stake first), a Mines or a Hi-Lo move, a video poker draw. */
  function act(viewer: StudioViewer, input: ActInput, locale: LocaleCode): Promise<RoundView> {
    const previous = roundQueues.get(input.round_id) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => actNow(viewer, input, locale));
    roundQueues.set(input.round_id, next);
    void next.finally(() => {
      if (roundQueues.get(input.round_id) === next) roundQueues.delete(input.round_id);
    }).catch(() => {});
    return next;
  }

  async function actNow(viewer: StudioViewer, input: ActInput, locale: LocaleCode): Promise<RoundView> {
    const session = await sessionFor(input.token, viewer, locale);
    const owner = ownerOf(session);
    const [round] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.roundId, input.round_id), ownerRounds(owner), eq(gameRounds.mode, session.mode)));
    if (!round || !STEPPED_ENGINES.has(round.engine)) throw new AppError('InvalidParameterException', studioText('en', 'roundUnknown'), { status: 404, fields: { round_id: studioText(locale, 'roundUnknown') } });
    if (round.status !== 'open') {
      const over = round.engine === 'hilo' ? 'hiloOver' : 'roundOver';
      throw new AppError('InvalidRequestException', studioText('en', over), { status: 409, fields: { round_id: studioText(locale, over) } });
    }
    if (round.engine !== 'blackjack') return actStepped(round, session, input, locale);
    const seed = (await seeds.byId(round.seedId))!;
    const state = reviveBlackjack(round.state as Record<string, unknown>);
    let next: blackjack.BlackjackState;
    try {
      next = blackjack.act(state, input.action as BlackjackActionName, createRoundRng({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: round.nonce }));
    } catch (error) {
      if (error instanceof Error && error.name === 'GameInputError') {
        throw new AppError('InvalidParameterException', error.message, { fields: { action: studioText(locale, 'illegalAction') } });
      }
      throw error;
    }
    const actions = [...(round.actions as BlackjackActionName[]), input.action as BlackjackActionName];
    const extra = next.staked - state.staked;
    let balance: number | undefined;
    let extraId: string | null = null;
    if (extra > 0n) {
      // The round's second, third ... stake: doubles and splits. The attempt suffix keeps two
      // processes racing on this hand from sharing one transaction id: with a shared id the
      // wallet would take the stake once and the loser's rollback would refund the winner's.
      const stakeNumber = actions.filter((a) => a === 'double' || a === 'split').length + 1;
      extraId = `${round.roundId}:bet:${stakeNumber}:${randomBytes(6).toString('hex')}`;
      const placed = await walletCall('bet', session, input.token, { transaction_uuid: extraId, round_id: round.roundId, amount: extra.toString() });
      if (placed.status !== 'RS_OK') throw await betRefusal(placed, session, extra, locale);
      balance = placed.balance;
    }
    const [saved] = await db
      .update(gameRounds)
      .set({ actions, state: toStored(next), staked: next.staked, version: round.version + 1 })
      .where(and(eq(gameRounds.id, round.id), eq(gameRounds.version, round.version)))
      .returning();
    if (!saved) {
      // Another process moved this hand on first: give this action's stake back and say so.
      if (extraId) {
        await walletCall('rollback', session, input.token, { transaction_uuid: `${extraId}:rollback`, reference_transaction_uuid: extraId, round_id: round.roundId });
      }
      throw new AppError('InvalidRequestException', studioText('en', 'roundBusy'), { status: 409, fields: { round_id: studioText(locale, 'roundBusy') } });
    }
    if (next.phase === 'settled') {
      const done = await settle(saved, session, input.token, next, next.win);
      return view(done.round, done.balance);
    }
    if (balance === undefined) balance = (await walletCall('balance', session, input.token, {})).balance ?? 0;
    return view(saved, balance);
  }

  /**
   * A Mines move (a tile revealed, the cash-out), a Hi-Lo one (a guess, a skip, the cash-out) or
   * a video poker draw. No stake moves (it was taken at the deal); the move is saved under the
   * round's version (a second move sent at once loses with 409), and a round that ends (a mine, a
   * wrong guess, a cash-out, the last safe tile, Hi-Lo's top multiplier, the draw) is paid through the wallet.
   */
  async function actStepped(round: RoundRow, session: SessionRow, input: ActInput, locale: LocaleCode): Promise<RoundView> {
    let action: string;
    let next: mines.MinesState | hilo.HiloState | videoPoker.VideoPokerState;
    let over: boolean;
    if (round.engine === 'mines') {
      const move = minesMove(reviveMines(round.state as Record<string, unknown>), input, locale);
      ({ action, next } = move);
      over = move.next.phase === 'settled';
    } else if (round.engine === 'video-poker') {
      // The draw replays the deck from the round's seeds: the cards it brings were fixed at the deal.
      const seed = (await seeds.byId(round.seedId))!;
      const rng = createRoundRng({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: round.nonce });
      ({ action, next } = videoPokerMove(reviveVideoPoker(round.state as Record<string, unknown>), input, rng, locale));
      over = true;
    } else {
      // Hi-Lo draws its next card only now: the round's stream is rebuilt from its seeds.
      const seed = (await seeds.byId(round.seedId))!;
      const rng = createRoundRng({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: round.nonce });
      const moved = hiloMove(reviveHilo(round.state as Record<string, unknown>), input.action, rng, locale);
      ({ action, next } = { action: input.action, next: moved });
      over = moved.phase !== 'playing';
    }
    const [saved] = await db
      .update(gameRounds)
      .set({ actions: [...(round.actions as string[]), action], state: toStored(next), version: round.version + 1 })
      .where(and(eq(gameRounds.id, round.id), eq(gameRounds.version, round.version), eq(gameRounds.status, 'open')))
      .returning();
    if (!saved) {
      const busy = round.engine === 'hilo' ? 'hiloBusy' : 'roundBusy';
      throw new AppError('InvalidRequestException', studioText('en', busy), { status: 409, fields: { round_id: studioText(locale, busy) } });
    }
    if (over) {
      const done = await settle(saved, session, input.token, next, next.win);
      return view(done.round, done.balance);
    }
    return view(saved, (await walletCall('balance', session, input.token, {})).balance ?? 0);
  }

  // --- free spins ------------------------------------------------------------------------------------

  function offerOf(pack: FreeSpinPack, locale: LocaleCode): FreeSpinsOffer {
    const titles = (pack.description ?? {}) as Record<string, { title?: string } | undefined>;
    return {
      pack_id: pack.id,
      remaining: pack.remainingCount,
      total: pack.totalCount,
      next_spin: pack.totalCount - pack.remainingCount + 1,
      stake: money(pack.betAmount, pack),
      currency: pack.currency,
      expires_at: pack.expiresAt?.toISOString() ?? null,
      title: titles[locale]?.title || titles.en?.title || null,
    };
  }

  const nextOffer = async (session: SessionRow, userId: number, locale: LocaleCode) => {
    const pack = await nextFreeSpinPack(db, { userId, game: session.game, currency: session.currency, now: new Date() });
    return pack ? offerOf(pack, locale) : null;
  };

  const freeSpinError = (locale: LocaleCode, refusal: { key: StudioTextKey; type: ErrorType; status: number; code: string }, next?: FreeSpinsOffer | null) =>
    new AppError(refusal.type, studioText('en', refusal.key), {
      status: refusal.status,
      fields: { pack_id: studioText(locale, refusal.key) },
      details: { code: refusal.code, ...(next === undefined ? {} : { free_spins: next }) },
    });

  /** A free spin's round as the player sees it, with the pack to play next. */
  async function freeSpinView(round: RoundRow, balance: bigint, session: SessionRow, userId: number, locale: LocaleCode): Promise<RoundView> {
    return {
      ...(await view(round, balance)),
      free_spin: { pack_id: round.freeSpinPackId!, number: round.freeSpinNumber! },
      free_spins: await nextOffer(session, userId, locale),
    };
  }

  /** A spin already played, answered again as it was (a repeated request), with today's balance. */
  async function playedFreeSpin(packId: number, spin: number, session: SessionRow, userId: number, locale: LocaleCode): Promise<RoundView | null> {
    const [round] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.freeSpinPackId, packId), eq(gameRounds.freeSpinNumber, spin), eq(gameRounds.userId, userId)));
    if (!round) return null;
    const balances = await ledger.balances(userId, session.currency);
    return freeSpinView(round, balances.main + balances.bonus, session, userId, locale);
  }

  /**
   * One spin of a free-spin pack (docs/studio.md, "Free-spin packs"): in one transaction, the
   * next nonce of the player's seed pair, the pack's spin (under its row lock, after its bonus's),
   * the round played at the pack's stake with nothing staked, and its win paid from the house's
   * bonus funding to the main balance under `freespin:<pack>:<spin>` with its outbox event.
   * `spin`, the number the client means to play, makes a repeated request answer the spin it
   * already played instead of taking another.
   */
  async function playFreeSpin(viewer: StudioViewer, input: { token: string; pack_id: number; spin?: number }, locale: LocaleCode): Promise<RoundView> {
    const session = await sessionFor(input.token, viewer, locale);
    if (session.mode !== 'real' || session.userId === null) {
      throw freeSpinError(locale, { key: 'freeSpinsRealOnly', type: 'InvalidRequestException', status: 409, code: 'REAL_ONLY' });
    }
    const userId = session.userId;
    const engine = await engineOf(session.game, locale);
    const currency = currencyOf(session);
    const owned = await freeSpinPackOwner(db, input.pack_id);
    if (!owned || owned.userId !== userId) throw freeSpinError(locale, FREE_SPIN_REFUSALS.unknown);
    if (input.spin !== undefined) {
      const played = await playedFreeSpin(input.pack_id, input.spin, session, userId, locale);
      if (played) return played;
    }
    const now = new Date();
    let win = 0n;
    try {
      const { recorded } = await seeds.withNextNonce(ownerOf(session), async (tx, pair, nonce) => {
        await assertSpinPace(tx, { pace, seedId: pair.id, nonce, game: session.game, locale });
        if (owned.bonusId !== null) await lockFreeSpinsBonus(tx, owned.bonusId);
        const taken = await takeFreeSpin(tx, { packId: input.pack_id, userId, game: session.game, currency, spin: input.spin, now });
        if (!taken.ok) throw new FreeSpinRefused(taken.reason);
        const { pack, number } = taken;
        const bet = freeSpinBet(engine, pack, locale);
        const outcome = slot.play(bet, createRoundRng({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce }));
        win = outcome.win;
        const roundId = randomUUID();
        const [round] = await tx
          .insert(gameRounds)
          .values({
            roundId,
            sessionId: session.id,
            userId,
            game: session.game,
            engine,
            mode: 'real',
            currency,
            seedId: pair.id,
            nonce,
            bet: toStored(bet) as Record<string, unknown>,
            staked: 0n,
            win: outcome.win,
            state: toStored(outcome),
            status: 'settled',
            settledAt: now,
            freeSpinPackId: pack.id,
            freeSpinNumber: number,
          })
          .returning();
        if (outcome.win > 0n) {
          const key = `freespin:${pack.id}:${number}`;
          const moved = await ledger.transfer(
            {
              key,
              kind: 'free_spin_win',
              currency,
              legs: [
                { account: { house: 'bonus_funding' }, amount: -outcome.win },
                { account: { player: userId, kind: 'main' }, amount: outcome.win },
              ],
              metadata: { pack: pack.id, spin: number, bonus: pack.bonusId, round: roundId, game: session.game },
            },
            tx,
          );
          // The wallet's event for a win, so live balances (and whatever counts wins) hear of it;
          // without a `bet` it scores in no tournament: nothing was staked.
          await writeOutboxEvent(tx, {
            type: 'game.win',
            userId,
            payload: {
              transactionId: moved.transactionId,
              currency,
              amount: outcome.win.toString(),
              account: 'main',
              balanceAfter: String(moved.balanceAfter(userId, 'main') ?? 0n),
              provider: session.provider,
              game: session.game,
              round: roundId,
              providerTransaction: key,
              mode: 'real',
              sessionId: session.id,
              freeSpinPack: pack.id,
              freeSpin: number,
            },
          });
        }
        if (pack.remainingCount === 0 && pack.bonusId !== null) await completeFreeSpins(tx, pack.bonusId, now);
        const balances = await ledger.balances(userId, currency, tx);
        return { round, balance: balances.main + balances.bonus };
      });
      if (win > 0n) announceOutboxCommitted();
      return freeSpinView(recorded.round, recorded.balance, session, userId, locale);
    } catch (error) {
      if (!(error instanceof FreeSpinRefused)) throw error;
      if (error.reason === 'played' && input.spin !== undefined) {
        // The same spin, sent twice at once: the other request played it.
        const played = await playedFreeSpin(input.pack_id, input.spin, session, userId, locale);
        if (played) return played;
      }
      const refusal = FREE_SPIN_REFUSALS[error.reason === 'played' ? 'out_of_turn' : error.reason];
      throw freeSpinError(locale, refusal, await nextOffer(session, userId, locale));
    }
  }

  /** The pack's stake as the slot's bet: a pack for a game that is not a slot, or a stake off its lines, cannot be played. */
  function freeSpinBet(engine: Engine, pack: FreeSpinPack, locale: LocaleCode): slot.SlotBet {
    const refuse = () => freeSpinError(locale, { key: 'freeSpinsBadStake', type: 'InvalidRequestException', status: 409, code: 'BAD_STAKE' });
    if (engine !== 'slot') throw refuse();
    try {
      return slot.validateSlotBet({ amount: pack.betAmount });
    } catch {
      throw refuse();
    }
  }

  // --- fairness ------------------------------------------------------------------------------------

  async function fairness(viewer: StudioViewer): Promise<FairnessInfo> {
    const owner = await ownerFor(viewer);
    const [active, revealed] = await Promise.all([seeds.active(owner), seeds.revealed(owner)]);
    return { active: fairnessOf(active), revealed: revealed.map(revealedOf) };
  }

  async function rotateSeed(viewer: StudioViewer, clientSeed: string | undefined, locale: LocaleCode): Promise<RotateResult> {
    if (clientSeed !== undefined && !CLIENT_SEED_PATTERN.test(clientSeed)) {
      throw new AppError('InvalidParameterException', studioText('en', 'badClientSeed'), { fields: { client_seed: studioText(locale, 'badClientSeed') } });
    }
    if (viewer.userId !== null) deps.playerWrites?.(viewer.userId);
    try {
      const { revealed, active } = await seeds.rotate(await ownerFor(viewer), clientSeed);
      return { revealed: revealedOf(revealed), active: fairnessOf(active) };
    } catch (error) {
      if (error instanceof SeedPairBusyError) {
        throw new AppError('InvalidRequestException', studioText('en', 'rotateBusy'), { status: 409, fields: { client_seed: studioText(locale, 'rotateBusy') } });
      }
      throw error;
    }
  }

  /** Anyone holding a round id may check it: the id is unguessable and the answer names no player. */
  async function verifyRound(roundId: string, locale: LocaleCode): Promise<VerifyResult> {
    const [round] = await db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId));
    if (!round || round.status === 'void' || round.status === 'pending') {
      throw new AppError('InvalidParameterException', studioText('en', 'roundUnknown'), { status: 404, fields: { round_id: studioText(locale, 'roundUnknown') } });
    }
    const seed = (await seeds.byId(round.seedId))!;
    const currency = currencyOf(round);
    const revealed = seed.status === 'revealed';
    let replayed: Record<string, unknown> | null = null;
    let matches: boolean | null = null;
    if (revealed) {
      const result = replay(ENGINE_GAMES[round.engine].sysname as GameSysname, {
        serverSeed: seed.serverSeed,
        clientSeed: seed.clientSeed,
        nonce: round.nonce,
        bet: reviveBet(round.engine, round.bet as Record<string, unknown>) as never,
        actions: round.actions as Array<BlackjackActionName | mines.MinesAction | hilo.HiloAction | videoPoker.VideoPokerAction>,
      });
      replayed = toWire(result.outcome, currency);
      matches = canonicalJson(toStored(result.outcome)) === canonicalJson(round.state);
    }
    return {
      round_id: round.roundId,
      game: round.game,
      engine: round.engine,
      nonce: round.nonce,
      client_seed: seed.clientSeed,
      server_seed_hash: seed.serverSeedHash,
      server_seed: revealed ? seed.serverSeed : null,
      hash_matches: revealed ? verifyServerSeed(seed.serverSeed, seed.serverSeedHash) : null,
      bet: toWire(reviveBet(round.engine, round.bet as Record<string, unknown>), currency),
      actions: round.actions as string[],
      recorded: revealed ? toWire(reviveMoney(round.state as Record<string, unknown>), currency) : toWire(reviveMoney(publicOutcome(round)), currency),
      replayed,
      matches,
      created_at: round.createdAt.toISOString(),
    };
  }

  // --- recovery --------------------------------------------------------------------------------------

  /**
   * Finishes rounds whose process stopped between the bet and the pay-out (status `pending` for
   * longer than PENDING_GRACE_SECONDS). The outcome is fixed by the seeds, so a round whose bet
   * was taken is played and paid as it would have been; a round whose bet never arrived is rolled
   * back (a late bet then moves nothing) and void.
   */
  async function recover(now = new Date()): Promise<number> {
    const stale = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.status, 'pending'), lt(gameRounds.createdAt, new Date(now.getTime() - PENDING_GRACE_SECONDS * 1000))))
      .limit(100);
    for (const round of stale) {
      try {
        await recoverRound(round);
      } catch (error) {
        logger.error({ err: error, round: round.roundId }, 'studio could not recover a round');
      }
    }
    return stale.length;
  }

  async function recoverRound(round: RoundRow) {
    const [session] = await db.select().from(gameSessions).where(eq(gameSessions.id, round.sessionId));
    const [betRow] = await db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.provider, session.provider), eq(walletTransactions.transactionUuid, `${round.roundId}:bet`)));
    // Wallet calls name a session by its token, which is never stored: settle under a fresh one.
    const token = await wallet.settlementToken(session.id);
    if (!betRow || !betRow.moved) {
      await walletCall('rollback', session, token, { transaction_uuid: `${round.roundId}:bet:rollback`, reference_transaction_uuid: `${round.roundId}:bet`, round_id: round.roundId });
      await db.update(gameRounds).set({ status: 'void', settledAt: new Date() }).where(eq(gameRounds.id, round.id));
      logger.warn({ round: round.roundId }, 'studio voided a round whose bet never arrived');
      return;
    }
    const seed = (await seeds.byId(round.seedId))!;
    const rng = createRoundRng({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: round.nonce });
    const bet = reviveBet(round.engine, round.bet as Record<string, unknown>);
    if (round.engine === 'blackjack') {
      const state = blackjack.deal(bet as blackjack.BlackjackBet, rng);
      if (state.phase === 'settled') await settle(round, session, token, state, state.win);
      else await keepOpen(round, state);
    } else if (round.engine === 'mines' || round.engine === 'hilo' || round.engine === 'video-poker') {
      // The board is dealt (the first card shown, the five cards dealt) and left open for the player, as it would have been.
      await keepOpen(round, openingState(round.engine, bet, rng));
    } else {
      const outcome = playEngine(round.engine, bet, rng);
      await settle(round, session, token, outcome, outcome.win);
    }
    logger.warn({ round: round.roundId }, 'studio finished a round left pending');
  }

  return { launch, play, playFreeSpin, act, fairness, rotateSeed, verifyRound, recover };
}

/** games/act's input: blackjack's actions, a Mines `reveal` of `tile` or `cashout`, Hi-Lo's guesses, or video poker's `draw` keeping `held`. */
export type ActInput = { token: string; round_id: string; action: ActionName; tile?: number; held?: unknown };

/** Stored state keeps money as minor-unit strings: back to bigints, so toWire formats them. */
const MONEY_KEYS = new Set(['amount', 'bet', 'lineBet', 'win', 'scatterWin', 'freeSpinsWin', 'stake', 'staked', 'payout']);
function reviveMoney(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => reviveMoney(item, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveMoney(v, k)]));
  if (typeof value === 'string' && MONEY_KEYS.has(key) && /^-?[0-9]+$/.test(value)) return BigInt(value);
  return value;
}

export type Studio = ReturnType<typeof createStudio>;
