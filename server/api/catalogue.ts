import type { ApiMethod } from './types.ts';
import { changeLocale, getGeneralInfo, getMetadata } from './methods/general.ts';
import { changeTwoFactorAuth, confirmTwoFactorAuth, getBalance, getInfo, login, logout, register, restore } from './methods/accounts.ts';
import {
  addContact,
  changeFakename,
  changePassword,
  changeSubscription,
  confirmContact,
  getContactPhoneSettings,
  getPersonalDataFields,
  getProfileInfo,
  saveProfileInfo,
  sendConfirmationToContact,
  setCurrency,
  unsubscribe,
} from './methods/profile.ts';
import {
  cancelWithdrawal,
  getBanks,
  getCurrencyRates,
  getDepositInfo,
  getDepositLimit,
  getDepositSettings,
  getHistory,
  getWithdrawSettings,
  makeDeposit,
  makeWithdrawal,
  setDepositLimit,
} from './methods/cashier.ts';
import { storageGet, storageGetKeys, storageSet } from './methods/storage.ts';
import { getContentPage } from './methods/content.ts';
import { getJackpots, getJackpotWinners, getLeaderboard } from './methods/jackpots.ts';
import { getTournaments, participateTournament } from './methods/tournaments.ts';
import { actRound, getFairness, launchGame, playRound, rotateSeed, verifyRound } from './methods/studio.ts';
import { addLike, getCategories, getFreeSpins, getGames, getLikes, getProviders, getRecent, removeLike } from './methods/games.ts';
import { createHistoryExport, getGameHistory, getHistoryExport } from './methods/history.ts';

/**
 * Every /api method, once. docs/api.md is checked against this list by a test, so a method
 * added here without documentation fails the suite.
 */
export const CATALOGUE: readonly ApiMethod[] = [
  getInfo,
  getGeneralInfo,
  getMetadata,
  changeLocale,
  storageGet,
  storageGetKeys,
  storageSet,
  getContentPage,
  register,
  login,
  logout,
  getBalance,
  restore,
  changeTwoFactorAuth,
  confirmTwoFactorAuth,
  getProfileInfo,
  saveProfileInfo,
  getPersonalDataFields,
  addContact,
  sendConfirmationToContact,
  confirmContact,
  changeSubscription,
  changeFakename,
  changePassword,
  setCurrency,
  unsubscribe,
  getContactPhoneSettings,
  getDepositSettings,
  makeDeposit,
  getDepositInfo,
  getWithdrawSettings,
  makeWithdrawal,
  cancelWithdrawal,
  getHistory,
  getBanks,
  getDepositLimit,
  setDepositLimit,
  getCurrencyRates,
  getGames,
  getCategories,
  getProviders,
  getLikes,
  addLike,
  removeLike,
  getRecent,
  getGameHistory,
  createHistoryExport,
  getHistoryExport,
  launchGame,
  playRound,
  actRound,
  getFairness,
  rotateSeed,
  verifyRound,
  getFreeSpins,
  getJackpots,
  getJackpotWinners,
  getLeaderboard,
  getTournaments,
  participateTournament,
] as ApiMethod[];

const byName = new Map(CATALOGUE.map((method) => [method.name.toLowerCase(), method]));

export const findMethod = (name: string): ApiMethod | undefined => byName.get(name.toLowerCase());
