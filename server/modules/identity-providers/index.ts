/**
 * Sign-in channels with an outside identity (docs/sign-in-channels.md): the Telegram mini-app
 * (initData checked with the bot token) and social sign-in over OpenID Connect (Google and a
 * generic issuer). Accounts are created and sessions opened through the accounts module.
 */
export { createIdentityProviders, CHANNEL_LIMITS, FLOW_COOKIE, type IdentityProviders, type RefusalReason } from './service.ts';
export { providersFromEnv, type OidcProviderConfig } from './oidc.ts';
export { identityProviderRoutes, SOCIAL_CHANNEL } from './routes.ts';
export { signInitData, verifyInitData, type TelegramUser } from './telegram.ts';
