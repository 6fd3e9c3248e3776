import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import {
  LOYALTY_LIVE_EVENT,
  POINTS_ALIAS,
  type LoyaltyCharacterView,
  type LoyaltyInfo,
  type LoyaltyLevelView,
  type LoyaltyNotice,
  type LoyaltyProductKind,
  type LoyaltyProductView,
  type LoyaltyProgramView,
  type LoyaltyPurchase,
} from '../../../contract/loyalty.ts';
import { isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { CampaignReward } from '../../../contract/promotions.ts';
import { preparedRows, queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboxEvent } from '../../platform/events/outbox.ts';
import type { EventHandler, JobContext } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { loyaltyAccounts, loyaltyCharacters, loyaltyLevels, loyaltyNotifications, loyaltyPoints, loyaltyProducts, loyaltyPrograms, loyaltyPurchases, loyaltyTotals, users } from '../../db/schema.ts';
import type { GrantInput } from '../promotions/index.ts';
import { DEFAULT_FACTOR, earnDivisor, GAME_TYPE_FACTORS, levelFor, MILLI, nextLevel, progress, wholePoints } from './rules.ts';
import { loyaltyText } from './texts.ts';

type ProgramRow = typeof loyaltyPrograms.$inferSelect;
type LevelRow = typeof loyaltyLevels.$inferSelect;
type CharacterRow = typeof loyaltyCharacters.$inferSelect;
type ProductRow = typeof loyaltyProducts.$inferSelect;
type NoticeRow = typeof loyaltyNotifications.$inferSelect;

/** The live message of a player's loyalty (LOYALTY_LIVE_EVENT): a hint to read loyalty/getinfo and getnotifications again. */
export type LoyaltyLiveMessage = { type: typeof LOYALTY_LIVE_EVENT; id?: string; data: { reason: 'points' | 'level' | 'product'; level?: number } };

export type LoyaltyDeps = {
  db: Db;
  logger: Logger;
  /** promotions.grant: the shop's rewards become bonuses (docs/promotions.md). */
  grant: (tx: Tx, input: GrantInput) => Promise<{ bonus: { id: number }; created: boolean }>;
  /** Publishes to a player's live topic (optional in tests and scripts). */
  publish?: (userId: number, message: LoyaltyLiveMessage) => Promise<unknown>;
  /** Called after a commit that wrote outbox rows (a granted bonus may have). */
  outboxCommitted?: () => void;
  now?: () => Date;
};

const localized = (value: unknown, locale: LocaleCode): string => {
  const texts = (value ?? {}) as Record<string, string | undefined>;
  return texts[locale] ?? texts.en ?? '';
};
const localizedObject = <T extends object>(value: unknown, locale: LocaleCode): Partial<T> => {
  const texts = (value ?? {}) as Record<string, Partial<T> | undefined>;
  return texts[locale] ?? texts.en ?? {};
};
const localizedList = (value: unknown, locale: LocaleCode): string[] => {
  const texts = (value ?? {}) as Record<string, string[] | undefined>;
  return texts[locale] ?? texts.en ?? [];
};

const invalid = (field: string, message: string, details?: Record<string, unknown>, status?: number) =>
  new AppError('InvalidParameterException', message, { fields: { [field]: message }, details, status });

/** A credited notice is told as often as this at most per player and process (level-ups and purchases always). */
const POINTS_LIVE_EVERY_MS = 5000;

/**
 * earnGroup's statement ($1: the bets as a JSON array). Static text, so PostgreSQL plans it once
 * per connection: the game-type factors are constants of the code.
 */
const EARN_SQL = `
  with bet as (
    select * from jsonb_to_recordset($1::jsonb)
      as b(event_id bigint, user_id integer, game text, stake bigint, currency text, divisor bigint, created_at timestamptz)
  ), program as (
    select id from loyalty_programs where is_active order by id limit 1
  ), lifetime as (
    select p.user_id, coalesce((select sum(t.lifetime_milli) from loyalty_totals t where t.user_id = p.user_id), 0)::bigint as total
    from (select distinct user_id from bet) p
  ), rated as (
    select b.*,
      (select l.earn_rate from loyalty_levels l join program p on p.id = l.program_id
        where l.threshold::bigint * 1000 <= t.total order by l.threshold desc limit 1) as earn_rate,
      coalesce((select case g.type ${Object.entries(GAME_TYPE_FACTORS)
        .map(([type, factor]) => `when '${type}' then ${factor}`)
        .join(' ')} else ${DEFAULT_FACTOR} end from games g where g.sysname = b.game), ${DEFAULT_FACTOR}) as pct
    from bet b join lifetime t on t.user_id = b.user_id
  ), earned as (
    insert into loyalty_points (user_id, key, kind, milli_points, event_id, details, created_at)
    select r.user_id, 'earn:' || r.event_id, 'earn', r.stake * r.earn_rate * r.pct / r.divisor, r.event_id,
           jsonb_build_object('game', r.game, 'stake', r.stake::text, 'currency', r.currency, 'rate', r.earn_rate, 'factor', r.pct), r.created_at
    from rated r
    where r.earn_rate is not null and r.stake * r.earn_rate * r.pct / r.divisor > 0
    order by r.user_id, r.event_id
    on conflict (key) do nothing
    returning user_id, event_id, milli_points
  ), gained as (
    select user_id, sum(milli_points)::bigint as milli from earned group by user_id
  ), reached as (
    insert into loyalty_notifications (user_id, trigger, type, level, created_at)
    select g.user_id, 'level', 'credit', l.number, now()
    from gained g join lifetime t on t.user_id = g.user_id
      cross join loyalty_levels l join program p on p.id = l.program_id
    where l.number > 1 and l.threshold::bigint * 1000 <= t.total + g.milli
      and not exists (select 1 from loyalty_notifications n where n.user_id = g.user_id and n.level = l.number)
    on conflict do nothing
    returning user_id, level
  )
  select user_id, event_id::text, milli_points::text, null::integer as level from earned
  union all
  select user_id, null, null, level from reached`;

export function createLoyalty(deps: LoyaltyDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  // --- reading ------------------------------------------------------------------------------------

  /** The programme players earn in: the first active one. */
  async function activeProgram(db_: Db | Tx = db): Promise<ProgramRow | null> {
    const [row] = await db_.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.isActive, true)).orderBy(asc(loyaltyPrograms.id)).limit(1);
    return row ?? null;
  }

  async function levelsOf(db_: Db | Tx, programId: number): Promise<LevelRow[]> {
    return db_.select().from(loyaltyLevels).where(eq(loyaltyLevels.programId, programId)).orderBy(asc(loyaltyLevels.number));
  }

  function levelView(level: LevelRow, locale: LocaleCode): LoyaltyLevelView {
    return { number: level.number, sysname: level.sysname, name: localized(level.names, locale) || level.sysname, threshold: level.threshold, perks: localizedList(level.perks, locale), earn_rate: level.earnRate };
  }

  function characterView(row: CharacterRow, locale: LocaleCode): LoyaltyCharacterView {
    return { id: row.id, sysname: row.sysname, name: localized(row.names, locale) || row.sysname, description: localized(row.descriptions, locale), image_url: row.imageUrl };
  }

  /**
   * A player's points: `balance` (everything: earns, purchases, adjustments) and `lifetime` (earns
   * and adjustments: spending never lowers a level), in thousandths. A few rows (the player's
   * slots), kept equal to the journal's sums by a trigger (migration 0025): the journal grows with
   * every bet.
   */
  async function sums(db_: Db | Tx, userId: number): Promise<{ balance: bigint; lifetime: bigint }> {
    const [row] = await queryRows<{ balance: string; lifetime: string }>(
      db_,
      sql`select coalesce(sum(balance_milli), 0)::text as balance, coalesce(sum(lifetime_milli), 0)::text as lifetime from ${loyaltyTotals} where user_id = ${userId}`,
    );
    return { balance: BigInt(row.balance), lifetime: BigInt(row.lifetime) };
  }

  /** The loyalty account row, created on first need (lazily). */
  async function ensureAccount(db_: Db | Tx, userId: number): Promise<void> {
    await db_.insert(loyaltyAccounts).values({ userId }).onConflictDoNothing();
  }

  async function requireProgram(db_: Db | Tx, locale: LocaleCode): Promise<{ program: ProgramRow; levels: LevelRow[] }> {
    const program = await activeProgram(db_);
    const levels = program ? await levelsOf(db_, program.id) : [];
    if (!program || !levels.length) throw invalid('sysname', loyaltyText(locale, 'unknownProgram'), undefined, 404);
    return { program, levels };
  }

  async function info(userId: number, locale: LocaleCode): Promise<LoyaltyInfo> {
    const { program, levels } = await requireProgram(db, locale);
    await ensureAccount(db, userId);
    const [[account], points] = await Promise.all([
      db.select({ character: loyaltyCharacters }).from(loyaltyAccounts).leftJoin(loyaltyCharacters, eq(loyaltyCharacters.id, loyaltyAccounts.characterId)).where(eq(loyaltyAccounts.userId, userId)),
      sums(db, userId),
    ]);
    const lifetime = wholePoints(points.lifetime);
    const level = levelFor(levels, lifetime);
    const next = nextLevel(levels, level);
    return {
      id: program.id,
      uid: userId,
      is_active: program.isActive,
      points: Math.max(0, wholePoints(points.balance)),
      lifetime_points: lifetime,
      pointsAlias: POINTS_ALIAS,
      character: account?.character ? characterView(account.character, locale) : null,
      level: levelView(level, locale),
      next_level: next ? levelView(next, locale) : null,
      progress: progress(lifetime, level.threshold, next?.threshold ?? null),
      levels: levels.map((row) => levelView(row, locale)),
    };
  }

  async function characters(query: { offset: number; limit: number }, locale: LocaleCode) {
    const [rows, [total]] = await Promise.all([
      db.select().from(loyaltyCharacters).where(eq(loyaltyCharacters.isActive, true)).orderBy(asc(loyaltyCharacters.position), asc(loyaltyCharacters.id)).limit(query.limit).offset(query.offset),
      db.select({ n: count() }).from(loyaltyCharacters).where(eq(loyaltyCharacters.isActive, true)),
    ]);
    return { items: rows.map((row) => characterView(row, locale)), offset: query.offset, limit: query.limit, total: Number(total.n) };
  }

  async function findCharacter(db_: Db | Tx, id: number): Promise<CharacterRow | null> {
    const [row] = await db_.select().from(loyaltyCharacters).where(and(eq(loyaltyCharacters.id, id), eq(loyaltyCharacters.isActive, true)));
    return row ?? null;
  }

  /** Picks the player's character (allowed any time); answers their loyalty info. */
  async function setCharacter(userId: number, id: number, locale: LocaleCode): Promise<LoyaltyInfo> {
    if (!(await findCharacter(db, id))) throw invalid('id', loyaltyText(locale, 'unknownCharacter'));
    await db.insert(loyaltyAccounts).values({ userId, characterId: id }).onConflictDoUpdate({ target: loyaltyAccounts.userId, set: { characterId: id } });
    return info(userId, locale);
  }

  /** Sign-up's character_id (spec 1 showCharacterSelect): set when it names a character, ignored otherwise (the account exists). */
  async function chooseAtSignup(userId: number, characterId: string | undefined | null): Promise<boolean> {
    const id = Number(characterId);
    if (!characterId || !Number.isInteger(id) || id < 1 || id > 2_147_483_647 || !(await findCharacter(db, id))) return false;
    await db.insert(loyaltyAccounts).values({ userId, characterId: id }).onConflictDoUpdate({ target: loyaltyAccounts.userId, set: { characterId: id } });
    return true;
  }

  // --- the shop ---------------------------------------------------------------------------------

  type Buyer = { level: number; points: number; currency: string };

  function productView(row: ProductRow, locale: LocaleCode, buyer: Buyer | null): LoyaltyProductView {
    const texts = localizedObject<{ name: string; description: string }>(row.texts, locale);
    const reason = !buyer ? null : buyer.level < row.minLevel ? 'level' : buyer.points < row.price ? 'points' : null;
    return {
      id: row.id,
      sysname: row.sysname,
      kind: row.kind as LoyaltyProductKind,
      name: texts.name ?? row.sysname,
      description: texts.description ?? '',
      image_url: row.imageUrl,
      price: row.price,
      min_level: row.minLevel,
      currency: row.currency as CurrencyCode,
      can_buy: buyer !== null && reason === null,
      reason,
    };
  }

  async function buyerOf(db_: Db | Tx, userId: number, levels: LevelRow[]): Promise<Buyer | null> {
    const [player] = await db_.select({ currency: users.currency }).from(users).where(eq(users.id, userId));
    if (!player) return null;
    const points = await sums(db_, userId);
    return { level: levelFor(levels, wholePoints(points.lifetime)).number, points: wholePoints(points.balance), currency: player.currency };
  }

  /** The shop: every active product (a player sees those of their currency, with whether they can buy each now). */
  async function products(viewer: number | null, locale: LocaleCode): Promise<{ items: LoyaltyProductView[] }> {
    const program = await activeProgram();
    const levels = program ? await levelsOf(db, program.id) : [];
    const buyer = viewer !== null && levels.length ? await buyerOf(db, viewer, levels) : null;
    const rows = await db.select().from(loyaltyProducts).where(eq(loyaltyProducts.isActive, true)).orderBy(asc(loyaltyProducts.position), asc(loyaltyProducts.id));
    return { items: rows.filter((row) => !buyer || row.currency === buyer.currency).map((row) => productView(row, locale, buyer)) };
  }

  /**
   * Buys a product with points, in one transaction: the player's loyalty account row is locked
   * (a second purchase waits, then sees the first's spend), the points available are summed from
   * the journal, the level from lifetime points; then the purchase, its negative journal row
   * (purchase:<id>) and the reward granted through promotions (source loyalty:<id>) commit
   * together, or nothing does.
   */
  async function buy(userId: number, productId: number, locale: LocaleCode): Promise<LoyaltyPurchase> {
    const at = now();
    const result = await db.transaction(async (tx) => {
      const [product] = await tx.select().from(loyaltyProducts).where(and(eq(loyaltyProducts.id, productId), eq(loyaltyProducts.isActive, true)));
      if (!product) throw invalid('product_id', loyaltyText(locale, 'unknownProduct'), { reason: 'unknown' });
      const { levels } = await requireProgram(tx, locale);
      const [player] = await tx.select({ currency: users.currency, status: users.status }).from(users).where(eq(users.id, userId));
      if (!player || player.status !== 'active') throw new AppError('AccessDeniedException', loyaltyText(locale, 'inactive'), { status: 403 });
      if (player.currency !== product.currency || !isCurrency(product.currency)) throw invalid('product_id', loyaltyText(locale, 'currency'), { reason: 'currency' });
      await ensureAccount(tx, userId);
      await tx.select({ userId: loyaltyAccounts.userId }).from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId)).for('update');
      const points = await sums(tx, userId);
      const level = levelFor(levels, wholePoints(points.lifetime));
      if (level.number < product.minLevel) throw invalid('product_id', loyaltyText(locale, 'level'), { reason: 'level', min_level: product.minLevel, level: level.number });
      const price = BigInt(product.price) * MILLI;
      if (points.balance < price) throw invalid('product_id', loyaltyText(locale, 'points'), { reason: 'points', price: product.price, points: wholePoints(points.balance) });

      const [purchase] = await tx.insert(loyaltyPurchases).values({ userId, productId: product.id, price: product.price, createdAt: at }).returning();
      await tx.insert(loyaltyPoints).values({ userId, key: `purchase:${purchase.id}`, kind: 'purchase', milliPoints: -price, purchaseId: purchase.id, details: { product: product.sysname }, createdAt: at });
      const titles = Object.fromEntries(Object.entries((product.texts ?? {}) as Record<string, { name?: string }>).map(([lang, texts]) => [lang, texts.name ?? product.sysname]));
      const granted = await deps.grant(tx, { userId, currency: product.currency, source: `loyalty:${purchase.id}`, reward: product.reward as CampaignReward, titles, now: at });
      await tx.update(loyaltyPurchases).set({ bonusId: granted.bonus.id }).where(eq(loyaltyPurchases.id, purchase.id));
      await tx.insert(loyaltyNotifications).values({ userId, trigger: 'product', type: 'credit', texts: { product: product.texts }, amount: product.price, amountType: 'points', image: product.imageUrl, createdAt: at });
      return { purchase, product, bonusId: granted.bonus.id, left: points.balance - price, level: level.number };
    });
    deps.outboxCommitted?.();
    tell(userId, { type: LOYALTY_LIVE_EVENT, id: `p${result.purchase.id}`, data: { reason: 'product' } });
    const left = wholePoints(result.left);
    return { id: result.purchase.id, product: productView(result.product, locale, { level: result.level, points: left, currency: result.product.currency }), points: left, bonus_id: result.bonusId };
  }

  // --- notices ----------------------------------------------------------------------------------

  async function noticeView(row: NoticeRow, locale: LocaleCode, levels: Map<number, LevelRow>): Promise<LoyaltyNotice> {
    let title = '';
    let message = '';
    if (row.trigger === 'level' && row.level !== null) {
      const level = levels.get(row.level);
      const name = level ? localized(level.names, locale) || level.sysname : String(row.level);
      title = loyaltyText(locale, 'levelTitle', { level: name });
      message = loyaltyText(locale, 'levelMessage', { level: name, rate: level?.earnRate ?? '', alias: POINTS_ALIAS });
    } else if (row.trigger === 'product') {
      const product = localizedObject<{ name: string }>((row.texts as { product?: unknown }).product, locale);
      title = loyaltyText(locale, 'productTitle');
      message = loyaltyText(locale, 'productMessage', { product: product.name ?? '' });
    } else {
      const texts = localizedObject<{ title: string; message: string }>(row.texts, locale);
      title = texts.title ?? '';
      message = texts.message ?? '';
    }
    return {
      id: row.id,
      trigger: row.trigger,
      type: row.type,
      title,
      message,
      amount: row.amount,
      amountType: row.amountType,
      image: row.image,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** The player's unseen notices, newest first, marked seen by this very read (a toast shows once). */
  async function notifications(userId: number, locale: LocaleCode): Promise<{ items: LoyaltyNotice[] }> {
    const rows = await db
      .update(loyaltyNotifications)
      .set({ seenAt: now() })
      .where(and(eq(loyaltyNotifications.userId, userId), sql`${loyaltyNotifications.seenAt} is null`))
      .returning();
    if (!rows.length) return { items: [] };
    const program = await activeProgram();
    const levels = new Map((program ? await levelsOf(db, program.id) : []).map((level) => [level.number, level]));
    rows.sort((a, b) => b.id - a.id);
    return { items: await Promise.all(rows.map((row) => noticeView(row, locale, levels))) };
  }

  // --- programmes -------------------------------------------------------------------------------

  async function programView(row: ProgramRow, locale: LocaleCode): Promise<LoyaltyProgramView> {
    const texts = localizedObject<{ name: string; summary: string; body: string }>(row.texts, locale);
    const levels = await levelsOf(db, row.id);
    return { id: row.id, sysname: row.sysname, name: texts.name ?? row.sysname, summary: texts.summary ?? '', body: texts.body ?? '', image_url: row.imageUrl, levels: levels.map((level) => levelView(level, locale)) };
  }

  async function programs(locale: LocaleCode): Promise<{ items: LoyaltyProgramView[] }> {
    const rows = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.isActive, true)).orderBy(asc(loyaltyPrograms.id));
    return { items: await Promise.all(rows.map((row) => programView(row, locale))) };
  }

  /** One programme by its sysname; an unknown one is a 404 on sysname, as tournaments answer. */
  async function program(sysname: string, locale: LocaleCode): Promise<LoyaltyProgramView> {
    const [row] = await db.select().from(loyaltyPrograms).where(and(eq(loyaltyPrograms.sysname, sysname), eq(loyaltyPrograms.isActive, true)));
    if (!row) throw invalid('sysname', loyaltyText(locale, 'unknownProgram'), undefined, 404);
    return programView(row, locale);
  }

  // --- earning ----------------------------------------------------------------------------------

  /**
   * What one real-money bet earns (earnGroup for one event). Answers its thousandths of a point
   * (0 when it earns nothing, or was earned before) and the levels it reached.
   */
  async function earn(event: OutboxEvent, tx: Tx): Promise<{ milliPoints: bigint; levels: number[] }> {
    const [earned] = await earnGroup([event], tx);
    return { milliPoints: earned?.milliPoints ?? 0n, levels: earned?.levels ?? [] };
  }

  /**
   * What a group of events earns, in one prepared statement (the runner's grouped job, decision
   * 016): for each real-money bet of a player, the level's rate from the player's lifetime points
   * (their totals, decision 027, as they stood before the group), the game type's factor, one
   * journal row `earn:<event id>` (a redelivered event inserts nothing); then for each player the
   * level-up notices of every level the new lifetime reaches that has none yet (unique per player
   * and level: written once; a crossing two concurrent jobs each missed is written by the
   * player's next bet). Other events earn nothing. Answers, per player that earned, the points and
   * the levels reached, with the last event that earned.
   *
   * One statement per group instead of one per bet: planning and running a statement per bet cost
   * about as much as the bet's own money path (docs/performance.md). A bet crossing a level inside
   * a group does not raise the rate of the group's later bets of that player: they earn at the
   * level the group started at, as bets handled by two concurrent jobs already did.
   */
  async function earnGroup(events: OutboxEvent[], tx: Tx): Promise<Array<{ userId: number; lastEventId: number; milliPoints: bigint; levels: number[] }>> {
    const bets = events.flatMap((event) => {
      const payload = event.payload as { mode?: string; amount?: string; currency?: string; game?: string };
      if (event.type !== 'game.bet' || event.userId === null || payload.mode !== 'real' || !payload.amount || !payload.game || !isCurrency(payload.currency)) return [];
      const stake = BigInt(payload.amount);
      if (stake <= 0n) return [];
      return [
        {
          event_id: event.id,
          user_id: event.userId,
          game: payload.game,
          stake: stake.toString(),
          currency: payload.currency,
          divisor: earnDivisor(payload.currency).toString(),
          created_at: event.createdAt.toISOString(),
        },
      ];
    });
    if (bets.length === 0) return [];
    const rows = await preparedRows<{ user_id: number; event_id: string | null; milli_points: string | null; level: number | null }>(tx, 'loyalty_earn', EARN_SQL, [JSON.stringify(bets)]);
    const byPlayer = new Map<number, { userId: number; lastEventId: number; milliPoints: bigint; levels: number[] }>();
    const of = (userId: number) => byPlayer.get(userId) ?? byPlayer.set(userId, { userId, lastEventId: 0, milliPoints: 0n, levels: [] }).get(userId)!;
    for (const row of rows) {
      const player = of(Number(row.user_id));
      if (row.level !== null) player.levels.push(Number(row.level));
      else {
        player.milliPoints += BigInt(row.milli_points ?? 0);
        player.lastEventId = Math.max(player.lastEventId, Number(row.event_id));
      }
    }
    return [...byPlayer.values()].filter((player) => player.milliPoints > 0n);
  }

  /**
   * Writes the level-up notices of every level the player's lifetime points reach that has none
   * yet (unique per player and level), for movements other than bets (an operator's adjustment).
   * Answers the levels noticed.
   */
  async function noteLevels(tx: Tx, userId: number): Promise<number[]> {
    const rows = await queryRows<{ level: number }>(
      tx,
      sql`
      with program as (
        select id from ${loyaltyPrograms} where is_active order by id limit 1
      ), lifetime as (
        select coalesce(sum(lifetime_milli), 0)::bigint as total from ${loyaltyTotals} where user_id = ${userId}
      )
      insert into ${loyaltyNotifications} (user_id, trigger, type, level, created_at)
      select ${userId}, 'level', 'credit', l.number, now()
      from ${loyaltyLevels} l join program p on p.id = l.program_id, lifetime t
      where l.number > 1 and l.threshold::bigint * 1000 <= t.total
        and not exists (select 1 from ${loyaltyNotifications} n where n.user_id = ${userId} and n.level = l.number)
      on conflict do nothing
      returning level`,
    );
    return rows.map((row) => Number(row.level));
  }

  // A player's plain credits are told at most every POINTS_LIVE_EVERY_MS per process (the last of
  // a burst a moment later): the page only needs to know it should read again.
  const told = new Map<number, { at: number; pending: boolean }>();
  function tell(userId: number, message: LoyaltyLiveMessage) {
    const publish = deps.publish;
    if (!publish) return;
    const send = (m: LoyaltyLiveMessage) => void publish(userId, m).catch((error: unknown) => deps.logger.warn({ err: error, userId }, 'loyalty change not told'));
    const at = Date.now();
    const last = told.get(userId);
    if (message.data.reason !== 'points' || !last || at - last.at >= POINTS_LIVE_EVERY_MS) {
      told.set(userId, { at, pending: false });
      send(message);
      return;
    }
    if (last.pending) return;
    last.pending = true;
    setTimeout(() => {
      told.delete(userId);
      send(message);
    }, POINTS_LIVE_EVERY_MS - (at - last.at)).unref();
  }

  /** Earns a group's points, and tells each player who earned once the job committed. */
  async function earnAndTell(events: OutboxEvent[], tx: Tx, job: JobContext) {
    for (const earned of await earnGroup(events, tx)) {
      const top = earned.levels.length ? Math.max(...earned.levels) : null;
      const id = earned.lastEventId;
      job.afterCommit(() =>
        tell(earned.userId, top === null ? { type: LOYALTY_LIVE_EVENT, id: `e${id}`, data: { reason: 'points' } } : { type: LOYALTY_LIVE_EVENT, id: `l${id}`, data: { reason: 'level', level: top } }),
      );
    }
  }

  const earnHandler: EventHandler = {
    name: 'loyalty.earn',
    events: ['game.bet'],
    // One job per dispatched batch, not per bet, earned in one statement (decision 016): nearly
    // every bet earns, and the runner's own work per job would cost more than the earn.
    grouped: true,
    // Only players' real-money bets earn: guests' and demo rounds queue no job.
    dispatchWhen: sql`s.user_id is not null and exists (select 1 from outbox_events o where o.id = s.id and o.payload->>'mode' = 'real')`,
    handle: (event, tx, job) => earnAndTell([event], tx, job),
    handleGroup: earnAndTell,
  };

  return { info, characters, setCharacter, chooseAtSignup, products, buy, notifications, programs, program, earn, earnHandler, sums, noteLevels };
}

export type Loyalty = ReturnType<typeof createLoyalty>;
