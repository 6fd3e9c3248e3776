import { and, eq, lt } from 'drizzle-orm';
import { checkPhone } from '../../../contract/phone.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { validateForm } from '../../../contract/validation.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../platform/db/errors.ts';
import { hmacSha256, safeEqual, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { enforce, type Limit, type RateLimitStore } from '../../platform/rate-limit/index.ts';
import { identityLinks, oauthUsedStates } from '../../db/schema/identity-providers.ts';
import type { Accounts, CallContext } from '../accounts/index.ts';
import { createOidcClient, type FlowChecks, type OidcClient, type OidcProviderConfig } from './oidc.ts';
import { verifyInitData } from './telegram.ts';
import { text, type TextKey } from './texts.ts';

/** Abuse limits of the outside-identity sign-ins, per address, like the password login's. */
export const CHANNEL_LIMITS = {
  telegramPerIp: { name: 'telegram-signin-ip', max: 30, windowSeconds: 600 },
  socialPerIp: { name: 'social-signin-ip', max: 30, windowSeconds: 600 },
} as const satisfies Record<string, Limit>;

/** A social sign-in must come back within this time; the flow cookie lives as long. */
export const FLOW_SECONDS = 600;
export const FLOW_COOKIE = 'oauth_flow';

type Flow = FlowChecks & { provider: string; redirect: string; locale: LocaleCode; expires: number };

/** Why a channel refused: `details.reason` of the AuthorizationException the API answers. */
export type RefusalReason =
  | 'missing'
  | 'malformed'
  | 'signature'
  | 'stale'
  | 'future'
  | 'state'
  | 'replayed'
  | 'cancelled'
  | 'provider'
  | 'email_unverified'
  | 'email_taken';

const refuse = (reason: RefusalReason, locale: LocaleCode, key: TextKey) =>
  new AppError('AuthorizationException', text(locale, key), { details: { reason } });

/** The outside name as a public name when it passes the site's rule; otherwise the site asks for one. */
function publicName(candidate: string | null | undefined, locale: LocaleCode): string | null {
  if (!candidate) return null;
  const name = candidate.replace(/[^\p{L}\p{M}\p{Nd}]/gu, '').slice(0, 32);
  const errors = validateForm({ fakename: { type: 'fakename', required: true } }, { fakename: name }, { locale, phoneCheck: checkPhone });
  return Object.keys(errors).length ? null : name;
}

export function createIdentityProviders(deps: {
  db: Db;
  accounts: Accounts;
  limits: RateLimitStore;
  /** Signs the flow cookie. */
  secret: string;
  telegram: { botToken?: string; maxAgeSeconds: number };
  providers: OidcProviderConfig[];
}) {
  const { db, accounts, limits } = deps;
  const clients = new Map<string, OidcClient>(deps.providers.map((config) => [config.name, createOidcClient(config)]));

  async function limit(key: string, rule: Limit, locale: LocaleCode) {
    try {
      await enforce(limits, key, rule);
    } catch (error) {
      if (error instanceof AppError && error.type === 'TooManyRequestsException') {
        throw new AppError('TooManyRequestsException', text(locale, 'tooMany'), { headers: error.headers, details: error.details });
      }
      throw error;
    }
  }

  const findLink = async (provider: string, subject: string) =>
    (await db.select().from(identityLinks).where(and(eq(identityLinks.provider, provider), eq(identityLinks.subject, subject))))[0] ?? null;

  const insertLink = (tx: Db | Tx, userId: number, provider: string, subject: string, email: string | null) =>
    tx.insert(identityLinks).values({ userId, provider, subject, email });

  async function signInLinked(linkId: number, userId: number, context: CallContext) {
    // The one session opener of the accounts module: its refusals (ban, exclusion) apply here too.
    const session = await accounts.openSession(userId, context);
    await db.update(identityLinks).set({ lastUsedAt: new Date() }).where(eq(identityLinks.id, linkId));
    return { ...session, created: false };
  }

  /**
   * Signs in the account linked to an identity, or creates one linked to it. Two first visits
   * racing: the unique link index lets one create; the other finds its link and signs in.
   */
  async function signInOrCreate(
    identity: { provider: string; subject: string; email: string | null; emailVerified: boolean; name: string | null },
    context: CallContext,
  ) {
    const linked = await findLink(identity.provider, identity.subject);
    if (linked) return signInLinked(linked.id, linked.userId, context);

    if (identity.email) {
      const owner = await accounts.findByEmail(identity.email);
      if (owner) {
        // Linking to an existing account only when both sides vouch for the address: the provider
        // says it verified it, and the account confirmed it with us. Anything else would let
        // whoever controls a provider account take over a player's account.
        if (!identity.emailVerified || !owner.confirmed) throw refuse('email_unverified', context.locale, 'emailUnverified');
        try {
          await insertLink(db, owner.userId, identity.provider, identity.subject, identity.email);
        } catch (error) {
          // The account is already linked to another identity of this provider.
          if (pgErrorCode(error) === UNIQUE_VIOLATION) throw refuse('email_taken', context.locale, 'emailTaken');
          throw error;
        }
        const link = await findLink(identity.provider, identity.subject);
        return signInLinked(link!.id, owner.userId, context);
      }
    }

    const created = await accounts.registerLinked(
      { email: identity.email, emailVerified: identity.emailVerified, fakename: publicName(identity.name, context.locale) },
      context,
      (tx, userId) => insertLink(tx, userId, identity.provider, identity.subject, identity.email).then(() => undefined),
    );
    if (created) return { ...created, created: true };
    const raced = await findLink(identity.provider, identity.subject);
    if (raced) return signInLinked(raced.id, raced.userId, context);
    throw refuse('email_taken', context.locale, 'emailTaken');
  }

  // --- Telegram mini-app ------------------------------------------------------------------------

  /**
   * The `register` call with `is_tg` (spec 1 §7): `payload` is the mini-app's initData; `id` and
   * `hash`, when sent, must be the ones inside it.
   */
  async function telegramSignIn(input: { payload?: string; id?: string; hash?: string }, context: CallContext) {
    if (!deps.telegram.botToken) throw new AppError('InvalidRequestException', text(context.locale, 'telegramOff'), { details: { reason: 'not_configured' } });
    await limit(context.ip, CHANNEL_LIMITS.telegramPerIp, context.locale);
    const check = verifyInitData(input.payload ?? '', deps.telegram.botToken, { maxAgeSeconds: deps.telegram.maxAgeSeconds });
    if (!check.ok) throw refuse(check.reason, context.locale, 'telegramRefused');
    const params = new URLSearchParams(input.payload);
    if ((input.id && input.id !== String(check.user.id)) || (input.hash && input.hash !== params.get('hash'))) {
      throw refuse('signature', context.locale, 'telegramRefused');
    }
    return signInOrCreate(
      { provider: 'telegram', subject: String(check.user.id), email: null, emailVerified: false, name: check.user.username ?? check.user.first_name ?? null },
      context,
    );
  }

  // --- social sign-in (OpenID Connect) ----------------------------------------------------------

  const sign = (body: string) => hmacSha256(deps.secret, `oauth-flow:${body}`);

  function readFlow(cookie: string | undefined): Flow | null {
    const [body, signature] = (cookie ?? '').split('.');
    if (!body || !signature || !safeEqual(sign(body), signature)) return null;
    try {
      const flow = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Flow;
      return flow.expires > Date.now() ? flow : null;
    } catch {
      return null;
    }
  }

  function clientOf(name: string, locale: LocaleCode): OidcClient {
    const found = clients.get(name);
    if (!found) throw new AppError('InvalidParameterException', text(locale, 'unknownProvider'), { fields: { service: text(locale, 'unknownProvider') } });
    return found;
  }

  /** Step one: the provider's authorization address and the signed cookie that remembers the checks. */
  async function startSocial(name: string, options: { redirect: string; locale: LocaleCode; callbackUrl: string }) {
    const oidc = clientOf(name, options.locale);
    let started: Awaited<ReturnType<OidcClient['authorizationUrl']>>;
    try {
      started = await oidc.authorizationUrl(options.callbackUrl);
    } catch {
      throw new AppError('ApplicationUnavailableException', text(options.locale, 'providerDown'));
    }
    const flow: Flow = { ...started.checks, provider: name, redirect: options.redirect, locale: options.locale, expires: Date.now() + FLOW_SECONDS * 1000 };
    const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return { url: started.url.toString(), cookie: `${body}.${sign(body)}` };
  }

  /** Where a flow cookie says to go back to and in which language, even when the flow fails. */
  const flowInfo = (cookie: string | undefined) => {
    const flow = readFlow(cookie);
    return flow ? { redirect: flow.redirect, locale: flow.locale } : null;
  };

  /** Step two: the provider sent the player back with a code. */
  async function finishSocial(name: string, callbackUrl: URL, cookie: string | undefined, context: CallContext) {
    const oidc = clientOf(name, context.locale);
    await limit(context.ip, CHANNEL_LIMITS.socialPerIp, context.locale);
    const flow = readFlow(cookie);
    const state = callbackUrl.searchParams.get('state') ?? '';
    if (!flow || flow.provider !== name || !safeEqual(flow.state, state)) throw refuse('state', context.locale, 'flowInvalid');
    if (callbackUrl.searchParams.get('error')) throw refuse('cancelled', context.locale, 'cancelled');
    // Each state is used once, whatever the provider would do with its code a second time.
    const used = await db.insert(oauthUsedStates).values({ stateHash: sha256(state) }).onConflictDoNothing().returning();
    if (used.length === 0) throw refuse('replayed', context.locale, 'flowInvalid');
    await db.delete(oauthUsedStates).where(lt(oauthUsedStates.usedAt, new Date(Date.now() - 24 * 3600_000)));

    let identity: Awaited<ReturnType<OidcClient['finish']>>;
    try {
      identity = await oidc.finish(callbackUrl, flow);
    } catch {
      // A refused code (used, expired), a bad ID token or nonce, an unreachable provider.
      throw refuse('provider', context.locale, 'flowInvalid');
    }
    const result = await signInOrCreate({ provider: name, ...identity }, context);
    return { ...result, redirect: flow.redirect };
  }

  return {
    telegramSignIn,
    /** The configured social providers, for the buttons. */
    providers: () => [...clients.values()].map((item) => ({ name: item.name, label: item.label })),
    startSocial,
    finishSocial,
    flowInfo,
  };
}

export type IdentityProviders = ReturnType<typeof createIdentityProviders>;
