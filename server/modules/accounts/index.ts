/** The accounts module: players, sessions, codes, profile and contacts. */
export { createAccounts, type Accounts, type CallContext, type ContactView, type RegistrationOptions } from './service.ts';
export { createSessionStore, SESSION_COOKIE, type SessionStore, type ResolvedSession } from './sessions.ts';
export { createCodeStore, type CodeStore } from './codes.ts';
export { parseLoginId } from './login-id.ts';
export { createPublicNames, maskPublicName, type PublicNames } from './public-names.ts';
export { hashPassword, verifyPassword, verifyAgainstDecoy } from './passwords.ts';
export {
  addPlayerNote,
  allTags,
  changePlayerStatus,
  endPlayerSessions,
  flagChargeback,
  loginsOf,
  playerAccount,
  playerNotesOf,
  playerSessions,
  playersSharingSessions,
  playerSummaries,
  searchPlayers,
  setPlayerFlag,
  setPlayerTags,
  reportAccounts,
  type PlayerSearch,
} from './admin.ts';
export { createPayerReview, playersSeenAt, type PayerReview, type PayerReviewer } from './payer-review.ts';
export { playersSharingPostalAddress } from './postal-address.ts';
export { devicesOfPlayer, playersOnDevice } from './devices.ts';
