import { expect } from 'vitest';
import type { TestApp } from '../../platform/testing/test-app.ts';

/** For tests only: the code last sent to a contact, read from the demo mailbox. */
export async function lastCodeSent(t: TestApp, to: string): Promise<string> {
  const [latest] = await t.services.messenger.mailbox!.list(to.toLowerCase());
  expect(latest?.code, `a code was sent to ${to}`).toMatch(/^\d{6}$/);
  return latest.code!;
}
