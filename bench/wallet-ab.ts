/**
 * An A/B of the money path in one process: two wallet rigs (bench/wallet.ts), each on its own
 * fresh schema with its own job runner, take turns in 1 s windows of spread rounds (16 at a time,
 * as the wallet bench's spread figure), each window settled. Both variants meet the same machine
 * at nearly the same moment, so the comparison does not drift with it: on this 2-core virtual
 * machine two runs of the same code minutes apart differ by up to a third, while the same code
 * against itself here gave medians of 1.003 and 0.995 (docs/performance.md). Single windows vary
 * by a fifth: read the median, and run both orders (A and B swapped) for a small effect.
 *
 *   BENCH_DATABASE_URL=postgres://... npx node bench/wallet-ab.ts
 *   AB_B_SQL='drop index ...'        SQL for B, run after its migrations and demo content (also AB_A_SQL)
 *   AB_B_ENV='{"LOYALTY":"off"}'    environment for B (also AB_A_ENV)
 *   AB_B_POOL=10                     B's pool of database connections (the bench's default is 20; also AB_A_POOL)
 *   AB_B_RUNNER=off                  B without its job runner: no event handled (also AB_A_RUNNER)
 *   AB_WINDOWS=12 AB_WINDOW_MS=1000  windows per variant and their length
 *
 * A variant that changes code rather than the schema or the environment is measured by running
 * this once on each commit instead, which drifts with the machine again.
 */
import { postgresCpuMs } from './cpu.ts';
import { analyzeBenchTables } from './ledger.ts';
import { closedLoop, settleEvents } from './players.ts';
import { openWalletRig, type WalletRig } from './wallet.ts';

const CONCURRENCY = 16;

type Totals = { rounds: number; ms: number; nodeMs: number; postgresMs: number; perWindow: number[] };

/** Spread rounds on the rig, CONCURRENCY at a time, for `ms`: answers the rounds played. */
const spreadWindow = (rig: WalletRig, ms: number) => closedLoop(CONCURRENCY, ms, rig.tokens, rig.round);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) throw new Error('bench/wallet-ab.ts compares on PostgreSQL: set BENCH_DATABASE_URL');
  const windows = Number(process.env.AB_WINDOWS ?? 12);
  const windowMs = Number(process.env.AB_WINDOW_MS ?? 1000);
  const variants = (['A', 'B'] as const).map((name) => ({
    name,
    sql: process.env[`AB_${name}_SQL`] || undefined,
    env: JSON.parse(process.env[`AB_${name}_ENV`] || '{}') as Record<string, string>,
    runner: process.env[`AB_${name}_RUNNER`] !== 'off',
    poolSize: process.env[`AB_${name}_POOL`] ? Number(process.env[`AB_${name}_POOL`]) : undefined,
  }));
  const rigs: WalletRig[] = [];
  try {
    for (const variant of variants) rigs.push(await openWalletRig({ sql: variant.sql, env: variant.env, poolSize: variant.poolSize }));
    for (const [index, rig] of rigs.entries()) if (variants[index].runner) rig.services.jobs.start();
    /** Until the rig's runner has handled every event written (nothing to wait for without one). */
    const settle = (index: number) => (variants[index].runner ? settleEvents(rigs[index].database.db) : Promise.resolve());
    // Warm-up, left out, as the wallet bench's: rows in the tables, their statistics, then the plans.
    for (const [index, rig] of rigs.entries()) {
      await spreadWindow(rig, 800);
      await settle(index);
      await analyzeBenchTables(rig.database);
      await spreadWindow(rig, 800);
      await settle(index);
    }
    const totals: Totals[] = rigs.map(() => ({ rounds: 0, ms: 0, nodeMs: 0, postgresMs: 0, perWindow: [] }));
    for (let window = 0; window < windows; window++) {
      // Who goes first alternates: a window after the other variant's pays for nothing of it (each
      // is settled), but the machine may be warming up or slowing down.
      const order = window % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const rig = rigs[index];
        const postgresBefore = postgresCpuMs();
        const nodeBefore = process.cpuUsage();
        const start = performance.now();
        const played = await spreadWindow(rig, windowMs);
        await settle(index);
        const ms = performance.now() - start;
        const node = process.cpuUsage(nodeBefore);
        const total = totals[index];
        total.rounds += played;
        total.ms += ms;
        total.nodeMs += (node.user + node.system) / 1000;
        total.postgresMs += (postgresCpuMs() ?? 0) - (postgresBefore ?? 0);
        total.perWindow.push((played * 1000) / ms);
      }
    }
    for (const [index, variant] of variants.entries()) {
      const total = totals[index];
      console.log(
        `${variant.name}: ${((total.rounds * 1000) / total.ms).toFixed(0)} rounds/s settled; CPU per round: this process ${(total.nodeMs / total.rounds).toFixed(3)} ms, PostgreSQL ${(total.postgresMs / total.rounds).toFixed(3)} ms` +
          (variant.sql ? `; sql: ${variant.sql}` : '') +
          (Object.keys(variant.env).length ? `; env: ${JSON.stringify(variant.env)}` : '') +
          (variant.runner ? '' : '; job runner off') +
          (variant.poolSize ? `; pool of ${variant.poolSize}` : ''),
      );
    }
    const ratios = totals[1].perWindow.map((rate, window) => rate / totals[0].perWindow[window]);
    console.log(`B / A, window by window: median ${median(ratios).toFixed(3)} (from ${Math.min(...ratios).toFixed(3)} to ${Math.max(...ratios).toFixed(3)})`);
    for (const [index, rig] of rigs.entries()) if (variants[index].runner) await rig.services.jobs.stop();
    for (const [index, rig] of rigs.entries()) {
      const { problems } = await rig.services.ledger.verify();
      if (problems.length || rig.refused()) {
        console.log(`${variants[index].name}: ${rig.refused()} refused requests; ledger: ${problems.join('; ') || 'holds'}`);
        process.exitCode = 1;
      }
    }
  } finally {
    for (const rig of rigs) await rig.close();
  }
}
