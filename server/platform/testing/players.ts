import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CurrencyCode } from '../../../contract/money.ts';
import type { TestApp } from './test-app.ts';

/** A player registered through the API: its id, its session cookie and the address it came from. */
export type TestPlayer = { uid: number; cookie: string; ip: string; email: string };

let counter = 0;

/**
 * Registers a player through `register`, each from its own address (so per-address sign-up
 * limits never meet), and keeps the session cookie the answer set.
 */
export async function registerPlayer(t: TestApp, options: { tag?: string; currency?: string; fakename?: string; email?: string; device?: string } = {}): Promise<TestPlayer> {
  counter++;
  const ip = `10.77.${Math.floor(counter / 250)}.${counter % 250}`;
  const email = options.email ?? `${options.tag ?? 'player'}.${Date.now()}.${counter}@example.com`;
  const body: Record<string, string> = { email, password: 'secret12', terms: '1', currency: options.currency ?? 'EUR' };
  if (options.fakename) body.fakename = options.fakename;
  // The browser's device fingerprint, as the sign-up form sends it (docs/devices.md).
  if (options.device) body.device_id = options.device;
  const answer = await t.call('register', { body, headers: { 'x-croupier-client-ip': ip } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const cookie = answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  return { uid: (answer.json.data as { uid: number }).uid, cookie, ip, email };
}

/** Money in, as a settled deposit brings it: payment clearing to the player's main balance. */
export async function fundPlayer(t: TestApp, uid: number, amount: bigint, currency: CurrencyCode = 'EUR'): Promise<void> {
  await t.services.ledger.transfer({
    key: `test-deposit:${randomUUID()}`,
    kind: 'deposit',
    currency,
    legs: [
      { account: { house: 'payment_clearing' }, amount: -amount },
      { account: { player: uid, kind: 'main' }, amount },
    ],
  });
}
