import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERROR_STATUS, isErrorType, type ErrorType } from '../../contract/errors.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../platform/testing/players.ts';
import { CATALOGUE } from './catalogue.ts';
import type { ApiMethod } from './types.ts';
import { SESSION_COOKIE } from '../modules/accounts/index.ts';
import { OPERATOR_COOKIE } from '../modules/support/index.ts';

/**
 * Fuzz of the whole /api catalogue (Hardening): every method, with the verbs it declares, gets
 * generated malformed input from a guest and from a signed-in player, sent the ways a client
 * can: query, urlencoded and multipart forms in bracket notation, JSON (duplicate keys, edge
 * numbers), malformed JSON and other content types. Every answer must be `200 {data}` or a typed
 * error of contract/errors.ts with its status: never a 5xx, never a body that is not JSON.
 *
 * Seeded: `FUZZ_SEED=<n>` replays a run (each test draws from that seed and its own name, so a
 * test run alone with `-t` draws the same inputs; the server's state then differs only by what
 * earlier tests left). Without it a random seed is drawn and printed. `FUZZ_RUNS=<n>` changes the
 * runs per method and role (deeper local runs: 300 takes about 5 minutes).
 *
 * Budget: 60 runs per method and role (4 for a guest calling a signed-in method) are about 10,800
 * requests: some 20 s on PGlite and 16 s on PostgreSQL on the 2-core development machine when it
 * is idle, up to three times that when other test runs share it; the file must stay under a
 * minute on PGlite and two on PostgreSQL.
 *
 * A method that ends the session (logout, an exclusion...) is fuzzed like any other; the next run
 * signs a new player up. Generated inputs depend on the seed only; values of the server's state
 * (the player's e-mail, game tokens, ids) are referred to and resolved when a request is sent.
 */

const BASE_SEED = seedFromEnv(process.env.FUZZ_SEED);
/** Runs per method for the role that reaches its handler; see RUNS_BEHIND_AUTH for the other. */
const RUNS = runsFromEnv(process.env.FUZZ_RUNS) ?? 60;
/** A guest calling a signed-in method is refused before its input is read: a few runs suffice. */
const RUNS_BEHIND_AUTH = 4;

function seedFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return Math.floor(Math.random() * 0x7fffffff);
  if (!/^-?\d+$/.test(value)) throw new Error(`FUZZ_SEED must be an integer, not ${JSON.stringify(value)}`);
  return Number(value) | 0;
}

function runsFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new Error(`FUZZ_RUNS must be a positive integer, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** Each test's own seed: the run's seed mixed with the test's name (FNV-1a), so tests draw apart. */
function seedFor(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index++) hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  return (BASE_SEED ^ hash) | 0;
}

// ---------------------------------------------------------------------------------------------
// Generated values
// ---------------------------------------------------------------------------------------------

/**
 * A generated value, kept as data so a counterexample prints what was sent:
 * - a string, a boolean or null;
 * - `{n}`: a number literal, raw in JSON (`1e400` parses to Infinity, `-0`, 30 digits), its text in a form;
 * - `{raw}`: text put in a query or form as is, unescaped (`%ZZ`, `%ED%A0%80`, `&`);
 * - `{ref}`: a value of the run's state, resolved when sent (the player's e-mail, a game token);
 * - `{a, style}`: an array, in bracket notation as `k[]=`, `k[0]=`, or `k=` repeated;
 * - `{o}`: an object as a list of entries, so a key may come twice.
 */
type Value = string | boolean | null | { n: string } | { raw: string } | { ref: Ref } | { a: Value[]; style: ArrayStyle } | { o: Entry[] };
type Entry = [string, Value];
type ArrayStyle = 'brackets' | 'indices' | 'repeat';
type Engine = 'slot' | 'roulette' | 'dice' | 'blackjack';
type Ref =
  | 'email'
  | 'uid'
  | 'operator_token'
  /** Half an hour ago, as an ISO time (reality checks look back at most a day). */
  | 'recent_time'
  /** A game session of the caller on that engine's first game. */
  | `token:${'demo' | 'real'}:${Engine}`
  /** A demo blackjack round of the caller, dealt on `token:demo:blackjack`. */
  | 'blackjack_round'
  /** The player's bonuses (got by using the demo promo codes when first needed). */
  | 'bonus_id'
  | 'betting_bonus_id'
  /** A support chat conversation, for the operator console's methods. */
  | 'conversation_id';
const ENGINES: Engine[] = ['slot', 'roulette', 'dice', 'blackjack'];

const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', '\u2029'];
const UNICODE = [
  '\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83c', '\ude00b', // lone surrogates
  '\u202e', '\u202d', '\u200f', '\u2066', 'עברית', 'العربية', // right to left
  '\u200b', '\u200d', '\ufeff', '\ufffe', '\uffff', '\u00a0', '\u3000',
  '🎰', '👨‍👩‍👧‍👦', '🏳️‍🌈', '𝕏', 'e\u0301', '\u0301\u0302\u0303', 'a' + '\u0301'.repeat(60), // emoji, combining marks
  'İ', 'ß', 'ﬃ', 'Ａ', '١٢٣', '𝟗', 'Ⅻ', '中文', 'Ω',
];
const NUMERIC_TEXT = [
  '0', '-0', '+0', '00', '1', '-1', '0.1', '1.5', '.5', '5.', '1e3', '1e308', '1e309', '-1e308', '1e-400', '5e-324', '1.7976931348623157e308',
  'NaN', '-NaN', 'Infinity', '-Infinity', 'inf', '9007199254740991', '9007199254740993', '99999999999999999999', '123456789012345678901234567890',
  '2147483647', '2147483648', '-2147483648', '-2147483649', '4294967296', '9223372036854775807', '9223372036854775808', '-9223372036854775809',
  '0x10', '0b11', '0o7', '1_000', '1,5', '1 000', ' 1', '1 ', '\t1', '١', '１', 'Ⅷ', '0.000000001', '99999999.99', '100000000000.00', '1.005', '-0.00', '10.999',
];
/** Ids no integer column holds, as text and as JSON numbers. */
const ID_EDGES: Value[] = ['0', '-1', '2147483647', '2147483648', '-2147483649', '4294967296', '9007199254740993', '99999999999999999999', '1e3', '1.5', ' 1', '0x1', { n: '2147483648' }, { n: '1e400' }, { n: '99999999999' }];
/** JSON number literals: raw in a JSON body, where `1e400` parses to Infinity and 30 digits lose precision. */
const JSON_NUMBERS = ['0', '-0', '1', '-1', '0.5', '2', '10', '1e308', '-1e308', '1e400', '-1e400', '5e-324', '1e-400', '9007199254740993', '123456789012345678901234567890', '2147483648', '-2147483649', '9223372036854775808', '100.999'];
const WEIRD_TEXT = [
  "' OR '1'='1", "'; drop table users; --", '%', '_', '\\', '%_\\', '$1', '${x}', '{{x}}', '<script>alert(1)</script>', '../../etc/passwd', 'C:\\con',
  'null', 'undefined', 'true', 'false', '[]', '{}', '[object Object]', '__proto__', 'constructor', ' ', '', '  \t ', 'a,b,,c', ',', 'a&b=c', '+', '#',
  'http://evil.example/', 'javascript:alert(1)', 'mailto:a@b', '@', 'a@b', 'a@b.c', '+33612345678', '0000-00-00', '2026-13-45', '2026-02-30T25:61:61Z',
  '9999-12-31T23:59:59.999999+14:00', '1970-01-01T00:00:00Z', '2026-05-01T00:00:00Z',
];
/** Pieces put unescaped into a query or form: bad escapes, invalid UTF-8, separators. */
const RAW_FRAGMENTS = ['%', '%Z', '%ZZ', '%0', '%00', '%0A', '%C3', '%C3%28', '%ED%A0%80', '%F0%9F', '%FF%FE', '%25', '+', '&', '=', '&&', '==', '[', ']', '[]', '%5B%5D', ';', 'a'];
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', '[]', ']', '[', 'a]b', 'a[b', '0', '-1', 'v', 'locale', 'non_strict', 'é', '\u0000', '🎰', 'k'.repeat(200), 'options', 'fields', 'id', 'data', 'error'];

/** Long text: just past the usual field limits (32, 64, 100, 128, 254, 1000, 4000, 8192), and far past them. */
const hugeText = fc
  .record({ unit: fc.constantFrom('x', '9', '🎰', '\u0301', '\u0000', 'é', ' ', '%'), count: fc.constantFrom(33, 65, 101, 129, 255, 257, 1_001, 4_001, 8_193, 70_000) })
  .map(({ unit, count }) => unit.repeat(count));

const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...CONTROL), fc.constantFrom(...UNICODE), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 5 })
      .map((parts) => parts.join('')),
  },
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_TEXT) },
  { weight: 4, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
  { weight: 1, arbitrary: hugeText },
);

/** Text without control characters, which every field refuses before its own rules run. */
const printable: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.oneof(fc.constantFrom(...UNICODE), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
  fc.constantFrom(...WEIRD_TEXT),
);

const leaf: fc.Arbitrary<Value> = fc.oneof(
  { weight: 12, arbitrary: text },
  { weight: 3, arbitrary: fc.constantFrom(...JSON_NUMBERS).map((n): Value => ({ n })) },
  { weight: 1, arbitrary: fc.double().map((d): Value => ({ n: Number.isFinite(d) ? String(d) : '1e400' })) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((b): Value => ({ n: b.toString() })) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...RAW_FRAGMENTS), { minLength: 1, maxLength: 4 }).map((parts): Value => ({ raw: parts.join('') })) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const arrayStyle = fc.constantFrom<ArrayStyle>('brackets', 'indices', 'repeat');
const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('a', 'b', 'id', 'amount', 'name', '0', '1') }, { weight: 1, arbitrary: fc.constantFrom(...EXTRA_KEYS) });

/** Any value: mostly leaves, sometimes arrays and objects (wrong shapes), a few past the parser's limits. */
function anyValue(depth: number): fc.Arbitrary<Value> {
  if (depth <= 0) return leaf;
  const inner = anyValue(depth - 1);
  return fc.oneof(
    { weight: 10, arbitrary: leaf },
    { weight: 2, arbitrary: fc.record({ a: fc.array(inner, { maxLength: 4 }), style: arrayStyle }) },
    { weight: 2, arbitrary: fc.record({ o: fc.array(fc.tuple(key, inner), { maxLength: 3 }) }) },
    // Past the spec's limits (20 array items, depth 5): InvalidRequestException when parsed from a form.
    { weight: 1, arbitrary: fc.record({ a: fc.array(leaf, { minLength: 21, maxLength: 30 }), style: arrayStyle }) },
    { weight: 1, arbitrary: fc.integer({ min: 4, max: 9 }).map((levels) => nested(levels, 'deep')) },
  );
}

const nested = (levels: number, value: Value): Value => (levels === 0 ? value : { o: [['a', nested(levels - 1, value)]] });

// ---------------------------------------------------------------------------------------------
// What each method's schema accepts, to draw inputs that reach its handler
// ---------------------------------------------------------------------------------------------

type Spec =
  | { kind: 'enum'; values: string[] }
  | { kind: 'regex'; pattern: RegExp }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'string'; max: number }
  | { kind: 'boolean' }
  | { kind: 'array'; element: Spec }
  | { kind: 'object'; fields: Record<string, { spec: Spec; optional: boolean }> }
  | { kind: 'record'; value: Spec }
  | { kind: 'union'; options: Spec[] }
  | { kind: 'any' };

type ZodDef = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;
type CheckDef = { check?: string; format?: string; pattern?: RegExp; maximum?: number; value?: number };
const checksOf = (def: ZodDef): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

/** Reads a zod schema (v4 internals, test only) as the plausible shape of its input. */
function specOf(schema: unknown): Spec {
  const def = defOf(schema);
  if (!def) return { kind: 'any' };
  switch (def.type) {
    case 'object':
      return {
        kind: 'object',
        fields: Object.fromEntries(
          Object.entries(def.shape as Record<string, unknown>).map(([name, field]) => [name, { spec: specOf(field), optional: (field as { _zod: { optin?: string } })._zod.optin === 'optional' }]),
        ),
      };
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return specOf(def.innerType);
    case 'pipe':
      // A preprocess is a pipe from a transform: what it accepts is read from its output schema.
      return defOf(def.in)?.type === 'transform' ? specOf(def.out) : specOf(def.in);
    case 'union':
      return { kind: 'union', options: (def.options as unknown[]).map(specOf) };
    case 'enum':
      return { kind: 'enum', values: Object.values(def.entries as Record<string, string>).map(String) };
    case 'array':
      return { kind: 'array', element: specOf(def.element) };
    case 'record':
      return { kind: 'record', value: specOf(def.valueType) };
    case 'boolean':
      return { kind: 'boolean' };
    case 'string': {
      const checks = checksOf(def);
      const pattern = checks.find((check) => check.pattern)?.pattern;
      if (pattern) return { kind: 'regex', pattern };
      return { kind: 'string', max: checks.find((check) => check.check === 'max_length')?.maximum ?? 64 };
    }
    case 'number': {
      const checks = checksOf(def);
      const bound = (name: string, fallback: number) => checks.find((check) => check.check === name)?.value ?? fallback;
      return { kind: 'number', min: bound('greater_than', -Infinity), max: bound('less_than', Infinity) };
    }
    default:
      return { kind: 'any' };
  }
}

/** The run's known good values: seeded ids and names, so inputs get past the schema and the first lookups. */
type Known = {
  sysnames: string[];
  tournamentIds: number[];
  tournamentSysnames: string[];
  selections: { id: number; odds: string }[];
  eventIds: number[];
  campaignIds: number[];
  campaignSysnames: string[];
  productIds: number[];
  depositMethods: string[];
  withdrawMethods: string[];
  requisiteFields: string[];
  /** The first game of each studio engine. */
  engines: Partial<Record<Engine, string>>;
  programSysnames: string[];
  characterIds: number[];
  jackpotIds: string[];
};

/** The seeded content pages (no method lists them). */
const CONTENT_SLUGS = (JSON.parse(readFileSync(new URL('../db/seed/content-pages.json', import.meta.url), 'utf8')) as { slug: string }[]).map((page) => page.slug);
const PROMO_CODES = ['WELCOME', 'LUCKY10', 'FREEBET5', 'SUMMER25', 'welcome', 'NOPE'];
const ROULETTE_TYPES = ['straight', 'split', 'street', 'corner', 'sixline', 'column', 'dozen', 'red', 'black', 'odd', 'even', 'low', 'high'];

/** Plausible values by field name (`method.field` first), where the schema alone says too little. */
function dictionary(known: Known): Record<string, fc.Arbitrary<Value>> {
  const small = fc.integer({ min: 1, max: 6 }).map(String);
  const amount = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('1', '2', '10', '10.50', '0.01', '0.20', '100', '5000') },
    { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
    { weight: 1, arbitrary: fc.constantFrom(...JSON_NUMBERS).map((n): Value => ({ n })) },
  );
  const number = fc.oneof(fc.integer({ min: -10, max: 10_000 }).map((n): Value => ({ n: String(n) })), fc.constantFrom(...JSON_NUMBERS).map((n): Value => ({ n })), fc.constantFrom(...NUMERIC_TEXT));
  const oneOf = <T extends Value>(values: T[], fallback: fc.Arbitrary<Value> = small) => (values.length ? fc.constantFrom(...values) : fallback);
  /** An id: mostly one that exists, sometimes one no integer column holds (the edges of int4 and of doubles). */
  const id = (values: number[]) => fc.oneof({ weight: 4, arbitrary: oneOf(values.map(String)) }, { weight: 1, arbitrary: fc.constantFrom<Value>(...ID_EDGES) });
  const sysname = oneOf(known.sysnames);
  const rouletteBet = fc.record({
    o: fc.tuple(fc.constantFrom(...ROULETTE_TYPES), fc.array(number, { maxLength: 4 }), number, amount).map(([type, numbers, index, stake]): Entry[] => [
      ['type', type],
      ['numbers', { a: numbers, style: 'indices' }],
      ['index', index],
      ['amount', stake],
    ]),
  });
  const betObject = fc.oneof(
    fc.tuple(amount).map(([stake]): Value => ({ o: [['amount', stake]] })),
    fc.tuple(amount, number, fc.constantFrom('over', 'under', 'sideways')).map(([stake, target, direction]): Value => ({ o: [['amount', stake], ['target', target], ['direction', direction]] })),
    fc.array(rouletteBet, { minLength: 1, maxLength: 3 }).map((bets): Value => ({ o: [['bets', { a: bets, style: 'indices' }]] })),
  );
  const leg = fc.tuple(id(known.selections.map((selection) => selection.id)), fc.oneof(oneOf(known.selections.map((selection) => selection.odds)), amount));
  return {
    sysname,
    game: sysname,
    category: fc.constantFrom('all', 'slot', 'casino', 'live', 'fast', 'nope'),
    token: fc.constantFrom<Value>(...ENGINES.flatMap((engine) => (['demo', 'real'] as const).map((mode): Value => ({ ref: `token:${mode}:${engine}` })))),
    'games/act.token': fc.constantFrom<Value>({ ref: 'token:demo:blackjack' }, { ref: 'token:demo:blackjack' }, { ref: 'token:real:blackjack' }, { ref: 'token:demo:slot' }),
    'games/act.round_id': fc.oneof({ weight: 3, arbitrary: fc.constant<Value>({ ref: 'blackjack_round' }) }, { weight: 1, arbitrary: fc.uuid() }),
    'games/verifyRound.round_id': fc.oneof({ weight: 3, arbitrary: fc.constant<Value>({ ref: 'blackjack_round' }) }, { weight: 1, arbitrary: fc.uuid() }),
    'responsibleGaming/realityCheck.since': fc.oneof(
      { weight: 3, arbitrary: fc.constant<Value>({ ref: 'recent_time' }) },
      { weight: 1, arbitrary: fc.constantFrom('2026-05-01T00:00:00Z', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-02-30T25:61:61Z', 'yesterday', '0', '-1') },
    ),
    bonus_id: fc.oneof(fc.constantFrom<Value>({ ref: 'bonus_id' }, { ref: 'betting_bonus_id' }), id([1, 2, 3, 4, 5, 6])),
    'chat/operator/conversation.id': fc.oneof({ weight: 3, arbitrary: fc.constant<Value>({ ref: 'conversation_id' }) }, { weight: 1, arbitrary: id([1, 2, 3, 4, 5, 6]) }),
    'chat/operator/reply.id': fc.oneof({ weight: 3, arbitrary: fc.constant<Value>({ ref: 'conversation_id' }) }, { weight: 1, arbitrary: id([1, 2, 3, 4, 5, 6]) }),
    'games/play.bet': fc.oneof(betObject, betObject.map((bet) => jsonText(bet))),
    'games/launch.mode': fc.constantFrom('real', 'demo'),
    mode: fc.constantFrom('real', 'demo'),
    tournament_id: id(known.tournamentIds),
    'tournaments/get.sysname': oneOf(known.tournamentSysnames),
    'games/get.id': fc.oneof(id(known.tournamentIds), oneOf(known.tournamentSysnames)),
    'tournaments/get.ids': fc.oneof(id(known.tournamentIds), fc.array(id(known.tournamentIds), { minLength: 1, maxLength: 3 }).map((ids): Value => ({ a: ids, style: 'brackets' }))),
    'games/get.type': fc.constantFrom('tournament', 'slot'),
    'betting/getEvent.id': id(known.eventIds),
    competition_id: id([1, 2, 3]),
    'betting/getSlip.ids': fc.array(id(known.selections.map((selection) => selection.id)), { minLength: 1, maxLength: 14 }).map((ids): Value => ids.join(',')),
    legs: fc.array(leg, { minLength: 1, maxLength: 13 }).map((legs): Value => ({ a: legs.map(([id, odds]): Value => ({ o: [['selection_id', id], ['odds', odds]] })), style: 'indices' })),
    stake: amount,
    amount,
    offer_id: id(known.campaignIds),
    campaign_offer_id: fc.oneof(fc.constant('-1'), id(known.campaignIds)),
    'popups/get.sysname': oneOf(known.campaignSysnames),
    'campaigns/getoffers.sysname': oneOf(known.campaignSysnames),
    product_id: id(known.productIds),
    'loyalty/getProgram.sysname': oneOf(known.programSysnames),
    'loyalty/setcharacter.id': id(known.characterIds),
    character_id: id(known.characterIds),
    'jackpots/get.id': oneOf(known.jackpotIds),
    'jackpots/getWinners.id': oneOf(known.jackpotIds),
    slug: fc.constantFrom(...CONTENT_SLUGS, 'nope'),
    path: fc.constantFrom('/gamehall', '/gamehall/slot', '/gamehall/live', '/nope'),
    promo_code: fc.constantFrom(...PROMO_CODES),
    'cashier/makedeposit.method': oneOf(known.depositMethods, fc.constant('nope')),
    'cashier/makewithdrawal.method': oneOf(known.withdrawMethods, fc.constant('nope')),
    requisites: fc
      .array(fc.tuple(known.requisiteFields.length ? fc.constantFrom(...known.requisiteFields) : fc.constant('iban'), fc.oneof(text, fc.constantFrom('FR7630006000011234567890189', '4111111111111111'))), { maxLength: 3 })
      .map((o): Value => ({ o })),
    currency: fc.constantFrom('EUR', 'USD', 'GBP', 'CAD', 'eur', 'XXX', 'BTC'),
    email: fc.constantFrom<Value>({ ref: 'email' }, 'fuzz@example.com', 'a@b.c'),
    // A new address each run, so that sign-ups get through with the other fields' values.
    'register.email': fc.oneof(
      fc.nat().map((n) => `fuzz.${n}@example.com`),
      fc.constantFrom<Value>({ ref: 'email' }, 'A+B@EXAMPLE.COM', 'ü@exämple.com', '"a b"@example.com', `${'a'.repeat(64)}@example.com`, 'a@b'),
    ),
    'register.is_tg': fc.constantFrom('0', 'false', '1'),
    phone: fc.constantFrom('+33612345678', '0612345678', '+1 202 555 0143', '+999999999999999', '+0', '+33 6 12 34 56 78 90 12'),
    phone_country_code: fc.constantFrom('FR', 'US', 'ZZ', 'fr'),
    first_name: printable,
    last_name: fc.constantFrom('Dupont', 'O\'Brien', 'Łukasz', 'Nguyễn', '李'),
    birth_date: fc.constantFrom('1990-01-01', '1900-01-01', '1899-12-31', '2030-01-01', '1990-02-30', '31/12/1990', '0000-01-01', '+275760-09-13'),
    sex: fc.constantFrom('0', '1', '2'),
    country_code: fc.constantFrom('FR', 'DE', 'ZZ', 'fr'),
    postcode: fc.constantFrom('75001', '00000', 'SW1A 1AA', '99999999999'),
    document_type: fc.constantFrom('passport', 'id_card', 'driving_licence', 'cpf', 'other'),
    document_number: fc.constantFrom('12345678909', '123.456.789-09', '00000000000', 'AB123456'),
    login: fc.constantFrom<Value>({ ref: 'email' }, '+33612345678', 'nobody@example.com'),
    contact: fc.constantFrom<Value>({ ref: 'email' }, '+33612345678', 'other@example.com'),
    password: fc.constantFrom('secret12', 'short', 'x'.repeat(128)),
    password_confirmation: fc.constantFrom('secret12', 'short'),
    old_password: fc.constantFrom('secret12', 'wrong-one'),
    terms: fc.constantFrom('1', '0', 'true', 'on'),
    code: fc.constantFrom('123456', '000000', '12345', 'abcdef', '1234567'),
    'chat/operator/login.token': fc.constantFrom<Value>({ ref: 'operator_token' }, 'not-the-token'),
    'chat/operator/login.name': fc.constantFrom('Sam', 'S', 'Operator One'),
    'responsibleGaming/setLimit.kind': fc.constantFrom('loss', 'wager', 'session', 'deposit'),
    'responsibleGaming/setLimit.period': fc.constantFrom('day', 'week', 'month', 'year'),
    'responsibleGaming/exclude.kind': fc.constantFrom('time_out', 'self_exclusion', 'forever'),
    'responsibleGaming/exclude.length': fc.constantFrom('24h', '7d', '6w', '6m', '1y', '2y', '5y', '0d'),
    'responsibleGaming/exclude.confirm': fc.constantFrom('1', '0'),
    'verification/upload.kind': fc.constantFrom('identity_front', 'identity_back', 'proof_of_address', 'selfie', 'passport'),
    'verification/remove.id': fc.oneof(small, text),
    from: fc.constantFrom('2026-05-01', '2000-01-01', '2200-12-31', '1999-12-31', '2026-05-01T10:00:00Z', '2026-05-01T10:00:00.123456+14:00'),
    to: fc.constantFrom('2026-05-02', '2200-12-31', '2026-04-30', '2026-05-01T10:00:00-12:00'),
    uid: fc.constant<Value>({ ref: 'uid' }),
  };
}

const jsonText = (value: Value): string => toJson(value, () => '');

/** A plausible value of a field: known values first, else what its schema accepts. */
function plausible(spec: Spec, names: string[], dict: Record<string, fc.Arbitrary<Value>>): fc.Arbitrary<Value> {
  for (const name of names) if (dict[name]) return dict[name];
  switch (spec.kind) {
    case 'enum':
      return fc.constantFrom(...spec.values);
    case 'regex':
      return fc.stringMatching(spec.pattern, { size: 'xsmall' });
    case 'number': {
      // Mostly small values in range; sometimes the schema's own bounds and just past them.
      const edges = [spec.min, spec.max, spec.min - 1, spec.max + 1].filter(Number.isFinite).map(String);
      const small = fc.integer({ min: Math.max(spec.min, -5), max: Math.min(spec.max, 100) });
      return fc
        .oneof({ weight: 4, arbitrary: small.map(String) }, { weight: 1, arbitrary: edges.length ? fc.constantFrom(...edges) : small.map(String) })
        .chain((n) => fc.constantFrom<Value>(n, { n }));
    }
    case 'string':
      // Printable text (control characters come with the mutations): words, unicode, injection-looking text.
      return fc.oneof(fc.string({ maxLength: Math.min(spec.max, 16) }), printable.filter((value) => value.length <= spec.max));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.record({ a: fc.array(plausible(spec.element, [], dict), { minLength: 1, maxLength: 4 }), style: arrayStyle });
    case 'object':
      return fc.record({
        o: fc
          .tuple(...Object.entries(spec.fields).map(([name, field]) => fc.option(fc.tuple(fc.constant(name), plausible(field.spec, [name], dict)))))
          .map((entries) => entries.filter((entry): entry is Entry => entry !== null)),
      });
    case 'record':
      return fc.record({ o: fc.array(fc.tuple(fc.string({ maxLength: 8 }), plausible(spec.value, [], dict)), { maxLength: 3 }) });
    case 'union':
      return fc.oneof(...spec.options.map((option) => plausible(option, names, dict)));
    case 'any':
      return anyValue(1);
  }
}

// ---------------------------------------------------------------------------------------------
// A request, as data
// ---------------------------------------------------------------------------------------------

type FileSpec = { field: string; filename: string; type: string; content: 'png' | 'png-trailer' | 'jpeg-junk' | 'pdf' | 'pdf-js' | 'html' | 'empty' | 'random' | 'huge' };

type Body =
  | { kind: 'none' }
  | { kind: 'form'; contentType: string; entries: Entry[] }
  | { kind: 'multipart'; entries: Entry[]; files: FileSpec[] }
  | { kind: 'json'; contentType: string; value: Value }
  | { kind: 'raw'; contentType: string | null; text: string };

type FuzzCase = {
  verb: string;
  /** The method name as written in the path (names match without regard to case). */
  path: string;
  query: Entry[];
  body: Body;
  /** `&p0=&p1=...` added to the query: past 1000 parameters the parser refuses the call. */
  padding: number;
  escapeBrackets: boolean;
  origin: 'none' | 'same' | 'foreign';
  /** Extra cookies: junk session, visitor and locale cookies. */
  cookies: string | null;
};

const MALFORMED_JSON = [
  '{', '{"a":', '{"a":1,}', "{'a':1}", '{a:1}', '[]', '[1,2]', '"text"', '123', 'null', 'true', '\ufeff{}', '{"a":1}{"b":2}', '{"a":1} x',
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}', 'NaN', '{"a":NaN}', '{"a":Infinity}', '{"a":-}', '{"a":1e99999}', '{"a":"\\ud800"}',
  '{"a":"\\u0000"}', '{"a":"\\x00"}', '/*c*/{}', '{"a":1} // c', '{"a":01}', '{"a":.5}', '{"a":+1}', '{"a":0x10}', '{"a":"\u0000"}', '{"a":"\n"}',
  '['.repeat(20_000), '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000), `{"a":"${'x'.repeat(200_000)}"}`, '\u0000', '',
];
const RAW_CONTENT_TYPES = [
  'application/json', 'APPLICATION/JSON', 'application/json; charset=utf-16', 'application/json;charset=latin1', 'text/plain', 'text/plain;charset=UTF-8', 'application/xml',
  'multipart/form-data', 'multipart/form-data; boundary=zzz', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=zzz', 'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-16', 'application/octet-stream', 'application/jsonp', '*/*', 'application/json, text/plain', 'text/html', 'x',
];
const RAW_TEXTS = [
  ...MALFORMED_JSON,
  'a=1&b[c]=2&b[c]=3', 'a[b]=1&a=2', 'a[][b]=1&a[][c]=2', 'keys[]=a&keys[21]=b', '%ZZ=%C3&=&&=x', '<?xml version="1.0"?><a>1</a>',
  '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zzz--\r\n', '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
  '--zzz\r\n\r\n', '--zzz--', 'a'.repeat(100_000),
];
const CONTENT_TYPES_FORM = ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8', 'Application/X-WWW-Form-Urlencoded'];
const CONTENT_TYPES_JSON = ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'];
const FILENAMES = ['id.png', 'id.jpg', 'scan.pdf', '../../etc/passwd', 'a\u0000.png', '🎰.png', '\u202egnp.exe', 'x'.repeat(300) + '.png', '', 'CON'];
const FILE_TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'text/html', 'application/octet-stream', '', 'image/svg+xml'];

/** A field-level change to an otherwise plausible input: one wrong value, a missing field, an unknown or repeated key. */
type Mutation = { set: string; value: Value } | { drop: string } | { add: string; value: Value };

function applyMutations(entries: Entry[], mutations: Mutation[]): Entry[] {
  let out = [...entries];
  for (const mutation of mutations) {
    if ('drop' in mutation) out = out.filter(([name]) => name !== mutation.drop);
    else if ('set' in mutation) {
      const at = out.findIndex(([name]) => name === mutation.set);
      if (at >= 0) out[at] = [mutation.set, mutation.value];
      else out.push([mutation.set, mutation.value]);
    } else out.push([mutation.add, mutation.value]); // a repeated key (a duplicate) or an unknown one
  }
  return out;
}

const fileArb = (upload: boolean) =>
  fc.record({
    field: upload ? fc.constantFrom('file', 'file', 'file', 'kind', 'other') : fc.constantFrom('file', 'a'),
    filename: fc.constantFrom(...FILENAMES),
    type: fc.constantFrom(...FILE_TYPES),
    content: fc.constantFrom<FileSpec['content']>('png', 'png', 'png', 'png-trailer', 'jpeg-junk', 'pdf', 'pdf-js', 'html', 'empty', 'random', 'huge'),
  });

/** How a POST carries well-formed input: a form, multipart, JSON, or the query alone. */
type Carrier = 'form' | 'multipart' | 'json' | 'query';

function carry(carrier: Carrier, contentType: string, entries: Entry[], files: FileSpec[], inQuery: boolean[]): { query: Entry[]; body: Body } {
  if (carrier === 'query') return { query: entries, body: { kind: 'none' } };
  // Some fields go in the query beside the body (a body field wins over a query field of its name).
  const query = entries.filter((_, index) => inQuery[index]);
  const rest = entries.filter((_, index) => !inQuery[index]);
  if (carrier === 'form') return { query, body: { kind: 'form', contentType, entries: rest } };
  if (carrier === 'multipart') return { query, body: { kind: 'multipart', entries: rest, files } };
  return { query, body: { kind: 'json', contentType, value: { o: rest } } };
}

/**
 * One request for a method. Most are a plausible input (each field from its schema or the run's
 * known values) with zero to three field-level mutations, so that wrong values reach the handler
 * one at a time rather than being refused together by the schema; the rest break the transport:
 * a raw or mislabelled body, malformed JSON, a wrong verb, a foreign origin, too many
 * parameters, junk cookies or transport fields.
 */
function caseArb(method: ApiMethod, dict: Record<string, fc.Arbitrary<Value>>): fc.Arbitrary<FuzzCase> {
  const spec = specOf(method.input);
  const fields = spec.kind === 'object' ? spec.fields : {};
  const names = Object.keys(fields);
  const upload = method.upload !== undefined;
  const ownFields: Spec = { kind: 'object', fields: Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'options')) };
  const plausibleEntry = (name: string) => {
    // games/get's `options`: the method's other fields again, as JSON text (the client's form) or nested.
    if (name === 'options' && fields[name].spec.kind === 'any') {
      const nested = plausible(ownFields, [], dict);
      return fc.oneof(nested.map(jsonText), nested).map((value): Entry => [name, value]);
    }
    return plausible(fields[name].spec, [`${method.name}.${name}`, name], dict).map((value): Entry => [name, value]);
  };
  const base: fc.Arbitrary<Entry[]> = fc
    .tuple(...names.map((name) => (fields[name].optional ? fc.option(plausibleEntry(name), { freq: 2 }) : plausibleEntry(name).map((entry): Entry | null => entry))))
    .map((entries) => entries.filter((entry): entry is Entry => entry !== null));
  const fieldName = names.length ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom(...EXTRA_KEYS) }) : fc.constantFrom(...EXTRA_KEYS);
  const edgeNumber = fc.oneof(fc.constantFrom(...NUMERIC_TEXT), fc.constantFrom(...JSON_NUMBERS).map((n): Value => ({ n })));
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ set: fieldName, value: anyValue(2) }) },
    { weight: 3, arbitrary: fc.record({ set: fieldName, value: edgeNumber }) },
    { weight: 2, arbitrary: fc.record({ set: fieldName, value: hugeText }) },
    { weight: 2, arbitrary: fc.record({ drop: fieldName }) },
    { weight: 2, arbitrary: fc.record({ add: fieldName, value: anyValue(1) }) },
  );
  const mutations = fc.oneof({ weight: 7, arbitrary: fc.constant<Mutation[]>([]) }, { weight: 9, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) }, { weight: 4, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) });
  const entries = fc.tuple(base, mutations).map(([entries, changes]) => applyMutations(entries, changes));

  const verbs = method.verb === 'ANY' ? ['GET', 'POST'] : [method.verb];
  const carrier = fc.constantFrom<Carrier>(...(upload ? (['multipart', 'multipart', 'multipart', 'form', 'json'] as const) : (['form', 'form', 'multipart', 'json', 'json', 'query'] as const)));
  /** Which spelling of the carrier's content type (charset parameter, letter case, a +json type). */
  const contentType = fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(1, 2) });
  const wellFormed = fc
    .record({
      verb: fc.constantFrom(...verbs),
      entries,
      carrier,
      contentType,
      files: upload ? fc.array(fileArb(true), { minLength: 1, maxLength: 2 }) : fc.constant<FileSpec[]>([]),
      inQuery: fc.array(fc.boolean(), { maxLength: 4 }),
      origin: fc.constantFrom<FuzzCase['origin']>('none', 'same'),
    })
    .map(({ verb, entries, carrier, contentType, files, inQuery, origin }): FuzzCase => {
      const type = (carrier === 'json' ? CONTENT_TYPES_JSON : CONTENT_TYPES_FORM)[contentType];
      const carried = verb === 'GET' ? { query: entries, body: { kind: 'none' } as Body } : carry(carrier, type, entries, files, inQuery);
      return { verb, path: method.name, ...carried, padding: 0, escapeBrackets: false, origin, cookies: null };
    });

  const transport: fc.Arbitrary<Entry[]> = fc
    .tuple(
      fc.option(fc.oneof(fc.constantFrom<Value>('en', 'fr', 'de', '', 'EN', 'fr-FR'), anyValue(1)), { freq: 2 }),
      fc.option(fc.oneof(fc.constant<Value>('2.34'), leaf), { freq: 2 }),
      fc.option(fc.oneof(fc.constant<Value>('1'), leaf), { freq: 2 }),
    )
    .map(([locale, version, framed]) => [
      ...(locale === null ? [] : [['locale', locale] as Entry]),
      ...(version === null ? [] : [['v', version] as Entry]),
      ...(framed === null ? [] : [['non_strict', framed] as Entry]),
    ]);
  const rawBody: fc.Arbitrary<Body> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('raw' as const), contentType: fc.option(fc.constantFrom(...RAW_CONTENT_TYPES), { freq: 8 }), text: fc.oneof(fc.constantFrom(...RAW_TEXTS), text) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), contentType: fc.constant('application/json'), value: anyValue(2) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('multipart' as const), entries, files: fc.array(fileArb(upload), { maxLength: 2 }) }) },
  );
  const chaotic = fc
    .record({
      base: wellFormed,
      verb: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') }),
      path: fc.constantFrom(method.name, method.name.toLowerCase(), method.name.toUpperCase()),
      body: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: rawBody }),
      transport,
      padding: fc.constantFrom(0, 0, 0, 40, 1_001),
      escapeBrackets: fc.boolean(),
      origin: fc.constantFrom<FuzzCase['origin']>('none', 'same', 'foreign'),
      cookies: fc.option(
        fc.constantFrom('sid=x', `sid=${'a'.repeat(300)}`, 'sid=%00', 'sid="quoted"', 'vid=short', `vid=${'v'.repeat(22)}`, 'i18n_locale=xx', 'i18n_locale=fr', 'support_operator=forged.sig', 'chat_guest=forged'),
        { freq: 2 },
      ),
    })
    .map(({ base, verb, path, body, transport, padding, escapeBrackets, origin, cookies }): FuzzCase => {
      const finalVerb = verb ?? base.verb;
      // A GET or an OPTIONS has no body: what a POST would have sent goes in the query.
      const bodyless = finalVerb === 'GET' || finalVerb === 'OPTIONS';
      const chosenBody = body ?? base.body;
      const query = bodyless && chosenBody.kind !== 'none' && chosenBody.kind !== 'raw' ? [...base.query, ...('entries' in chosenBody ? chosenBody.entries : [])] : base.query;
      return { verb: finalVerb, path, query: [...transport, ...query], body: bodyless ? { kind: 'none' } : chosenBody, padding, escapeBrackets, origin, cookies };
    });
  return fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: chaotic });
}

// ---------------------------------------------------------------------------------------------
// Encoding and sending
// ---------------------------------------------------------------------------------------------

/** What the refs of a role resolve to: filled when first needed, emptied when a new player signs up. */
type State = {
  email: string;
  uid: number;
  tokens: Partial<Record<string, string>>;
  /** The smallest stake of each game session. */
  stakes: Partial<Record<string, string>>;
  blackjackRound?: string;
  bonusId?: number;
  bettingBonusId?: number;
};

const OPERATOR_TOKEN = 'fuzz-operator-token-0123456789abcdef';

function resolve(ref: Ref, state: State): string {
  switch (ref) {
    case 'email':
      return state.email;
    case 'uid':
      return String(state.uid);
    case 'operator_token':
      return OPERATOR_TOKEN;
    case 'recent_time':
      return new Date(Date.now() - 30 * 60_000).toISOString();
    case 'blackjack_round':
      return state.blackjackRound ?? '00000000-0000-4000-8000-000000000000';
    case 'bonus_id':
      return String(state.bonusId ?? 1);
    case 'betting_bonus_id':
      return String(state.bettingBonusId ?? 1);
    case 'conversation_id':
      return String(conversationId ?? 1);
    default:
      // A game session the caller could not open (a guest's real-money one): a token of no one's.
      return state.tokens[ref] ?? 'none-of-the-callers-sessions';
  }
}

const isObject = (value: Value): value is { o: Entry[] } => typeof value === 'object' && value !== null && 'o' in value;
const isArray = (value: Value): value is { a: Value[]; style: ArrayStyle } => typeof value === 'object' && value !== null && 'a' in value;

/** JSON text of a value, with an object's entries as they are (duplicate keys stay) and number literals raw. */
function toJson(value: Value, ref: (ref: Ref) => string): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if ('n' in value) return value.n;
  if ('raw' in value) return JSON.stringify(value.raw);
  if ('ref' in value) return JSON.stringify(ref(value.ref));
  if ('a' in value) return `[${value.a.map((item) => toJson(item, ref)).join(',')}]`;
  return `{${value.o.map(([name, item]) => `${JSON.stringify(name)}:${toJson(item, ref)}`).join(',')}}`;
}

/**
 * Percent-encodes text as UTF-8; a lone surrogate (which encodeURIComponent refuses) is written
 * as its three WTF-8 bytes, invalid UTF-8 the server must read without failing.
 */
function escapeText(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

/** A form field: its key in bracket notation and its value, `raw` when it goes unescaped. */
type Pair = { key: string; value: string; raw: boolean };

function flatten(key: string, value: Value, ref: (ref: Ref) => string, out: Pair[]): Pair[] {
  if (value === null) out.push({ key, value: '', raw: false });
  else if (typeof value === 'boolean' || typeof value === 'string') out.push({ key, value: String(value), raw: false });
  else if ('n' in value) out.push({ key, value: value.n, raw: false });
  else if ('raw' in value) out.push({ key, value: value.raw, raw: true });
  else if ('ref' in value) out.push({ key, value: ref(value.ref), raw: false });
  else if (isArray(value)) {
    value.a.forEach((item, index) => {
      const leafItem = !isArray(item) && !isObject(item);
      const itemKey = value.style === 'indices' || !leafItem ? `${key}[${index}]` : value.style === 'brackets' ? `${key}[]` : key;
      flatten(itemKey, item, ref, out);
    });
  } else if (value.o.length === 0) out.push({ key, value: '', raw: false });
  else for (const [name, item] of value.o) flatten(`${key}[${name}]`, item, ref, out);
  return out;
}

function pairsOf(entries: Entry[], ref: (ref: Ref) => string): Pair[] {
  const out: Pair[] = [];
  for (const [name, value] of entries) flatten(name, value, ref, out);
  return out;
}

function urlencode(pairs: Pair[], escapeBrackets: boolean): string {
  const escapeKey = (name: string) => {
    const escaped = escapeText(name);
    return escapeBrackets ? escaped : escaped.replaceAll('%5B', '[').replaceAll('%5D', ']');
  };
  return pairs.map((pair) => `${escapeKey(pair.key)}=${pair.raw ? pair.value : escapeText(pair.value)}`).join('&');
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function fileBytes(content: FileSpec['content'], maxBytes: number): Uint8Array {
  switch (content) {
    case 'png':
      return PNG_1X1;
    case 'png-trailer':
      return Buffer.concat([PNG_1X1, Buffer.from('<script>alert(1)</script>')]);
    case 'jpeg-junk':
      return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)]);
    case 'pdf':
      return Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    case 'pdf-js':
      return Buffer.from('%PDF-1.4\n1 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\n%%EOF\n');
    case 'html':
      return Buffer.from('<html><body>hi</body></html>');
    case 'empty':
      return new Uint8Array(0);
    case 'random':
      return Uint8Array.from({ length: 512 }, (_, index) => (index * 7919 + 13) & 0xff);
    case 'huge':
      return new Uint8Array(maxBytes + 70 * 1024).fill(0x42);
  }
}

type Exchange = { url: string; init: RequestInit & { headers: Record<string, string> }; bodyText: string };

let requestCounter = 0;
const nextAddress = () => {
  requestCounter++;
  return `10.${(requestCounter >> 16) & 255}.${(requestCounter >> 8) & 255}.${requestCounter & 255}`;
};

async function buildRequest(fuzz: FuzzCase, state: State, cookieHeader: string, maxUploadBytes: number): Promise<Exchange> {
  const ref = (name: Ref) => resolve(name, state);
  const parts = [urlencode(pairsOf(fuzz.query, ref), fuzz.escapeBrackets)];
  if (fuzz.padding) parts.push(Array.from({ length: fuzz.padding }, (_, index) => `p${index}=${index}`).join('&'));
  const search = parts.filter(Boolean).join('&');
  const url = `${TEST_ORIGIN}/api/${fuzz.path}${search ? `?${search}` : ''}`;
  // Each call from its own address: per-address limits would otherwise answer most of the run.
  const headers: Record<string, string> = { 'x-croupier-client-ip': nextAddress() };
  const cookie = [cookieHeader, fuzz.cookies].filter(Boolean).join('; ');
  if (cookie) headers.cookie = cookie;
  if (fuzz.origin === 'same') headers.origin = TEST_ORIGIN;
  if (fuzz.origin === 'foreign') headers.origin = 'https://evil.example';
  let body: BodyInit | undefined;
  let bodyText = '';
  switch (fuzz.body.kind) {
    case 'none':
      break;
    case 'form':
      headers['content-type'] = fuzz.body.contentType;
      body = bodyText = urlencode(pairsOf(fuzz.body.entries, ref), fuzz.escapeBrackets);
      break;
    case 'multipart': {
      const form = new FormData();
      for (const pair of pairsOf(fuzz.body.entries, ref)) form.append(pair.key, pair.value);
      for (const file of fuzz.body.files) form.append(file.field, new Blob([fileBytes(file.content, maxUploadBytes) as Uint8Array<ArrayBuffer>], { type: file.type }), file.filename);
      // Sent as bytes, as a socket brings them (a FormData body would be streamed by undici itself).
      const encoded = new Response(form);
      headers['content-type'] = encoded.headers.get('content-type')!;
      body = await encoded.arrayBuffer();
      bodyText = `multipart: ${JSON.stringify([...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `<file ${value.name} ${value.type} ${value.size} bytes>`]))}`;
      break;
    }
    case 'json':
      headers['content-type'] = fuzz.body.contentType;
      body = bodyText = toJson(fuzz.body.value, ref);
      break;
    case 'raw':
      if (fuzz.body.contentType !== null) headers['content-type'] = fuzz.body.contentType;
      body = bodyText = fuzz.body.text;
      break;
  }
  return { url, init: { method: fuzz.verb, headers, body }, bodyText };
}

type Answer = { status: number; headers: Headers; text: string };

/** What is wrong with an answer, or null: `200 {data}`, or a catalogue error with its status. */
function verdict(answer: Answer): string | null {
  if (answer.status >= 500) return `a ${answer.status} answer`;
  if (!(answer.headers.get('content-type') ?? '').startsWith('application/json')) return `a non-JSON answer (content-type ${answer.headers.get('content-type')})`;
  let json: { data?: unknown; error?: { type?: unknown; message?: unknown } };
  try {
    json = JSON.parse(answer.text) as typeof json;
  } catch {
    return 'a body that does not parse as JSON';
  }
  if (answer.headers.get('cache-control') !== 'no-store') return 'no Cache-Control: no-store';
  if (answer.status === 200) return json && typeof json === 'object' && 'data' in json && !('error' in json) ? null : 'a 200 without {data}';
  const type = json?.error?.type;
  if (!isErrorType(type)) return `an error type outside the catalogue: ${JSON.stringify(type)}`;
  if (typeof json.error?.message !== 'string') return 'an error without a message';
  if (!statusFits(type, answer.status)) return `${type} with status ${answer.status} (the catalogue says ${ERROR_STATUS[type]})`;
  if (answer.status === 429 && !answer.headers.get('retry-after')) return '429 without Retry-After';
  if (answer.status === 405 && !answer.headers.get('allow')) return '405 without Allow';
  return null;
}

/** The statuses docs/api.md gives a type besides its own (405 wrong verb, 404 unknown item, 413 upload, 414 long URL, 409 "not now"). */
const OTHER_STATUSES: Partial<Record<ErrorType, number[]>> = {
  InvalidRequestException: [405, 409, 414],
  InvalidParameterException: [404, 413],
};
const statusFits = (type: ErrorType, status: number) => status === ERROR_STATUS[type] || (OTHER_STATUSES[type] ?? []).includes(status);

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

type Role = 'guest' | 'player';

/** A browser's cookies, kept from the answers' Set-Cookie headers. */
class Jar {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  absorb(headers: Headers, keep: (name: string) => boolean) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!keep(name)) continue;
      if (!value || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

let t: TestApp;
let known: Known;
let dict: Record<string, fc.Arbitrary<Value>>;
const sessions: Record<Role, { jar: Jar; state: State }> = {
  guest: { jar: new Jar(), state: { email: 'guest@example.com', uid: 0, tokens: {}, stakes: {} } },
  player: { jar: new Jar(), state: { email: '', uid: 0, tokens: {}, stakes: {} } },
};
let conversationId: number | undefined;
let renewals = 0;

async function call(role: Role, verb: string, path: string, fields: Record<string, string> = {}) {
  const url = new URL(`/api/${path}`, TEST_ORIGIN);
  const body = new URLSearchParams(fields).toString();
  const response = await t.app.request(verb === 'GET' && body ? `${url}?${body}` : url.toString(), {
    method: verb,
    headers: { cookie: sessions[role].jar.header(), 'x-croupier-client-ip': nextAddress(), ...(verb === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: verb === 'POST' ? body : undefined,
  });
  sessions[role].jar.absorb(response.headers, (name) => role === 'player' || name !== SESSION_COOKIE);
  return (await response.json()) as { data?: unknown; error?: { type: string } };
}

/** A new signed-in player (at the start, and after a call ended the session): funded, with an operator console session. */
async function signUpPlayer() {
  const player = await registerPlayer(t, { tag: 'fuzz' });
  await fundPlayer(t, player.uid, 1_000_000n);
  const session = sessions.player;
  session.jar.cookies.clear();
  for (const pair of player.cookie.split('; ')) {
    const at = pair.indexOf('=');
    session.jar.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  session.state = { email: player.email, uid: player.uid, tokens: {}, stakes: {} };
  await operatorLogin();
}

async function operatorLogin() {
  const answer = await call('player', 'POST', 'chat/operator/login', { name: 'Fuzz operator', token: OPERATOR_TOKEN });
  if (!answer.data) throw new Error(`the support console refused the fuzz operator: ${JSON.stringify(answer)}`);
}

/**
 * Fills the refs a request uses that the role's state lacks: game sessions, a blackjack round, the
 * player's bonuses, a chat conversation. Done on first use, so most requests cost nothing more.
 */
async function prepare(role: Role, fuzz: FuzzCase) {
  const text = JSON.stringify(fuzz);
  const { state } = sessions[role];
  const launch = async (mode: string, engine: Engine) => {
    const key = `token:${mode}:${engine}`;
    if (key in state.tokens) return;
    const launched = (await call(role, 'POST', 'games/launch', { sysname: known.engines[engine] ?? known.sysnames[0], mode })).data as { token: string; limits: { min: string } } | undefined;
    state.tokens[key] = launched?.token;
    state.stakes[key] = launched?.limits.min;
  };
  for (const engine of ENGINES) for (const mode of ['demo', 'real']) if (text.includes(`"token:${mode}:${engine}"`)) await launch(mode, engine);
  if (text.includes('"blackjack_round"') && !state.blackjackRound) {
    await launch('demo', 'blackjack');
    const token = state.tokens['token:demo:blackjack'];
    const round = token ? ((await call(role, 'POST', 'games/play', { token, bet: JSON.stringify({ amount: state.stakes['token:demo:blackjack'] }) })).data as { round_id: string } | undefined) : undefined;
    state.blackjackRound = round?.round_id;
  }
  if (role === 'player' && (text.includes('"bonus_id"') || text.includes('"betting_bonus_id"')) && state.bonusId === undefined) {
    for (const code of PROMO_CODES) await call(role, 'POST', 'campaigns/activateOffer', { promo_code: code });
    const first = async (path: string) => ((await call(role, 'GET', path)).data as { items: { id: number }[] } | undefined)?.items[0]?.id ?? 0;
    state.bonusId = await first('bonuses/get');
    state.bettingBonusId = await first('bettingBonuses/get');
  }
  if (text.includes('"conversation_id"') && conversationId === undefined) {
    const message = (await call('player', 'POST', 'chat/send', { text: 'Hello, fuzz here' })).data as { conversation_id: number } | undefined;
    conversationId = message?.conversation_id ?? 0;
  }
}

async function gatherKnown(): Promise<Known> {
  const games = (await call('guest', 'GET', 'games/get', { count: '300', 'fields[]': 'engine' })).data as { items: { sysname: string; engine?: string | null }[] };
  const studio = games.items.filter((game) => game.engine).map((game) => game.sysname);
  const byEngine = ['slot', 'roulette', 'dice', 'blackjack'].map((engine) => games.items.find((game) => game.engine === engine)?.sysname).filter((name): name is string => !!name);
  const tournaments = ((await call('guest', 'GET', 'tournaments/get', { count: '50' })).data as { items: { id: number; sysname: string }[] }).items;
  const events = ((await call('guest', 'GET', 'betting/getEvents', { count: '10' })).data as { items: { id: number; markets: { selections: { id: number; odds: string }[] }[] }[] }).items;
  const campaigns = ((await call('guest', 'GET', 'campaigns/getoffers', { count: '50' })).data as { items: { id: number; sysname: string }[] }).items;
  const products = ((await call('guest', 'GET', 'loyalty/getproducts')).data as { items: { id: number }[] }).items;
  const programs = ((await call('guest', 'GET', 'loyalty/getPrograms')).data as { items: { sysname: string }[] }).items;
  const characters = ((await call('guest', 'GET', 'loyalty/getcharacters')).data as { items: { id: number }[] }).items;
  const jackpots = ((await call('guest', 'GET', 'jackpots/get')).data as { items: { id: string }[] }).items;
  const deposit = (await call('player', 'GET', 'cashier/getdepositsettings')).data as { methods: { sysname: string; requisites?: { name?: string }[] }[] };
  const withdraw = (await call('player', 'GET', 'cashier/getwithdrawsettings')).data as { methods: { sysname: string; requisites?: { name?: string }[] }[] };
  const requisiteFields = [...deposit.methods, ...withdraw.methods].flatMap((method) => method.requisites ?? []).map((field) => field.name).filter((name): name is string => !!name);
  return {
    sysnames: [...new Set([...byEngine, ...studio.slice(0, 4), ...games.items.slice(0, 2).map((game) => game.sysname)])],
    tournamentIds: tournaments.map((tournament) => tournament.id),
    tournamentSysnames: tournaments.map((tournament) => tournament.sysname),
    selections: events.flatMap((event) => event.markets.flatMap((market) => market.selections)).slice(0, 12),
    eventIds: events.map((event) => event.id),
    campaignIds: campaigns.map((campaign) => campaign.id),
    campaignSysnames: campaigns.map((campaign) => campaign.sysname),
    productIds: products.map((product) => product.id),
    depositMethods: deposit.methods.map((method) => method.sysname),
    withdrawMethods: withdraw.methods.map((method) => method.sysname),
    requisiteFields: [...new Set(requisiteFields)],
    engines: Object.fromEntries(ENGINES.map((engine) => [engine, games.items.find((game) => game.engine === engine)?.sysname])),
    programSysnames: programs.map((program) => program.sysname),
    characterIds: characters.map((character) => character.id),
    jackpotIds: jackpots.map((jackpot) => jackpot.id),
  };
}

const clip = (value: string, max = 1_500) => (value.length > max ? `${value.slice(0, max)}... (${value.length} characters)` : value);

async function exchange(method: ApiMethod, role: Role, fuzz: FuzzCase): Promise<void> {
  const session = sessions[role];
  // The player's browser is also signed in to the support console (chat/operator/logout ends that).
  if (role === 'player' && !session.jar.cookies.has(OPERATOR_COOKIE)) await operatorLogin();
  await prepare(role, fuzz);
  const request = await buildRequest(fuzz, session.state, session.jar.header(), t.env.KYC_MAX_FILE_BYTES);
  const response = await t.app.request(request.url, request.init);
  const answer: Answer = { status: response.status, headers: response.headers, text: await response.text() };
  const problem = verdict(answer);
  if (problem) {
    throw new Error(
      [
        `${method.name} answered ${problem}`,
        `request: ${request.init.method} ${clip(request.url)}`,
        `headers: ${JSON.stringify(request.init.headers)}`,
        `body: ${clip(request.bodyText)}`,
        `answer: ${answer.status} ${clip(answer.text)}`,
      ].join('\n'),
    );
  }
  // The guest stays a guest; the player keeps the cookies it is given (a new session after changepassword).
  session.jar.absorb(response.headers, (name) => (role === 'player' ? method.name !== 'register' : name !== SESSION_COOKIE));
  if (role === 'player') {
    const type = answer.status === 200 ? null : (JSON.parse(answer.text) as { error: { type: string } }).error.type;
    // logout, an exclusion, a password change elsewhere...: the session ended; the next run needs a new one.
    if (!session.jar.cookies.has(SESSION_COOKIE) || (method.auth && type === 'AuthorizationException')) {
      renewals++;
      await signUpPlayer();
    }
  }
}

beforeAll(async () => {
  // A small upload limit, so "too large" uploads stay cheap; an operator token, so the console's methods are reached.
  t = await createTestApp({ KYC_MAX_FILE_BYTES: String(64 * 1024), SUPPORT_OPERATOR_TOKEN: OPERATOR_TOKEN });
  await signUpPlayer();
  known = await gatherKnown();
  dict = dictionary(known);
  console.info(`[fuzz] seed ${BASE_SEED}, ${RUNS} runs per method and role: replay with FUZZ_SEED=${BASE_SEED} npx vitest run server/api/fuzz.test.ts`);
}, 120_000);

afterAll(async () => {
  console.info(`[fuzz] seed ${BASE_SEED}: ${requestCounter} requests, the player signed up again ${renewals} times`);
  await t?.close();
});

describe('fuzz: every /api method answers malformed input with data or a typed error', () => {
  for (const method of CATALOGUE) {
    for (const role of ['guest', 'player'] as const) {
      const name = `${method.name} as ${role}`;
      it(name, async () => {
        const seed = seedFor(name);
        const numRuns = role === 'guest' && method.auth ? RUNS_BEHIND_AUTH : RUNS;
        const result = await fc.check(fc.asyncProperty(caseArb(method, dict), (fuzz) => exchange(method, role, fuzz)), { seed, numRuns });
        if (result.failed) {
          throw new Error(
            [
              `fuzz: ${name} failed after ${result.numRuns} runs (${result.numShrinks} shrinks).`,
              `Replay: FUZZ_SEED=${BASE_SEED} npx vitest run server/api/fuzz.test.ts -t '${name}' (fast-check seed ${seed}, path ${result.counterexamplePath})`,
              `Counterexample (${method.name}, ${role}): ${clip(fc.stringify(result.counterexample?.[0]), 4_000)}`,
              String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance),
            ].join('\n'),
          );
        }
      }, 120_000);
    }
  }
});

// The schema reader above must keep up with zod: a method whose input it cannot read would only be fuzzed with noise.
describe('fuzz: reading the schemas', () => {
  it('finds the fields of every method that takes input', () => {
    for (const method of CATALOGUE) {
      const spec = specOf(method.input);
      if (spec.kind !== 'object') throw new Error(`${method.name}: its input is not read as an object (${spec.kind})`);
    }
  });
});
