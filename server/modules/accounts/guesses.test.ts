import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { lastCodeSent } from './testing.ts';

/**
 * What players notice of the limits on wrong passwords and codes (guesses.ts, docs/accounts.md):
 * strangers guessing from many addresses are slowed and their addresses refused, and the owner,
 * from an address of their own, gets in all the same, at worst after one short wait.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The clock stands still at the top of an hour, so every window starts with the test, and moves
// only when someone waits as told.
let clock = 0;
beforeEach(() => {
  clock = (Math.ceil(Date.now() / 3_600_000) + 1) * 3_600_000;
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterEach(() => {
  vi.useRealTimers();
});
const wait = (seconds: number) => {
  clock += seconds * 1000;
  vi.setSystemTime(clock);
};

let addresses = 0;
const freshAddress = () => `10.99.${Math.floor(++addresses / 250)}.${addresses % 250}`;

type Answer = Awaited<ReturnType<TestApp['call']>>;
const from = (address: string) => ({ 'x-croupier-client-ip': address });

const signIn = (address: string, login: string, password: string, code?: string) =>
  t.call('login', { body: { login, password, ...(code ? { code } : {}) }, headers: from(address) });
const askRestore = (address: string, login: string) => t.call('restore', { body: { login }, headers: from(address) });
const restore = (address: string, login: string, code: string, password = 'newpass99') =>
  t.call('restore', { body: { login, code, password, password_confirmation: password }, headers: from(address) });

/** The wait a refusal asks for, checking it is the typed 429 with its Retry-After. */
function waitAsked(answer: Answer): number {
  expect(answer.status, JSON.stringify(answer.json)).toBe(429);
  expect(answer.json.error?.type).toBe('TooManyRequestsException');
  const seconds = Number(answer.headers.get('retry-after'));
  expect(answer.json.error?.details).toEqual({ retry_after: seconds });
  return seconds;
}

/** Sends a request again after each wait it is told to make, and answers the first other answer and the waits. */
async function waitingAsTold(send: () => Promise<Answer>): Promise<{ answer: Answer; waits: number[] }> {
  const waits: number[] = [];
  for (;;) {
    const answer = await send();
    if (answer.status !== 429) return { answer, waits };
    waits.push(waitAsked(answer));
    expect(waits.length, 'waits asked so far').toBeLessThan(10);
    wait(waits.at(-1)!);
  }
}

const lastCode = (to: string) => lastCodeSent(t, to);
const notThe = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function withTwoFactor(player: TestPlayer) {
  const signedIn = { cookie: player.cookie, ...from(player.ip) };
  expect((await t.call('changeTwoFactorAuth', { body: { enable: '1' }, headers: signedIn })).status).toBe(200);
  const confirmed = await t.call('confirmTwoFactorAuth', { body: { code: await lastCode(player.email) }, headers: signedIn });
  expect(confirmed.json.data).toBe(1);
}

describe('wrong passwords', () => {
  it('let the owner in from a fresh address, with their two-factor code, after 100+ wrong passwords from 20 addresses, which stay refused', async () => {
    const owner = await registerPlayer(t);
    await withTwoFactor(owner);
    const attackers: string[] = [];
    const waits: number[] = [];
    let wrong = 0;
    while (wrong < 100) {
      // Five wrong passwords from each address (a sixth would be refused for a while), waiting as told.
      const address = freshAddress();
      attackers.push(address);
      for (let tries = 0; tries < 5; tries++, wrong++) {
        const attempt = await waitingAsTold(() => signIn(address, owner.email, `guess-${wrong}`));
        expect(attempt.answer.status).toBe(401);
        waits.push(...attempt.waits);
      }
    }
    expect(attackers.length).toBeGreaterThanOrEqual(20);

    const home = freshAddress();
    const asked = await waitingAsTold(() => signIn(home, owner.email, 'secret12'));
    expect(asked.answer.json.error?.details).toMatchObject({ two_factor: true });
    const code = await lastCode(owner.email);
    const signedIn = await waitingAsTold(() => signIn(home, owner.email, 'secret12', code));
    expect(signedIn.answer.status).toBe(200);
    // One turn to wait at most, a minute, as the attack had to wait for each try.
    expect([...asked.waits, ...signedIn.waits]).toEqual([60]);
    expect(Math.max(...waits)).toBe(60);

    // The attack's latest address is still refused, even with the right password, for longer than any turn.
    wait(60);
    expect(waitAsked(await signIn(attackers.at(-1)!, owner.email, 'secret12'))).toBeGreaterThan(60);
  });

  it('refuse one address hammering one account for a quarter hour, without slowing anyone else', async () => {
    const owner = await registerPlayer(t);
    const hammer = freshAddress();
    for (let tries = 0; tries < 5; tries++) expect((await signIn(hammer, owner.email, `guess-${tries}`)).status).toBe(401);
    const refusedFor = waitAsked(await signIn(hammer, owner.email, 'secret12'));
    expect(refusedFor).toBe(900);
    expect((await signIn(freshAddress(), owner.email, 'secret12')).status).toBe(200);
    wait(refusedFor);
    expect((await signIn(hammer, owner.email, 'secret12')).status).toBe(200);
  });

  it('make every address wait its turn once an account had 10 wrong passwords, the turn growing to a minute', async () => {
    const owner = await registerPlayer(t);
    for (let tries = 0; tries < 10; tries++) expect((await signIn(freshAddress(), owner.email, `guess-${tries}`)).status).toBe(401);
    // From here on, one wrong password from each new address: each waits for its turn.
    const waits: number[] = [];
    for (let tries = 10; tries < 50; tries++) {
      const address = freshAddress();
      const attempt = await waitingAsTold(() => signIn(address, owner.email, `guess-${tries}`));
      expect(attempt.answer.status).toBe(401);
      waits.push(...attempt.waits);
    }
    expect([...new Set(waits)]).toEqual([10, 20, 40, 60]);
    // The right password from an address of the owner's waits its turn too, then gets in.
    const home = freshAddress();
    const signedIn = await waitingAsTold(() => signIn(home, owner.email, 'secret12'));
    expect(signedIn.waits).toEqual([60]);
    expect(signedIn.answer.status).toBe(200);
  });

  it('let the owner who restored a forgotten password sign in from the address where they mistyped it', async () => {
    const owner = await registerPlayer(t);
    const home = freshAddress();
    for (let tries = 0; tries < 5; tries++) expect((await signIn(home, owner.email, `guess-${tries}`)).status).toBe(401);
    waitAsked(await signIn(home, owner.email, 'secret12'));
    expect((await askRestore(home, owner.email)).status).toBe(200);
    expect((await restore(home, owner.email, await lastCode(owner.email))).json.data).toBe(1);
    expect((await signIn(home, owner.email, 'newpass99')).status).toBe(200);
  });
});

describe('wrong codes', () => {
  /** A wrong restore code from `address`, asking for a new code first when `fresh` (each dies after five wrong tries). */
  async function wrongRestoreCode(address: string, login: string, options: { fresh: boolean }) {
    if (options.fresh) expect((await askRestore(address, login)).status).toBe(200);
    const guess = notThe(await lastCode(login));
    const attempt = await waitingAsTold(() => restore(address, login, guess, 'stolen99'));
    expect(attempt.answer.json.error?.fields).toEqual({ code: 'Code is invalid' });
    return attempt.waits;
  }

  it('from strangers at many addresses do not stop the owner\'s right code, and their addresses stay refused', async () => {
    const owner = await registerPlayer(t);
    const strangers: string[] = [];
    const waits: number[] = [];
    // More than the 20 wrong codes an hour that used to lock the account: ten from each address.
    for (let wrong = 0; wrong < 30; wrong++) {
      if (wrong % 10 === 0) strangers.push(freshAddress());
      waits.push(...(await wrongRestoreCode(strangers.at(-1)!, owner.email, { fresh: wrong % 5 === 0 })));
    }
    expect(Math.max(...waits)).toBe(60);

    const home = freshAddress();
    expect((await askRestore(home, owner.email)).status).toBe(200);
    const code = await lastCode(owner.email);
    const restored = await waitingAsTold(() => restore(home, owner.email, code));
    expect(restored.answer.json.data).toBe(1);
    expect(Math.max(0, ...restored.waits)).toBeLessThanOrEqual(120);
    expect((await signIn(home, owner.email, 'newpass99')).status).toBe(200);

    // The strangers' latest address is refused, whatever the code, for longer than any turn.
    wait(120);
    expect(waitAsked(await restore(strangers.at(-1)!, owner.email, '123456', 'stolen99'))).toBeGreaterThan(120);
  });

  it('make every address wait its turn once an account had 10 wrong codes, the right code too', async () => {
    const owner = await registerPlayer(t);
    for (let wrong = 0; wrong < 10; wrong++) expect(await wrongRestoreCode(freshAddress(), owner.email, { fresh: wrong % 5 === 0 })).toEqual([]);
    const home = freshAddress();
    expect((await askRestore(home, owner.email)).status).toBe(200);
    const code = await lastCode(owner.email);
    // Another stranger's guess takes the account's turn...
    expect(await wrongRestoreCode(freshAddress(), owner.email, { fresh: false })).toEqual([]);
    // ... so the owner's right code waits for the next one, then works.
    const restored = await waitingAsTold(() => restore(home, owner.email, code));
    expect(restored.waits).toEqual([30]);
    expect(restored.answer.json.data).toBe(1);
  });
});
