import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`, panva) on a random loopback port, for tests
 * only: API tests and browser journeys sign in against it exactly as against Google. Its login
 * step needs no typing: it signs in as whichever account the test chose with `nextAccount`, and
 * grants the scopes at once.
 */
export type LocalAccount = { sub: string; email?: string; email_verified?: boolean; name?: string };

export async function startLocalOidcProvider(options: { clientId: string; clientSecret: string; redirectUris: string[] }) {
  const accounts = new Map<string, LocalAccount>();
  let next: LocalAccount | null = null;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['local-oidc-provider-test-cookie-key'] },
    ttl: { Session: 600, Interaction: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // The ID token carries the profile and e-mail claims, as Google's does.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    // Every client is trusted with every scope it asks: no consent screen.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const account = next;
          if (!account) throw new Error('the test chose no account (nextAccount)');
          accounts.set(account.sub, account);
          await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
        } catch (error) {
          res.statusCode = 500;
          res.end(String(error));
        }
      })();
      return;
    }
    callback(req, res);
  };

  return {
    issuer,
    /** The account the next sign-in at this provider logs in as. */
    nextAccount(account: LocalAccount) {
      next = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalOidcProvider = Awaited<ReturnType<typeof startLocalOidcProvider>>;
