import { z } from 'zod';
import { STORAGE_KEY_PATTERN, type StorageOwner } from '../../modules/storage/index.ts';
import { defineMethod, type ApiContext } from '../types.ts';

const key = z.string().regex(STORAGE_KEY_PATTERN);
/** `keys` arrives as `keys[]=a&keys[]=b`, as `keys=a,b`, or as a single `keys=a`. */
const keyList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(key).min(1).max(20),
);

const ownerOf = ({ viewer }: ApiContext): StorageOwner =>
  viewer.userId !== null ? { kind: 'user', id: String(viewer.userId) } : { kind: 'visitor', id: viewer.visitorId };

export const storageGet = defineMethod({
  name: 'storage/get',
  verb: 'ANY',
  auth: false,
  summary: 'Values of the given keys for this visitor or user; missing keys are null.',
  input: z.object({ keys: keyList }),
  handler: ({ keys }, context) => context.services.storage.get(ownerOf(context), keys),
});

export const storageGetKeys = defineMethod({
  name: 'storage/getKeys',
  verb: 'ANY',
  auth: false,
  summary: 'All keys stored for this visitor or user.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.storage.getKeys(ownerOf(context)),
});

export const storageSet = defineMethod({
  name: 'storage/set',
  verb: 'POST',
  auth: false,
  summary: 'Stores one value (StorageQuotaExceededException past the per-owner quota). Answers 1.',
  input: z.object({ key, value: z.string().max(8192) }),
  handler: async ({ key: name, value }, context) => {
    await context.services.storage.set(ownerOf(context), name, value);
    return 1;
  },
});
