import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import { CURRENCIES, formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import { formatMoney } from '../../../contract/deposit-sum.ts';
import {
  ACCEPTED_TYPES,
  DOCUMENT_KINDS,
  VERIFICATION_LIVE_EVENT,
  isDocumentKind,
  type DocumentKind,
  type VerificationDocumentView,
  type VerificationLiveMessage,
  type VerificationStatus,
  type VerificationView,
} from '../../../contract/verification.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { OutboundMessage } from '../../platform/messaging/index.ts';
import { enforce, type RateLimitStore } from '../../platform/rate-limit/index.ts';
import { recordAudit } from '../staff/index.ts';
import { verificationCases, verificationDocuments, verificationWebhooks } from '../../db/schema/verification.ts';
import type { DocumentFiles } from './files.ts';
import { InspectionError, MAX_INPUT_PIXELS, inspectDocument, type InspectionProblem } from './inspect.ts';
import { SumsubError, uidOfExternal, type SumsubClient } from './sumsub.ts';
import { createReviewDesk } from './review.ts';
import { formatBytes, verificationText, type VerificationTextKey } from './texts.ts';

type CaseRow = typeof verificationCases.$inferSelect;
type DocumentRow = typeof verificationDocuments.$inferSelect;

/** What a refused file's problem tells the player (the field is always `file`). */
const PROBLEM_TEXTS: Record<InspectionProblem, VerificationTextKey> = {
  wrong_type: 'wrongType',
  unsafe: 'unsafe',
  unreadable: 'unreadable',
  encrypted: 'encrypted',
  too_many_pixels: 'tooManyPixels',
};

/** Uploads per player per hour: enough for every retake, not enough to fill a disk. */
const UPLOADS_PER_HOUR = { name: 'kyc-upload', max: 30, windowSeconds: 3600 };

export type VerificationDeps = {
  db: Db;
  logger: Logger;
  files: DocumentFiles;
  limits: RateLimitStore;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Kinds a submission must hold (the others are optional). */
  required: readonly DocumentKind[];
  /** Lifetime withdrawals (major units of the account currency) from which an approved verification is needed; 0 always; null never (the KYC block flag still applies). */
  withdrawalThreshold: () => Promise<number | null>;
  /** Sumsub, when its secrets are set; used while the site configuration enables it. */
  sumsub: SumsubClient | null;
  sumsubEnabled: () => Promise<boolean>;
  /** The accounts module's verification flags (is_on_verification, is_verified), in our transaction. */
  setAccountFlags: (tx: Tx, userId: number, flags: { isOnVerification: boolean; isVerified: boolean }) => Promise<void>;
  /** Where to write to the player: their login e-mail (null when they signed up by phone) and language. */
  recipient: (userId: number) => Promise<{ email: string | null; phone: string | null; locale: LocaleCode }>;
  send: (message: OutboundMessage) => Promise<unknown>;
  /** The player's open pages (the live channel). */
  publish: (userId: number, message: { type: string; id: string; data: VerificationLiveMessage }) => Promise<unknown>;
  /** This site's address, for links in mail. */
  origin: string;
  /** A case changed (sent, decided): the back office's queue hears of it (after the commit). */
  onCaseChange?: (change: VerificationCaseChange) => unknown;
};

export type VerificationCaseChange = { user_id: number; status: VerificationStatus; provider: 'builtin' | 'sumsub' };

export type UploadInput = { kind: unknown; file: unknown };

export function createVerification(deps: VerificationDeps) {
  const { db, files } = deps;
  const optional = DOCUMENT_KINDS.filter((kind) => !deps.required.includes(kind));

  const invalid = (field: string, message: string) => new AppError('InvalidParameterException', message, { fields: { [field]: message } });
  /** A review that cannot be made (not waiting, or Sumsub's): a typed refusal naming the case. */
  const refused = (message: string) => new AppError('InvalidParameterException', message, { fields: { user_id: message } });

  const say = (locale: LocaleCode, key: VerificationTextKey, params?: Record<string, string | number>) => verificationText(locale, key, params);
  /** Tells the back office a case changed; a failure to tell never undoes the change. */
  const changed = async (change: VerificationCaseChange) => {
    try {
      await deps.onCaseChange?.(change);
    } catch (error) {
      deps.logger.warn({ err: error, userId: change.user_id }, 'verification change not told to the back office');
    }
  };

  async function provider(): Promise<'builtin' | 'sumsub'> {
    return deps.sumsub && (await deps.sumsubEnabled()) ? 'sumsub' : 'builtin';
  }

  async function caseOf(tx: Db | Tx, userId: number, lock = false): Promise<CaseRow | null> {
    const query = tx.select().from(verificationCases).where(eq(verificationCases.userId, userId));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  /** The case row, made when missing; locked for the rest of the transaction. */
  async function lockedCase(tx: Tx, userId: number, providerName: 'builtin' | 'sumsub'): Promise<CaseRow> {
    await tx.insert(verificationCases).values({ userId, provider: providerName }).onConflictDoNothing();
    return (await caseOf(tx, userId, true))!;
  }

  const statusOf = (row: CaseRow | null): VerificationStatus => row?.status ?? 'not_started';
  const canUpload = (status: VerificationStatus) => status === 'not_started' || status === 'resubmission';

  function refuseUpload(status: VerificationStatus, locale: LocaleCode): AppError | null {
    if (canUpload(status)) return null;
    const key = status === 'approved' ? 'approved' : status === 'rejected' ? 'finalRejected' : 'locked';
    return new AppError('KycUserProfileException', say(locale, key), { details: { verification_status: status } });
  }

  function documentView(row: DocumentRow): VerificationDocumentView {
    return {
      id: row.publicId,
      kind: row.kind,
      status: row.status === 'replaced' ? 'draft' : row.status,
      content_type: row.contentType,
      size: row.sizeBytes,
      name: row.originalName,
      uploaded_at: row.createdAt.toISOString(),
      url: `/platform/verification/file/${row.publicId}`,
    };
  }

  async function liveDocuments(tx: Db | Tx, userId: number): Promise<DocumentRow[]> {
    return tx
      .select()
      .from(verificationDocuments)
      .where(and(eq(verificationDocuments.userId, userId), inArray(verificationDocuments.status, ['draft', 'submitted', 'approved', 'rejected'])))
      .orderBy(asc(verificationDocuments.id));
  }

  async function withdrawalRule(currency: CurrencyCode) {
    const threshold = await deps.withdrawalThreshold();
    return { gated: threshold !== null, threshold: threshold === null || threshold === 0 ? null : { amount: formatMinor(BigInt(threshold) * 10n ** BigInt(CURRENCIES[currency].exponent), currency), currency } };
  }

  // --- the player's side -------------------------------------------------------------------------

  async function view(userId: number, currency: string): Promise<VerificationView> {
    const row = await caseOf(db, userId);
    const status = statusOf(row);
    const documents = await liveDocuments(db, userId);
    // This round's drafts, and the documents of the last round sent (under review, or reviewed).
    const drafts = documents.filter((doc) => doc.status === 'draft');
    const haveDraft = new Set(drafts.map((doc) => doc.kind));
    const providerName = await provider();
    return {
      status,
      provider: providerName,
      reason: status === 'resubmission' || status === 'rejected' ? (row?.reason ?? null) : null,
      submitted_at: row?.submittedAt?.toISOString() ?? null,
      reviewed_at: row?.reviewedAt?.toISOString() ?? null,
      required: [...deps.required],
      optional,
      documents: documents.map(documentView),
      can_upload: providerName === 'builtin' && canUpload(status),
      can_submit: providerName === 'builtin' && canUpload(status) && deps.required.every((kind) => haveDraft.has(kind)),
      max_bytes: deps.maxBytes,
      accept: ACCEPTED_TYPES,
      withdrawal: await withdrawalRule(isCurrency(currency) ? currency : 'EUR'),
    };
  }

  /** Checks, cleans and stores one document as a draft of its kind (replacing an earlier draft). */
  async function upload(userId: number, input: UploadInput, locale: LocaleCode): Promise<VerificationDocumentView> {
    if (!isDocumentKind(input.kind)) throw invalid('kind', say(locale, 'chooseKind'));
    const kind = input.kind;
    if (!(input.file instanceof File) || input.file.size === 0) throw invalid('file', say(locale, 'chooseFile'));
    const file = input.file;
    if (file.size > deps.maxBytes) throw invalid('file', say(locale, 'tooLarge', { max: formatBytes(deps.maxBytes) }));
    if ((await provider()) === 'sumsub') throw new AppError('SumsubVerificationRequiredException', say(locale, 'useSumsub'));
    const refused = refuseUpload(statusOf(await caseOf(db, userId)), locale);
    if (refused) throw refused;
    await enforce(deps.limits, `kyc-upload:${userId}`, UPLOADS_PER_HOUR);

    let inspected;
    try {
      inspected = await inspectDocument(Buffer.from(await file.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof InspectionError)) throw error;
      deps.logger.warn({ userId, kind, problem: error.problem, detail: error.message, claimed: file.type }, 'verification upload refused');
      throw invalid('file', say(locale, PROBLEM_TEXTS[error.problem], { max: MAX_INPUT_PIXELS / 1_000_000 }));
    }
    const storageName = await files.write(inspected.bytes, inspected.extension);
    const replaced: string[] = [];
    try {
      const row = await db.transaction(async (tx) => {
        const current = await lockedCase(tx, userId, 'builtin');
        const again = refuseUpload(current.status, locale);
        if (again) throw again;
        const old = await tx
          .update(verificationDocuments)
          .set({ status: 'replaced' })
          .where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.kind, kind), eq(verificationDocuments.status, 'draft')))
          .returning({ storageName: verificationDocuments.storageName });
        replaced.push(...old.map((item) => item.storageName));
        const [inserted] = await tx
          .insert(verificationDocuments)
          .values({
            publicId: randomToken(18),
            userId,
            kind,
            storageName,
            contentType: inspected.contentType,
            sizeBytes: inspected.bytes.length,
            sha256: createHash('sha256').update(inspected.bytes).digest('hex'),
            originalName: cleanName(file.name, inspected.extension),
            details: { claimed_type: file.type.slice(0, 100), sent_bytes: file.size, width: inspected.width ?? null, height: inspected.height ?? null },
          })
          .returning();
        return inserted;
      });
      // A replaced draft was never sent to anyone: its file goes.
      for (const name of replaced) await files.remove(name).catch(() => undefined);
      return documentView(row);
    } catch (error) {
      await files.remove(storageName).catch(() => undefined);
      throw error;
    }
  }

  /** Removes a draft (a wrong photo the player does not want to send). */
  async function remove(userId: number, publicId: string, locale: LocaleCode): Promise<void> {
    const [row] = await db
      .delete(verificationDocuments)
      .where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.publicId, publicId), eq(verificationDocuments.status, 'draft')))
      .returning();
    if (!row) {
      const [exists] = await db.select({ id: verificationDocuments.id }).from(verificationDocuments).where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.publicId, publicId)));
      throw exists ? invalid('id', say(locale, 'notDraft')) : new AppError('InvalidParameterException', say(locale, 'notFound'), { fields: { id: say(locale, 'notFound') }, status: 404 });
    }
    await files.remove(row.storageName).catch(() => undefined);
  }

  /**
   * setUserOnVerification: sends the drafts for review (built-in), or tells us the player finished
   * Sumsub's steps (Sumsub). The account shows is_on_verification until the review decides.
   */
  async function submit(userId: number, currency: string, locale: LocaleCode): Promise<VerificationView & { result: 1 }> {
    const providerName = await provider();
    await db.transaction(async (tx) => {
      const current = await lockedCase(tx, userId, providerName);
      const refused = refuseUpload(current.status, locale);
      if (refused) throw refused;
      if (providerName === 'builtin') {
        const drafts = (await liveDocuments(tx, userId)).filter((doc) => doc.status === 'draft');
        const missing = deps.required.filter((kind) => !drafts.some((doc) => doc.kind === kind));
        if (missing.length) {
          const fields = Object.fromEntries(missing.map((kind) => [kind, say(locale, 'required')]));
          throw new AppError('InvalidParameterException', say(locale, current.status === 'resubmission' ? 'nothingNew' : 'required'), { fields });
        }
        // The earlier round's reviewed documents leave the player's list: this round replaces them.
        await tx
          .update(verificationDocuments)
          .set({ status: 'replaced' })
          .where(and(eq(verificationDocuments.userId, userId), inArray(verificationDocuments.status, ['submitted', 'rejected'])));
        await tx.update(verificationDocuments).set({ status: 'submitted' }).where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.status, 'draft')));
      }
      await tx
        .update(verificationCases)
        .set({ status: 'pending', provider: providerName, submittedAt: new Date(), reason: null, updatedAt: new Date() })
        .where(eq(verificationCases.userId, userId));
      await deps.setAccountFlags(tx, userId, { isOnVerification: true, isVerified: false });
    });
    await changed({ user_id: userId, status: 'pending', provider: providerName });
    const info = await view(userId, currency);
    return { ...info, result: 1 };
  }

  // --- Sumsub ------------------------------------------------------------------------------------

  function sumsubOrThrow(locale: LocaleCode): SumsubClient {
    if (!deps.sumsub) throw new AppError('InvalidRequestException', say(locale, 'sumsubOff'));
    return deps.sumsub;
  }

  const providerDown = (locale: LocaleCode, error: unknown) => {
    deps.logger.error({ err: error }, 'sumsub call failed');
    return new AppError('ApplicationUnavailableException', say(locale, 'providerDown'), { status: 502 });
  };

  async function createApplicant(userId: number, locale: LocaleCode): Promise<{ applicant_id: string; level_name: string }> {
    const client = sumsubOrThrow(locale);
    if (!(await deps.sumsubEnabled())) throw new AppError('InvalidRequestException', say(locale, 'sumsubOff'));
    const existing = await caseOf(db, userId);
    const refused = existing && existing.status === 'approved' ? refuseUpload('approved', locale) : null;
    if (refused) throw refused;
    if (existing?.provider === 'sumsub' && existing.externalId) return { applicant_id: existing.externalId, level_name: client.levelName };
    let applicantId: string;
    try {
      ({ applicantId } = await client.createApplicant(userId));
    } catch (error) {
      if (error instanceof SumsubError) throw providerDown(locale, error);
      throw error;
    }
    await db
      .insert(verificationCases)
      .values({ userId, provider: 'sumsub', externalId: applicantId })
      .onConflictDoUpdate({ target: verificationCases.userId, set: { provider: 'sumsub', externalId: applicantId, updatedAt: new Date() } });
    return { applicant_id: applicantId, level_name: client.levelName };
  }

  async function accessToken(userId: number, locale: LocaleCode): Promise<{ token: string; user_id: string; level_name: string }> {
    const client = sumsubOrThrow(locale);
    await createApplicant(userId, locale);
    try {
      const answer = await client.accessToken(userId);
      return { token: answer.token, user_id: answer.userId, level_name: client.levelName };
    } catch (error) {
      if (error instanceof SumsubError) throw providerDown(locale, error);
      throw error;
    }
  }

  /** POST /platform/verification/webhook/sumsub: the signature and age first, then once per event. */
  async function sumsubWebhook(rawBody: string, digest: string | undefined, algorithm: string | undefined): Promise<{ status: number; body: Record<string, unknown> }> {
    if (!deps.sumsub) return { status: 404, body: { error: 'sumsub is not configured' } };
    const check = deps.sumsub.checkWebhook(rawBody, digest, algorithm);
    if (!check.ok) {
      deps.logger.warn({ reason: check.reason }, 'sumsub webhook refused');
      return { status: check.status, body: { error: check.reason } };
    }
    const { event, outcome } = check;
    const decided = await db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(verificationWebhooks)
        .values({ provider: 'sumsub', eventKey: check.eventKey, payload: event })
        .onConflictDoNothing()
        .returning({ id: verificationWebhooks.id });
      if (!fresh) return { applied: false as const, replay: true };
      const [byApplicant] = await tx.select().from(verificationCases).where(and(eq(verificationCases.provider, 'sumsub'), eq(verificationCases.externalId, event.applicantId)));
      const userId = byApplicant?.userId ?? uidOfExternal(event.externalUserId);
      if (!userId || !outcome) return { applied: false as const, replay: false };
      const current = await lockedCase(tx, userId, 'sumsub');
      if (current.externalId && current.externalId !== event.applicantId) return { applied: false as const, replay: false };
      await applyDecision(tx, current, outcome.status, outcome.reason, 'sumsub');
      return { applied: true as const, replay: false, userId, status: outcome.status, reason: outcome.reason };
    });
    if (decided.applied) await changed({ user_id: decided.userId, status: decided.status, provider: 'sumsub' });
    if (decided.applied && (decided.status === 'approved' || decided.status === 'resubmission' || decided.status === 'rejected')) {
      await notify(decided.userId, decided.status, decided.reason);
    }
    return { status: 200, body: { ok: true, replay: decided.replay } };
  }

  // --- the review ------------------------------------------------------------------------------------

  async function applyDecision(tx: Tx, current: CaseRow, status: VerificationStatus, reason: string | null, reviewer: string) {
    const decided = status === 'approved' || status === 'rejected' || status === 'resubmission';
    await tx
      .update(verificationCases)
      .set({
        status,
        reason: status === 'approved' || status === 'pending' ? null : reason,
        reviewedAt: decided ? new Date() : current.reviewedAt,
        reviewedBy: decided ? reviewer : current.reviewedBy,
        submittedAt: status === 'pending' ? new Date() : current.submittedAt,
        externalId: current.externalId,
        updatedAt: new Date(),
      })
      .where(eq(verificationCases.userId, current.userId));
    if (decided) {
      await tx
        .update(verificationDocuments)
        .set({ status: status === 'approved' ? 'approved' : 'rejected' })
        .where(and(eq(verificationDocuments.userId, current.userId), eq(verificationDocuments.status, 'submitted')));
    }
    await deps.setAccountFlags(tx, current.userId, { isOnVerification: status === 'pending', isVerified: status === 'approved' });
  }

  /** The player hears of a decision by mail and, when a page is open, at once on the site. */
  async function notify(userId: number, status: 'approved' | 'resubmission' | 'rejected', reason: string | null) {
    const message: VerificationLiveMessage = { status, reason };
    await deps
      .publish(userId, { type: VERIFICATION_LIVE_EVENT, id: `v${userId}-${Date.now()}`, data: message })
      .catch((error: unknown) => deps.logger.warn({ err: error, userId }, 'verification decision not told live'));
    try {
      const to = await deps.recipient(userId);
      const path = `${to.locale === 'en' ? '' : `/${to.locale}`}${status === 'rejected' ? '/support' : '/profile/verification'}`;
      const link = new URL(path, deps.origin).toString();
      const subject = say(to.locale, status === 'approved' ? 'mailApprovedSubject' : 'mailRejectedSubject');
      const text = say(to.locale, status === 'approved' ? 'mailApprovedText' : status === 'resubmission' ? 'mailResubmitText' : 'mailRejectedText', { link, reason: reason ?? '' });
      if (to.email) await deps.send({ channel: 'email', to: to.email, subject, text, locale: to.locale });
      else if (to.phone) await deps.send({ channel: 'sms', to: to.phone, subject, text: subject, locale: to.locale });
    } catch (error) {
      // The decision stands; the page shows it whenever the player comes.
      deps.logger.warn({ err: error, userId }, 'verification decision mail not sent');
    }
  }

  /**
   * Operators: approve, or reject with a reason (final: no new documents are taken). Audited here
   * in the decision's transaction, unless the caller writes the audit row itself (`audited: false`:
   * the back office's router writes one row per write).
   */
  async function review(actor: string, userId: number, decision: { approve: true } | { approve: false; reason: string; final?: boolean }, options: { audited?: boolean } = {}) {
    if (!decision.approve && !decision.reason.trim()) throw new Error('a rejection needs a reason the player will read');
    const status: VerificationStatus = decision.approve ? 'approved' : decision.final ? 'rejected' : 'resubmission';
    const reason = decision.approve ? null : decision.reason.trim().slice(0, 1000);
    await db.transaction(async (tx) => {
      const current = await caseOf(tx, userId, true);
      if (!current || current.status !== 'pending') throw refused(`account ${userId} has no verification waiting for review (${statusOf(current)})`);
      if (current.provider !== 'builtin') throw refused(`account ${userId} is reviewed by ${current.provider}`);
      await applyDecision(tx, current, status, reason, actor);
      if (options.audited !== false) {
        await recordAudit(tx, { actor, action: `kyc:${decision.approve ? 'approve' : 'reject'}`, subject: `user:${userId}`, details: { status, reason } });
      }
    });
    await notify(userId, status as 'approved' | 'resubmission' | 'rejected', reason);
    await changed({ user_id: userId, status, provider: 'builtin' });
    return status;
  }

  async function pendingList() {
    const rows = await db.select().from(verificationCases).where(eq(verificationCases.status, 'pending')).orderBy(asc(verificationCases.submittedAt));
    return Promise.all(
      rows.map(async (row) => ({
        uid: row.userId,
        provider: row.provider,
        submittedAt: row.submittedAt,
        documents: (await liveDocuments(db, row.userId)).filter((doc) => doc.status === 'submitted').map((doc) => ({ id: doc.publicId, kind: doc.kind, type: doc.contentType, size: doc.sizeBytes })),
      })),
    );
  }

  /** A player's case and every document on record (operators), with where each file lies. */
  async function caseDetails(userId: number) {
    const row = await caseOf(db, userId);
    const documents = await db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId)).orderBy(asc(verificationDocuments.id));
    return {
      status: statusOf(row),
      provider: row?.provider ?? 'builtin',
      reason: row?.reason ?? null,
      submittedAt: row?.submittedAt ?? null,
      reviewedAt: row?.reviewedAt ?? null,
      reviewedBy: row?.reviewedBy ?? null,
      documents: documents.map((doc) => ({ id: doc.publicId, kind: doc.kind, status: doc.status, type: doc.contentType, size: doc.sizeBytes, sha256: doc.sha256, name: doc.originalName, uploadedAt: doc.createdAt, path: files.pathOf(doc.storageName) })),
    };
  }

  /** The file of a document for its owner; null when it is not theirs (or is gone). */
  async function ownerFile(userId: number, publicId: string) {
    if (!/^[A-Za-z0-9_-]{24}$/.test(publicId)) return null;
    const [row] = await db
      .select()
      .from(verificationDocuments)
      .where(and(eq(verificationDocuments.publicId, publicId), eq(verificationDocuments.userId, userId), sql`${verificationDocuments.status} <> 'replaced'`));
    if (!row) return null;
    const bytes = await files.read(row.storageName).catch(() => null);
    return bytes ? { bytes, contentType: row.contentType, filename: `${row.kind}.${row.storageName.split('.').pop()}` } : null;
  }

  /** An operator's copy of a document's file (ops kyc:show --out). */
  async function operatorFile(publicId: string) {
    const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.publicId, publicId));
    if (!row) return null;
    return { userId: row.userId, kind: row.kind, bytes: await files.read(row.storageName), extension: row.storageName.split('.').pop()! };
  }

  // --- the cashier's gate ---------------------------------------------------------------------------

  /**
   * The cashier's rule for a player's withdrawal, read before its transaction (the settings are
   * read outside it); the check it gives runs inside, under the player's lock, and refuses
   * (KycWithdrawalException) while an approved verification is needed and missing: always
   * (threshold 0), or once the player's withdrawals with this one pass the threshold.
   */
  async function withdrawalCheck(payer: { uid: number; isVerified: boolean }, locale: LocaleCode) {
    if (payer.isVerified) return null;
    const threshold = await deps.withdrawalThreshold();
    if (threshold === null) return null;
    return async (tx: Tx, input: { amount: bigint; currency: string; withdrawnBefore: () => Promise<bigint> }) => {
      const currency = isCurrency(input.currency) ? input.currency : 'EUR';
      const limit = BigInt(threshold) * 10n ** BigInt(CURRENCIES[currency].exponent);
      if (threshold > 0 && (await input.withdrawnBefore()) + input.amount <= limit) return;
      const status = statusOf(await caseOf(tx, payer.uid));
      if (status === 'approved') return;
      const message =
        status === 'pending'
          ? say(locale, 'withdrawalPending')
          : threshold > 0
            ? say(locale, 'withdrawalRequiredAbove', { threshold: formatMoney(threshold, currency) })
            : say(locale, 'withdrawalRequired');
      throw new AppError('KycWithdrawalException', message, { details: { verification_status: status } });
    };
  }

  /** Origins the pages' Content-Security-Policy must allow: Sumsub's WebSDK while Sumsub verifies players, else none. */
  async function cspOrigins(): Promise<string[]> {
    return deps.sumsub && (await provider()) === 'sumsub' ? deps.sumsub.cspOrigins : [];
  }

  return {
    view,
    upload,
    remove,
    submit,
    createApplicant,
    accessToken,
    sumsubWebhook,
    review,
    pendingList,
    caseDetails,
    ownerFile,
    operatorFile,
    withdrawalCheck,
    provider,
    cspOrigins,
    // The back office's reading of cases and documents (review.ts).
    ...createReviewDesk({ db, files }),
  };
}

/** The player's file name as shown in their own list: no path, no control characters, 80 characters at most. */
function cleanName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 80);
  return base || `document.${extension}`;
}

export type Verification = ReturnType<typeof createVerification>;
