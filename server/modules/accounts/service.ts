import { and, eq, sql } from 'drizzle-orm';
import type { UserInfo } from '../../../contract/api.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { CURRENCIES, DEFAULT_CURRENCY, formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import { checkPhone } from '../../../contract/phone.ts';
import { validateForm, type FieldRule } from '../../../contract/validation.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { hmacSha256, randomToken, safeEqual } from '../../platform/crypto.ts';
import type { Messenger } from '../../platform/messaging/index.ts';
import { enforce, tooManyRequests, type Limit, type RateLimitStore } from '../../platform/rate-limit/index.ts';
import { contacts, users } from '../../db/schema.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../platform/db/errors.ts';
import { announceOutboxCommitted, writeOutboxEvent } from '../../platform/events/outbox.ts';
import type { CodePurpose, CodeStore } from './codes.ts';
import { DOCUMENT_TYPES, PROFILE_FIELDS, PROFILE_RULES, REGISTRATION_RULES } from './fields.ts';
import { createGuessLimits, type GuessRules } from './guesses.ts';
import { LIMITS } from './limits.ts';
import { normalizeEmail, normalizePhone, parseLoginId } from './login-id.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import type { SessionStore } from './sessions.ts';
import { mail, text, type MailPurpose } from './texts.ts';

/** Who asks, for messages, limits and links. */
export type CallContext = {
  locale: LocaleCode;
  ip: string;
  userAgent?: string;
  origin: string;
  /** The visitor's first-touch cookie (affiliates), opaque here: handed to `onRegistered` at sign-up. */
  firstTouch?: string;
  /** The browser's device fingerprint, checked (devices/fingerprint.ts): kept on the session and the sign-up; null when none came. */
  deviceId?: string | null;
  /** SEON's agent session when SEON runs: handed to `onRegistered` for its fraud check. */
  seonSession?: string | null;
};

export type RegistrationOptions = {
  authTypes: readonly string[];
  termsRequired: boolean;
  notifyDefault: boolean;
};

type UserRow = typeof users.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;

export type ContactView = {
  type: 'email' | 'phone';
  contact: string;
  is_confirmed: boolean;
  is_subscribed: boolean;
  is_login: boolean;
  phone_country_code?: string | null;
};

export function createAccounts(deps: {
  db: Db;
  sessions: SessionStore;
  codes: CodeStore;
  limits: RateLimitStore;
  messenger: Messenger;
  /** Signs unsubscribe links. */
  secret: string;
  /** Refuses a sign-in with a typed error (responsible gaming: a running time-out or self-exclusion). */
  signInGuard?: (userId: number, locale: LocaleCode) => Promise<void>;
  /** Inside a new account's transaction, on every sign-up channel (the affiliates' attribution). */
  onRegistered?: (tx: Tx, userId: number, context: CallContext) => Promise<void>;
}) {
  const { db, sessions, codes, limits, messenger } = deps;
  const guesses = createGuessLimits(limits);

  /** What a new session keeps of its request: address, browser, device fingerprint. */
  const sessionMeta = (context: CallContext) => ({ ip: context.ip, userAgent: context.userAgent, deviceId: context.deviceId ?? null });

  function invalid(fields: Record<string, string>): AppError {
    return new AppError('InvalidParameterException', `Invalid parameter: ${Object.keys(fields).join(', ')}`, { fields });
  }

  /** Rate-limit answers in the caller's language (the platform's default message is English). */
  const tooMany = (seconds: number, locale: LocaleCode) => tooManyRequests(seconds, text(locale, 'tooMany', { seconds }));

  async function limit(key: string, rule: Limit, locale: LocaleCode): Promise<void> {
    try {
      await enforce(limits, key, rule);
    } catch (error) {
      if (error instanceof AppError && error.type === 'TooManyRequestsException') {
        throw tooMany(Number(error.details?.retry_after ?? 60), locale);
      }
      throw error;
    }
  }

  /** Lets a guess at an account's password or code be checked, or answers 429 with the wait (guesses.ts). */
  async function admitGuess(rules: GuessRules, account: string, context: CallContext) {
    const guess = await guesses.admit(rules, account, context.ip);
    if (!guess.allowed) throw tooMany(guess.retryAfterSeconds, context.locale);
    return guess;
  }

  function check(rules: Record<string, FieldRule>, values: Record<string, unknown>, locale: LocaleCode, options: { postcodePattern?: string } = {}) {
    const errors = validateForm(rules, values, { locale, phoneCheck: checkPhone, postcodePattern: options.postcodePattern });
    if (Object.keys(errors).length) throw invalid(errors);
  }

  async function findUser(userId: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new AppError('AuthorizationException', 'Sign in required');
    return row;
  }

  async function contactsOf(userId: number): Promise<ContactRow[]> {
    return db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(contacts.id);
  }

  const loginContact = (rows: ContactRow[]) => rows.find((row) => row.isLogin) ?? rows[0];

  const zero = (currency: string) => ({ amount: formatMinor(0n, isCurrency(currency) ? currency : DEFAULT_CURRENCY), currency });

  async function userInfo(userId: number): Promise<UserInfo> {
    const user = await findUser(userId);
    const login = loginContact(await contactsOf(userId));
    // Balances are zero here; the API fills them from the ledger (server/api/methods/accounts.ts).
    return {
      uid: user.id,
      reg_time: user.registeredAt.toISOString(),
      login: login?.value ?? null,
      fakename: user.fakename,
      is_subscribed: user.isSubscribed,
      balance_main: zero(user.currency),
      balance_bonus: zero(user.currency),
      balance_betting_bonus: zero(user.currency),
      balance_fun: zero(user.currency),
      is_on_verification: user.isOnVerification,
      is_verified: user.isVerified,
      is_kyc_block_enabled: user.isKycBlockEnabled,
      is_registration_completed: user.isRegistrationCompleted,
      country_code: user.countryCode,
      locale: user.locale,
      two_factor_auth: user.twoFactorEnabled,
    };
  }

  /** What other modules (the wallet) need to know of a player: status and account currency; null when there is no such player. */
  async function playerState(userId: number): Promise<{ status: 'active' | 'banned' | 'deleted'; currency: string; country: string | null } | null> {
    const [row] = await db.select({ status: users.status, currency: users.currency, country: users.countryCode }).from(users).where(eq(users.id, userId));
    return row ?? null;
  }

  function assertActive(user: UserRow, locale: LocaleCode) {
    if (user.status === 'banned') throw new AppError('UserBannedException', text(locale, 'banned'));
    if (user.status === 'deleted') throw new AppError('UserDeletedException', text(locale, 'deleted'));
  }

  // --- codes and messages ---------------------------------------------------------------------

  const resendSeconds = (resendAt: Date) => Math.max(0, Math.ceil((resendAt.getTime() - Date.now()) / 1000));

  /** Sends a code to a contact unless the previous one is within its resend time. */
  async function sendCode(
    user: UserRow,
    purpose: CodePurpose & MailPurpose,
    contact: Pick<ContactRow, 'type' | 'value'>,
    context: CallContext,
    options: { payload?: Record<string, unknown>; link?: (code: string) => string; quiet?: boolean } = {},
  ): Promise<{ resendAt: Date; sent: boolean }> {
    await limit(context.ip, LIMITS.codeSendsPerIp, context.locale);
    const result = await codes.issue(user.id, purpose, contact.value, options.payload);
    if (!result.issued) {
      if (options.quiet) return { resendAt: result.resendAt, sent: false };
      throw tooManyRequests(resendSeconds(result.resendAt), text(context.locale, 'resendTime', { seconds: resendSeconds(result.resendAt) }));
    }
    await limit(String(user.id), LIMITS.codeSendsPerAccount, context.locale);
    const message = mail(context.locale, purpose, { code: result.code, link: options.link?.(result.code) });
    const channel = contact.type === 'email' ? 'email' : 'sms';
    if (channel === 'email') message.text += await unsubscribeFooter(user.id, contact.value, context);
    await messenger.send({ channel, to: contact.value, ...message, code: result.code, locale: context.locale });
    return { resendAt: result.resendAt, sent: true };
  }

  /** Checks a code; wrong, expired or spent codes fail naming the `code` field. */
  async function useCode(user: UserRow, purpose: CodePurpose, target: string, code: unknown, context: CallContext) {
    const value = typeof code === 'string' ? code.trim() : '';
    if (!/^\d{6}$/.test(value)) throw invalid({ code: text(context.locale, 'codeDigits') });
    const guess = await admitGuess(LIMITS.codeGuesses, String(user.id), context);
    const outcome = await codes.consume(user.id, purpose, target, value);
    if (outcome.result === 'ok') {
      await guess.succeeded();
      return outcome.payload ?? {};
    }
    throw invalid({ code: text(context.locale, outcome.result === 'expired' ? 'codeExpired' : 'codeInvalid') });
  }

  // --- registration and sign-in ---------------------------------------------------------------

  async function register(input: Record<string, unknown>, options: RegistrationOptions, context: CallContext) {
    await limit(context.ip, LIMITS.registrationsPerIp, context.locale);
    const usePhone = !input.email && !!input.phone && options.authTypes.includes('phone');
    const rules: Record<string, FieldRule> = {
      password: REGISTRATION_RULES.password,
      password_confirmation: REGISTRATION_RULES.password_confirmation,
      fakename: REGISTRATION_RULES.fakename,
      promo_code: REGISTRATION_RULES.promo_code,
      ...(usePhone ? { phone: { ...REGISTRATION_RULES.phone, phoneCountry: String(input.phone_country_code ?? '') || undefined } } : { email: REGISTRATION_RULES.email }),
      ...(options.termsRequired ? { terms: REGISTRATION_RULES.terms } : {}),
    };
    check(rules, input, context.locale);
    const currency = typeof input.currency === 'string' && input.currency ? input.currency : DEFAULT_CURRENCY;
    if (!isCurrency(currency)) throw invalid({ currency: text(context.locale, 'failedSave') });

    const login = usePhone
      ? { type: 'phone' as const, value: normalizePhone(String(input.phone), String(input.phone_country_code ?? '')) }
      : { type: 'email' as const, value: normalizeEmail(String(input.email)) };
    if (!login.value) throw invalid({ phone: text(context.locale, 'phoneTaken') });
    const subscribed = input.is_subscribed === undefined ? options.notifyDefault : ['1', 'true', 'on', true, 1].includes(input.is_subscribed as never);
    const passwordHash = await hashPassword(String(input.password));

    const created = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.type, login.type), eq(contacts.value, login.value!)));
      if (taken) return null;
      const [user] = await tx
        .insert(users)
        .values({
          passwordHash,
          currency,
          locale: context.locale,
          fakename: typeof input.fakename === 'string' && input.fakename ? input.fakename : null,
          isSubscribed: subscribed,
          signupDeviceId: context.deviceId ?? null,
          countryCode: usePhone ? String(input.phone_country_code ?? '').toUpperCase() || null : null,
          signupChoices: {
            promo_code: typeof input.promo_code === 'string' ? input.promo_code.slice(0, 64) : null,
            character_id: typeof input.character_id === 'string' ? input.character_id.slice(0, 64) : null,
            mark: input.mark === 'betting' ? 'betting' : 'casino',
          },
        })
        .returning();
      await tx.insert(contacts).values({
        userId: user.id,
        type: login.type,
        value: login.value!,
        phoneCountryCode: usePhone ? String(input.phone_country_code ?? '').toUpperCase() || null : null,
        isLogin: true,
        isSubscribed: subscribed,
      });
      await deps.onRegistered?.(tx, user.id, context);
      const token = await sessions.create(tx, user.id, sessionMeta(context));
      // The risk rules look at who else came from this address or device (docs/risk.md).
      await writeOutboxEvent(tx, { type: 'account.signed_up', userId: user.id, payload: { ip: context.ip, method: 'password', device_id: context.deviceId ?? null } });
      return { user, token };
    }).catch((error: unknown) => {
      // Two registrations racing for one contact: the unique index decides, the loser is told.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) return null;
      throw error;
    });
    if (created) announceOutboxCommitted();
    if (!created) {
      throw invalid(login.type === 'email' ? { email: text(context.locale, 'emailTaken') } : { phone: text(context.locale, 'phoneTaken') });
    }
    try {
      await sendCode(created.user, 'confirm_contact', login as { type: 'email' | 'phone'; value: string }, context, {
        link: (code) => `${context.origin}${context.locale === 'fr' ? '/fr' : ''}/confirmation?contact=${encodeURIComponent(login.value!)}&code=${code}`,
        quiet: true,
      });
    } catch (error) {
      // The account exists and is signed in: a send refused by a rate limit must not turn the
      // registration into a failure (a retry would only hear "already registered"). The player
      // can ask for the code again from the profile.
      if (!(error instanceof AppError && error.type === 'TooManyRequestsException')) throw error;
    }
    return { token: created.token, user: await userInfo(created.user.id) };
  }

  async function findByLogin(loginText: string) {
    const login = parseLoginId(loginText);
    if (!login) return null;
    const [row] = await db
      .select({ user: users, contact: contacts })
      .from(contacts)
      .innerJoin(users, eq(users.id, contacts.userId))
      .where(and(eq(contacts.type, login.type), eq(contacts.value, login.value), eq(contacts.isLogin, true)));
    return row ?? null;
  }

  async function login(input: { login: string; password: string; code?: string }, context: CallContext) {
    const found = await findByLogin(input.login);
    // An unknown login is throttled like an account, so the answers do not tell which exist.
    const accountKey = found ? String(found.user.id) : `unknown:${input.login.trim().toLowerCase()}`;
    const guess = await admitGuess(LIMITS.passwordGuesses, accountKey, context);
    const passwordOk = found ? await verifyPassword(found.user.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
    if (!found || !passwordOk) throw new AppError('AuthorizationException', text(context.locale, 'wrongCredentials'));
    await guess.succeeded();
    const { user, contact } = found;
    assertActive(user, context.locale);

    if (user.twoFactorEnabled) {
      if (!input.code) {
        const { resendAt } = await sendCode(user, 'login', contact, context, { quiet: true });
        throw new AppError('AuthorizationException', text(context.locale, 'twoFactorRequired'), {
          details: { two_factor: true, resend_time: resendSeconds(resendAt) },
        });
      }
      await useCode(user, 'login', contact.value, input.code, context);
    }
    return openSession(user.id, context);
  }

  /**
   * Every sign-in of an existing account ends here: password login and the linked-identity
   * channels (Telegram, social sign-in; server/modules/identity-providers). A refusal added here
   * (account status, self-exclusion) therefore holds on every channel.
   */
  async function openSession(userId: number, context: CallContext) {
    const user = await findUser(userId);
    assertActive(user, context.locale);
    await deps.signInGuard?.(user.id, context.locale);
    const token = await sessions.create(db, user.id, sessionMeta(context));
    return { token, user: await userInfo(user.id) };
  }

  /** The account owning an e-mail contact (any, not only the login one), and whether it was confirmed. */
  async function findByEmail(email: string): Promise<{ userId: number; confirmed: boolean } | null> {
    const [row] = await db
      .select({ userId: contacts.userId, confirmed: contacts.isConfirmed })
      .from(contacts)
      .where(and(eq(contacts.type, 'email'), eq(contacts.value, normalizeEmail(email))));
    return row ?? null;
  }

  /**
   * Creates an account proven by an outside identity (a Telegram user, an OpenID Connect
   * subject) and signs it in. There is no password the player knows: a hash of a random one
   * keeps password login closed until they set one through restore (an e-mail account). `link`
   * writes the identity link in the same transaction, so no account exists without its link.
   * Answers null when the e-mail is already taken (a race: the caller decides what to say).
   */
  async function registerLinked(
    input: { email?: string | null; emailVerified?: boolean; fakename?: string | null },
    context: CallContext,
    link: (tx: Tx, userId: number) => Promise<void>,
  ) {
    await limit(context.ip, LIMITS.registrationsPerIp, context.locale);
    const passwordHash = await hashPassword(randomToken());
    const fakename = input.fakename ?? null;
    const created = await db
      .transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          // Without a public name the registration is incomplete: the site asks for one (spec 1 §4).
          .values({ passwordHash, currency: DEFAULT_CURRENCY, locale: context.locale, fakename, isRegistrationCompleted: fakename !== null, signupDeviceId: context.deviceId ?? null })
          .returning();
        if (input.email) {
          await tx.insert(contacts).values({ userId: user.id, type: 'email', value: normalizeEmail(input.email), isLogin: true, isConfirmed: input.emailVerified === true });
        }
        await link(tx, user.id);
        await writeOutboxEvent(tx, { type: 'account.signed_up', userId: user.id, payload: { ip: context.ip, method: 'identity', device_id: context.deviceId ?? null } });
        await deps.onRegistered?.(tx, user.id, context);
        return { user, token: await sessions.create(tx, user.id, sessionMeta(context)) };
      })
      .catch((error: unknown) => {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) return null;
        throw error;
      });
    if (created) announceOutboxCommitted();
    return created && { token: created.token, user: await userInfo(created.user.id) };
  }

  // --- password restore -------------------------------------------------------------------------

  /**
   * Step one sends a code (and a link) to the contact; the answer is the same whether or not the
   * login exists, so the form cannot be used to find out who plays here.
   */
  async function requestRestore(loginText: string, context: CallContext): Promise<{ resend_time: number }> {
    await limit(context.ip, LIMITS.restoresPerIp, context.locale);
    if (!parseLoginId(loginText)) throw invalid({ login: text(context.locale, 'unknownLogin') });
    const found = await findByLogin(loginText);
    if (!found || found.user.status !== 'active') return { resend_time: 60 };
    const prefix = context.locale === 'fr' ? '/fr' : '';
    const { resendAt } = await sendCode(found.user, 'restore', found.contact, context, {
      quiet: true,
      link: (code) => `${context.origin}${prefix}/forms/sign_in?restore=1&login=${encodeURIComponent(found.contact.value)}&code=${code}`,
    });
    return { resend_time: resendSeconds(resendAt) };
  }

  async function completeRestore(input: Record<string, unknown>, context: CallContext): Promise<void> {
    check({ password: REGISTRATION_RULES.password, password_confirmation: REGISTRATION_RULES.password_confirmation }, input, context.locale);
    const found = await findByLogin(String(input.login ?? ''));
    if (!found || found.user.status !== 'active') throw invalid({ code: text(context.locale, 'codeInvalid') });
    await useCode(found.user, 'restore', found.contact.value, input.code, context);
    const passwordHash = await hashPassword(String(input.password));
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, found.user.id));
      await sessions.revokeAll(tx, found.user.id);
    });
    // Whoever forgot their password has often mistyped it first: the new one must not wait out
    // the old one's wrong guesses from the same address.
    await guesses.forgive(LIMITS.passwordGuesses, String(found.user.id), context.ip);
  }

  // --- two-factor -----------------------------------------------------------------------------

  /**
   * `offered`: the site configuration's functionalSettings.isTwoFAEnable. While it is off no one
   * turns two-factor on; a player who has it may still turn it off, and keeps it at sign-in
   * until then (a switch never weakens an account's protection; decision 035).
   */
  async function changeTwoFactor(userId: number, enable: boolean, context: CallContext, offered = true): Promise<{ resend_time: number }> {
    const user = await findUser(userId);
    if (enable && !offered && !user.twoFactorEnabled) throw invalid({ enable: text(context.locale, 'twoFactorNotOffered') });
    if (user.twoFactorEnabled === enable) {
      throw invalid({ enable: text(context.locale, enable ? 'alreadyEnabled' : 'alreadyDisabled') });
    }
    const contact = loginContact(await contactsOf(userId));
    const { resendAt } = await sendCode(user, 'two_factor_change', contact, context, { payload: { enable } });
    return { resend_time: resendSeconds(resendAt) };
  }

  async function confirmTwoFactor(userId: number, code: unknown, context: CallContext): Promise<void> {
    const user = await findUser(userId);
    const contact = loginContact(await contactsOf(userId));
    const payload = await useCode(user, 'two_factor_change', contact.value, code, context);
    await db.update(users).set({ twoFactorEnabled: payload.enable === true }).where(eq(users.id, userId));
  }

  // --- profile ------------------------------------------------------------------------------

  async function profileInfo(userId: number, fields: readonly string[]) {
    const user = await findUser(userId);
    const profile = user.profile as Record<string, unknown>;
    const result: Record<string, unknown> = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile[field] ?? (field === 'sex' ? 0 : null)]));
    result.country_code = user.countryCode;
    result.document_number_readonly = profile.document_type === 'cpf' && !!profile.document_number;
    if (fields.includes('contacts')) result.contacts = (await contactsOf(userId)).map(contactView);
    if (fields.includes('document')) result.document = { type: profile.document_type ?? null, number: profile.document_number ?? null };
    return result;
  }

  /** `postcodePattern`: the site configuration's validatorConfig.postcodePattern (the form checks the same). */
  async function saveProfile(userId: number, input: Record<string, unknown>, context: CallContext, options: { postcodePattern?: string } = {}): Promise<void> {
    const user = await findUser(userId);
    const current = user.profile as Record<string, unknown>;
    const adultBefore = new Date();
    adultBefore.setFullYear(adultBefore.getFullYear() - 18);
    const rules: Record<string, FieldRule> = { ...PROFILE_RULES, birth_date: { ...PROFILE_RULES.birth_date, max: adultBefore } };
    const present = Object.fromEntries(Object.entries(rules).filter(([name]) => name in input));
    check(present, input, context.locale, options);
    if ('document_type' in input && input.document_type && !(DOCUMENT_TYPES as readonly string[]).includes(String(input.document_type))) {
      throw invalid({ document_type: text(context.locale, 'failedSave') });
    }
    // A CPF number, once given, is read only (spec 1 section 3).
    const cpfLocked = current.document_type === 'cpf' && !!current.document_number;
    if (cpfLocked && 'document_number' in input && input.document_number !== current.document_number) {
      throw invalid({ document_number: text(context.locale, 'readOnly') });
    }
    const next = { ...current };
    for (const field of PROFILE_FIELDS) {
      if (!(field in input)) continue;
      const value = input[field];
      next[field] = field === 'sex' ? Number(value) || 0 : typeof value === 'string' ? value.trim() || null : null;
    }
    const countryCode = typeof input.country_code === 'string' && /^[A-Za-z]{2}$/.test(input.country_code) ? input.country_code.toUpperCase() : user.countryCode;
    await db.update(users).set({ profile: next, countryCode }).where(eq(users.id, userId));
  }

  function personalDataFields() {
    return PROFILE_FIELDS.map((name) => ({
      name,
      type: PROFILE_RULES[name].type,
      required: false,
      ...(name === 'document_type' ? { options: [...DOCUMENT_TYPES] } : {}),
      ...(name === 'sex' ? { options: [1, 2] } : {}),
    }));
  }

  // --- contacts -----------------------------------------------------------------------------

  function contactView(row: ContactRow): ContactView {
    return {
      type: row.type,
      contact: row.value,
      is_confirmed: row.isConfirmed,
      is_subscribed: row.isSubscribed,
      is_login: row.isLogin,
      ...(row.type === 'phone' ? { phone_country_code: row.phoneCountryCode } : {}),
    };
  }

  /** The contact an input names, in normalised form: an e-mail, or a phone (with its country). */
  function readContact(contact: unknown, phoneCountry: unknown, locale: LocaleCode) {
    const value = typeof contact === 'string' ? contact.trim() : '';
    if (value.includes('@')) {
      check({ contact: { type: 'email' } }, { contact: value }, locale);
      return { type: 'email' as const, value: normalizeEmail(value), country: null };
    }
    const country = typeof phoneCountry === 'string' && phoneCountry ? phoneCountry.toUpperCase() : undefined;
    check({ contact: { type: 'phone', phoneCountry: country } }, { contact: value }, locale);
    const phone = normalizePhone(value, country);
    if (!phone) throw invalid({ contact: text(locale, 'failedAddContact') });
    return { type: 'phone' as const, value: phone, country: country ?? null };
  }

  async function ownContact(userId: number, contact: unknown, locale: LocaleCode, phoneCountry?: unknown) {
    const wanted = readContact(contact, phoneCountry, locale);
    const row = (await contactsOf(userId)).find((item) => item.type === wanted.type && item.value === wanted.value);
    if (!row) throw invalid({ contact: text(locale, 'contactNotFound') });
    return row;
  }

  async function addContact(userId: number, contact: unknown, phoneCountry: unknown, context: CallContext): Promise<void> {
    const user = await findUser(userId);
    const wanted = readContact(contact, phoneCountry, context.locale);
    const inserted = await db
      .insert(contacts)
      .values({ userId, type: wanted.type, value: wanted.value, phoneCountryCode: wanted.country })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw invalid({ contact: text(context.locale, 'contactTaken') });
    await sendCode(user, 'confirm_contact', inserted[0], context, { quiet: true, link: confirmLink(inserted[0].value, context) });
  }

  const confirmLink = (value: string, context: CallContext) => (code: string) =>
    `${context.origin}${context.locale === 'fr' ? '/fr' : ''}/confirmation?contact=${encodeURIComponent(value)}&code=${code}`;

  async function sendConfirmation(userId: number, contact: unknown, context: CallContext): Promise<{ resend_time: number }> {
    const user = await findUser(userId);
    const row = await ownContact(userId, contact, context.locale);
    if (row.isConfirmed) throw invalid({ contact: text(context.locale, 'alreadyConfirmed') });
    const { resendAt } = await sendCode(user, 'confirm_contact', row, context, { link: confirmLink(row.value, context) });
    return { resend_time: resendSeconds(resendAt) };
  }

  async function confirmContact(userId: number, contact: unknown, code: unknown, context: CallContext): Promise<void> {
    const user = await findUser(userId);
    const row = await ownContact(userId, contact, context.locale);
    if (row.isConfirmed) return;
    await useCode(user, 'confirm_contact', row.value, code, context);
    await db.update(contacts).set({ isConfirmed: true }).where(eq(contacts.id, row.id));
  }

  async function changeSubscription(userId: number, contact: unknown, subscribed: boolean, locale: LocaleCode): Promise<void> {
    const row = await ownContact(userId, contact, locale);
    await db.transaction(async (tx) => {
      await tx.update(contacts).set({ isSubscribed: subscribed }).where(eq(contacts.id, row.id));
      await syncSubscribed(tx as unknown as Db, userId);
    });
  }

  /** The account counts as subscribed while any of its contacts is. */
  async function syncSubscribed(tx: Db, userId: number) {
    await tx
      .update(users)
      .set({ isSubscribed: sql`exists (select 1 from ${contacts} where ${contacts.userId} = ${userId} and ${contacts.isSubscribed})` })
      .where(eq(users.id, userId));
  }

  // --- settings -----------------------------------------------------------------------------

  async function changeFakename(userId: number, fakename: unknown, locale: LocaleCode): Promise<void> {
    check({ fakename: { type: 'fakename', max: 32 } }, { fakename }, locale);
    // The public name is what an incomplete registration (e.g. a messenger sign-up) still lacks:
    // giving it completes the registration.
    await db.update(users).set({ fakename: String(fakename).trim(), isRegistrationCompleted: true }).where(eq(users.id, userId));
  }

  async function changePassword(
    userId: number,
    input: Record<string, unknown>,
    context: CallContext,
  ): Promise<{ token: string }> {
    check(
      {
        old_password: { type: 'text', max: 128 },
        password: REGISTRATION_RULES.password,
        password_confirmation: REGISTRATION_RULES.password_confirmation,
      },
      input,
      context.locale,
    );
    await limit(String(userId), LIMITS.passwordChecksPerAccount, context.locale);
    const user = await findUser(userId);
    if (!(await verifyPassword(user.passwordHash, String(input.old_password)))) {
      throw invalid({ old_password: text(context.locale, 'wrongPassword') });
    }
    const passwordHash = await hashPassword(String(input.password));
    return db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
      // Every session ends, this one too; the caller gets a fresh token for itself.
      await sessions.revokeAll(tx, userId);
      return { token: await sessions.create(tx, userId, sessionMeta(context)) };
    });
  }

  /**
   * The account currency, while it can still change. `canChange` is asked of the money module
   * (no deposit yet) once it exists.
   */
  async function setCurrency(userId: number, currency: unknown, locale: LocaleCode, canChange: () => Promise<boolean>): Promise<void> {
    if (!isCurrency(currency)) throw invalid({ currency: text(locale, 'failedSave') });
    if (!(await canChange())) throw invalid({ currency: text(locale, 'currencyLocked') });
    await db.update(users).set({ currency: currency as CurrencyCode }).where(eq(users.id, userId));
  }

  // --- unsubscribe links ----------------------------------------------------------------------

  /** A link token naming one contact, signed so nobody can unsubscribe someone else. */
  function unsubscribeToken(contactId: number): string {
    return `${contactId}.${hmacSha256(deps.secret, `unsubscribe:${contactId}`).slice(0, 32)}`;
  }

  /** The link an e-mail's footer carries: /unsubscribe in the player's language, no sign-in needed. */
  function unsubscribeLink(contactId: number, context: Pick<CallContext, 'origin' | 'locale'>): string {
    return `${context.origin}${context.locale === 'fr' ? '/fr' : ''}/unsubscribe?token=${unsubscribeToken(contactId)}`;
  }

  /** Every e-mail to an address subscribed to the newsletter ends with its unsubscribe link. */
  async function unsubscribeFooter(userId: number, address: string, context: CallContext): Promise<string> {
    const [row] = await db
      .select({ id: contacts.id, isSubscribed: contacts.isSubscribed })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.type, 'email'), eq(contacts.value, address)));
    return row?.isSubscribed ? `\n\n--\n${text(context.locale, 'unsubscribeFooter', { link: unsubscribeLink(row.id, context) })}` : '';
  }

  /**
   * Turns the newsletter off for the contact a signed link names. Idempotent: the same link
   * answers the same contact every time. The address is answered masked, since whoever holds
   * the link may not be its owner.
   */
  async function unsubscribe(token: unknown, locale: LocaleCode): Promise<{ type: 'email' | 'phone'; contact: string }> {
    const match = typeof token === 'string' ? /^(\d{1,10})\.([0-9a-f]{32})$/.exec(token) : null;
    if (!match || !safeEqual(unsubscribeToken(Number(match[1])), token as string)) {
      throw invalid({ token: text(locale, 'badUnsubscribeLink') });
    }
    // A contact removed since the mail was sent leaves the link with nothing to name.
    const [row] = await db.update(contacts).set({ isSubscribed: false }).where(eq(contacts.id, Number(match[1]))).returning();
    if (!row) throw invalid({ token: text(locale, 'badUnsubscribeLink') });
    await syncSubscribed(db, row.userId);
    return { type: row.type as 'email' | 'phone', contact: maskContact(row.type, row.value) };
  }

  // --- operators --------------------------------------------------------------------------------

  async function setStatus(loginText: string, status: 'active' | 'banned' | 'deleted'): Promise<number> {
    const found = await findByLogin(loginText);
    if (!found) throw new Error(`No account signs in with ${loginText}`);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ status }).where(eq(users.id, found.user.id));
      if (status !== 'active') await sessions.revokeAll(tx, found.user.id);
    });
    return found.user.id;
  }

  /** The verification module's outcome (docs/verification.md), in its own transaction. */
  async function setVerificationFlags(tx: Tx, userId: number, flags: Pick<UserRow, 'isOnVerification' | 'isVerified'>): Promise<void> {
    await tx.update(users).set(flags).where(eq(users.id, userId));
  }

  /** Where to write to a player about their account: the login contact and their language. */
  async function recipient(userId: number): Promise<{ email: string | null; phone: string | null; locale: LocaleCode }> {
    const user = await findUser(userId);
    const login = loginContact(await contactsOf(userId));
    return {
      email: login?.type === 'email' ? login.value : null,
      phone: login?.type === 'phone' ? login.value : null,
      locale: user.locale === 'fr' ? 'fr' : 'en',
    };
  }

  async function setFlags(loginText: string, flags: Partial<Pick<UserRow, 'isKycBlockEnabled' | 'isVerified'>>): Promise<number> {
    const found = await findByLogin(loginText);
    if (!found) throw new Error(`No account signs in with ${loginText}`);
    await db.update(users).set(flags).where(eq(users.id, found.user.id));
    return found.user.id;
  }

  return {
    userInfo,
    playerState,
    /** The account id behind a login (e-mail or phone), for operator commands; null when none. */
    uidOf: async (loginText: string): Promise<number | null> => (await findByLogin(loginText))?.user.id ?? null,
    register,
    login,
    openSession,
    findByEmail,
    registerLinked,
    requestRestore,
    completeRestore,
    changeTwoFactor,
    confirmTwoFactor,
    profileInfo,
    saveProfile,
    personalDataFields,
    contactsOf: async (userId: number) => (await contactsOf(userId)).map(contactView),
    addContact,
    sendConfirmation,
    confirmContact,
    changeSubscription,
    changeFakename,
    changePassword,
    setCurrency,
    unsubscribeToken,
    unsubscribeLink,
    unsubscribe,
    setStatus,
    setFlags,
    setVerificationFlags,
    recipient,
    currencies: () => Object.keys(CURRENCIES),
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

/** j•••@example.com, +33 ••• ••• 78: enough for the owner to recognise, little for anyone else. */
export function maskContact(type: string, value: string): string {
  if (type === 'email') {
    const at = value.lastIndexOf('@');
    const local = value.slice(0, at);
    return `${local.slice(0, local.length > 3 ? 2 : 1)}•••${value.slice(at)}`;
  }
  return `${value.slice(0, 3)} ••• ${value.slice(-2)}`;
}
