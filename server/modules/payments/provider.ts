/**
 * What the platform needs from a payment provider. A provider hosts the payment page, tells the
 * platform the outcome through a signed callback, and pays withdrawals out.
 */
export type ProviderStatus = 'success' | 'failed' | 'pending' | 'cancelled';

export type ProviderEvent = {
  eventId: string;
  /** The platform's transaction id (payments.public_id). */
  paymentId: string;
  providerRef: string;
  /** `chargeback`: the payer's bank took a settled pay-in back (handed to the chargeback hook, chargebacks.ts). */
  status: ProviderStatus | 'chargeback';
  /** With `chargeback`: the payer's bank took it back (`chargeback`, the default) or the provider refunded it on its own (`refund`). */
  takenBackAs?: 'chargeback' | 'refund';
  /** Minor units, as a decimal string in the callback body. */
  amount: bigint;
  currency: string;
  /** Why a `failed` payment failed, when the provider says: its bank declined it, or the provider itself erred. */
  failure?: PaymentFailure;
};

/** Why a deposit failed (payments.failure), as the provider gave it. */
export type PaymentFailure = 'declined' | 'service_error';

/**
 * The provider's word on payment details before money moves: usable, still being checked on its
 * side, to be validated by the player first, refused as fraudulent, or no answer (its error).
 */
export type RequisitesVerdict =
  | { status: 'ok' }
  | { status: 'on_verification' | 'validation_required' | 'fraudulent' | 'error'; reason?: string };

export type CallbackCheck = { ok: true; event: ProviderEvent } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: string;
  /**
   * The request header its callbacks carry their signature in (lower case), or absent for a
   * provider that signs inside the body (Skrill's md5sig).
   */
  readonly signatureHeader?: string;
  /**
   * Opens a pay-in: its page to send the player to, or at once a refusal (`declined`: the
   * provider or the bank will not take it; `error`: the provider answered with an error). Throw
   * only when the provider could not be reached.
   */
  createPayment(payment: { paymentId: string; amount: bigint; currency: string; method: string; locale: string; requisites: Record<string, string> }): Promise<
    { status: 'created'; providerRef: string; redirectUrl: string } | { status: 'declined' | 'error'; reason: string }
  >;
  /**
   * Screens payment details (a wallet, an IBAN) for a deposit or a withdrawal before anything is
   * written. Optional: without it every well-formed detail is taken.
   */
  checkRequisites?(check: { direction: 'deposit' | 'withdrawal'; method: string; currency: string; requisites: Record<string, string> }): Promise<RequisitesVerdict>;
  /** Checks a callback's signature (the `signatureHeader` header's value) and reads it; never trusts an unsigned body. */
  readCallback(rawBody: string, signature: string | undefined): CallbackCheck;
  /**
   * Pays a withdrawal out; the same paymentId twice pays once. `failed` means nothing was paid,
   * and `reason` says why (shown to the operator). `unknown` means the provider stopped answering
   * after it may have paid: the platform keeps the withdrawal `processing` and asks again later
   * with the same paymentId (the job runner; decision 037). Throw only when nothing can have been
   * paid.
   */
  payout(payout: { paymentId: string; amount: bigint; currency: string; method: string; requisites: Record<string, unknown> }): Promise<{
    providerRef: string;
    status: 'paid' | 'failed' | 'unknown';
    reason?: string;
  }>;
  /**
   * Refunds (part of) a settled pay-in to where it came from; the same refundId twice refunds
   * once. `failed` means nothing was refunded, and `reason` says why (shown to the operator).
   * Throw only when nothing can have been refunded. Optional: without it the back office offers
   * no refund for this provider's deposits.
   */
  refund?(refund: { refundId: string; paymentId: string; providerRef: string | null; amount: bigint; currency: string }): Promise<{
    providerRef: string;
    status: 'refunded' | 'failed';
    reason?: string;
  }>;
  /**
   * The provider's own totals per UTC day and currency (its settlement report), for the back
   * office's reconciliation against the ledger's clearing accounts. Optional: without it the
   * reconciliation shows the ledger's side alone.
   */
  dailyTotals?(from: Date, to: Date): Promise<ProviderDayTotal[]>;
}

/** Minor units, per UTC day (`YYYY-MM-DD`) and currency: money in (settled pay-ins less refunds) and out (payouts made). */
export type ProviderDayTotal = { day: string; currency: string; payins: bigint; payinCount: number; payouts: bigint; payoutCount: number };
