import * as client from 'openid-client';

/**
 * OpenID Connect providers of social sign-in, through `openid-client` (panva): authorization code
 * flow with PKCE (S256), state and nonce. Each provider's metadata is discovered once, on first
 * use, and kept; a failed discovery is retried by the next sign-in.
 */
export type OidcProviderConfig = {
  /** The `service` of /oauth/init (spec 1 §7) and the link's provider name: `google`, ... */
  name: string;
  /** The button's label. */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
};

/** What the callback needs to check the answer: kept in the signed flow cookie. */
export type FlowChecks = { state: string; nonce: string; verifier: string };

export type VerifiedIdentity = { subject: string; email: string | null; emailVerified: boolean; name: string | null };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function createOidcClient(config: OidcProviderConfig) {
  let discovered: Promise<client.Configuration> | null = null;
  const issuer = new URL(config.issuer);

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuer, config.clientId, config.clientSecret ? { client_secret: config.clientSecret } : { token_endpoint_auth_method: 'none' }, undefined, {
        // Plain http only for a provider on this machine (tests, local development).
        execute: issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  async function authorizationUrl(redirectUri: string): Promise<{ url: URL; checks: FlowChecks }> {
    const oidc = await configuration();
    const checks = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url, checks };
  }

  /** Exchanges the code (state, PKCE verifier and the ID token's nonce are all checked by the library). */
  async function finish(callbackUrl: URL, checks: FlowChecks): Promise<VerifiedIdentity> {
    const oidc = await configuration();
    const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.verifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token claims');
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    return {
      subject: claims.sub,
      email: text(claims.email)?.toLowerCase() ?? null,
      // Only an explicit `true` counts: a provider that does not say has not verified it.
      emailVerified: claims.email_verified === true,
      name: text(claims.preferred_username) ?? text(claims.given_name) ?? text(claims.name),
    };
  }

  return { name: config.name, label: config.label, authorizationUrl, finish };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

/** The providers configured by env: Google by its client id, and one generic issuer (OIDC_*). */
export function providersFromEnv(env: {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_PROVIDER_NAME?: string;
  OIDC_PROVIDER_LABEL?: string;
}): OidcProviderConfig[] {
  const list: OidcProviderConfig[] = [];
  if (env.GOOGLE_CLIENT_ID) {
    list.push({ name: 'google', label: 'Google', issuer: 'https://accounts.google.com', clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET });
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID) {
    list.push({
      name: env.OIDC_PROVIDER_NAME ?? 'oidc',
      label: env.OIDC_PROVIDER_LABEL ?? 'OpenID',
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    });
  }
  return list;
}
