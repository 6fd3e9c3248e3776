import type { PaymentProvider } from './provider.ts';

/**
 * Which payment provider serves which cashier method (decision 036). Each provider is registered
 * with the deposit and withdrawal methods it serves; a later registration takes a method over
 * from an earlier one (Skrill, when configured, takes `skrill` from the demo provider). A method
 * no provider serves is not offered. A payment keeps the name of the provider it was made with
 * (payments.provider), so its callbacks, payout and refunds go to that provider even after the
 * routing changed.
 */
export type ProviderEntry = { provider: PaymentProvider; deposits: readonly string[]; withdrawals: readonly string[] };

export type Direction = 'deposit' | 'withdrawal';

export function createProviderRegistry(entries: ProviderEntry[]) {
  const byName = new Map<string, PaymentProvider>();
  const routes: Record<Direction, Map<string, PaymentProvider>> = { deposit: new Map(), withdrawal: new Map() };
  for (const entry of entries) {
    if (!/^[a-z0-9-]{2,32}$/.test(entry.provider.name)) throw new Error(`payment provider name "${entry.provider.name}": lower-case letters, digits and - only`);
    if (byName.has(entry.provider.name)) throw new Error(`payment provider "${entry.provider.name}" registered twice`);
    byName.set(entry.provider.name, entry.provider);
    for (const method of entry.deposits) routes.deposit.set(method, entry.provider);
    for (const method of entry.withdrawals) routes.withdrawal.set(method, entry.provider);
  }
  return {
    /** The provider of this name (a payment's own), or undefined when it is not configured. */
    byName: (name: string) => byName.get(name),
    /** The provider that serves this method now, or undefined: the method is not offered. */
    forMethod: (direction: Direction, method: string) => routes[direction].get(method),
    /** Every configured provider, in registration order. */
    all: () => [...byName.values()],
  };
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
