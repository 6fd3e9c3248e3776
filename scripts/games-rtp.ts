/**
 * `npm run games:rtp -- <sysname> --rounds N [--seed S] [--client-seed C] [--confidence 0.999] [--shoe 6|infinite] [--json]`
 *
 * Simulates N rounds of an in-house game with the provably fair RNG (round i = nonce i under the
 * server seed S, fixed by default so runs repeat exactly) and prints the theoretical RTP, the
 * measured RTP, its standard error and confidence interval, the hit frequency and PASS/FAIL.
 * Exit code 1 on FAIL. Sysnames: golden-croupier (alias croupier-slot), croupier-roulette,
 * croupier-blackjack, croupier-dice, croupier-plinko, croupier-limbo, croupier-keno, croupier-mines,
 * croupier-baccarat, croupier-hilo.
 */
import { parseArgs } from 'node:util';
import { GAME_SYSNAMES, resolveSysname } from '../games/index.ts';
import { formatReport, simulate } from '../games/simulate.ts';

function fail(message: string): never {
  console.error(`${message}\nusage: npm run games:rtp -- <${GAME_SYSNAMES.join('|')}> --rounds N [--seed S] [--client-seed C] [--confidence 0.999] [--shoe 6|infinite] [--json]`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '1000000' },
    seed: { type: 'string' },
    'client-seed': { type: 'string' },
    confidence: { type: 'string', default: '0.999' },
    shoe: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

if (positionals.length !== 1) fail('name one game');
const sysname = resolveSysname(positionals[0]);
if (!sysname) fail(`unknown game ${positionals[0]}`);
const rounds = Number(values.rounds.replace(/_/g, ''));
if (!Number.isSafeInteger(rounds) || rounds < 2) fail('--rounds must be an integer >= 2');
const confidence = Number(values.confidence);
if (!(confidence > 0 && confidence < 1)) fail('--confidence must be between 0 and 1');
let decks: number | 'infinite' | undefined;
if (values.shoe !== undefined) {
  if (sysname !== 'croupier-blackjack') fail('--shoe is for croupier-blackjack');
  decks = values.shoe === 'infinite' ? 'infinite' : Number(values.shoe);
  if (decks !== 'infinite' && !(Number.isInteger(decks) && decks >= 1 && decks <= 8)) fail('--shoe must be 1-8 or infinite');
}

const report = simulate(sysname, { rounds, serverSeed: values.seed, clientSeed: values['client-seed'], confidence, decks });
console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
process.exit(report.pass ? 0 : 1);
