import type { ApiMethod } from './types.ts';
import { changeLocale, getGeneralInfo, getInfo, getMetadata } from './methods/general.ts';
import { storageGet, storageGetKeys, storageSet } from './methods/storage.ts';
import { getContentPage } from './methods/content.ts';

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
] as ApiMethod[];

const byName = new Map(CATALOGUE.map((method) => [method.name.toLowerCase(), method]));

export const findMethod = (name: string): ApiMethod | undefined => byName.get(name.toLowerCase());
