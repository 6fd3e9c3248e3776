import { z } from 'zod';
import { defineMethod } from '../types.ts';
import { requireUserId } from './accounts.ts';

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);

export const getLoyaltyInfo = defineMethod({
  name: 'loyalty/getinfo',
  verb: 'GET',
  auth: true,
  summary: "The player's loyalty: points to spend, lifetime points, level, next level, progress, character, levels.",
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.loyalty.info(requireUserId(context), context.locale),
});

export const getLoyaltyCharacters = defineMethod({
  name: 'loyalty/getcharacters',
  verb: 'GET',
  auth: false,
  summary: 'The characters a player may pick: {items, offset, limit, total}.',
  input: z
    .object({
      offset: z.coerce.number().int().min(0).max(10_000).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    })
    .strip(),
  handler: (input, context) => context.services.loyalty.characters(input, context.locale),
});

export const setLoyaltyCharacter = defineMethod({
  name: 'loyalty/setcharacter',
  verb: 'POST',
  auth: true,
  summary: "Picks the player's character (any time); answers the loyalty info.",
  input: z.object({ id }).strip(),
  handler: (input, context) => context.services.loyalty.setCharacter(requireUserId(context), input.id, context.locale),
});

export const getLoyaltyProducts = defineMethod({
  name: 'loyalty/getproducts',
  verb: 'GET',
  auth: false,
  summary: 'The loyalty shop: {items}, with can_buy and reason for a signed-in player.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.loyalty.products(context.viewer.userId, context.locale),
});

export const buyLoyaltyProduct = defineMethod({
  name: 'loyalty/buyproduct',
  verb: 'POST',
  auth: true,
  summary: 'Buys a shop product with points; its reward becomes a bonus. Answers the purchase.',
  input: z.object({ product_id: id }).strip(),
  handler: (input, context) => context.services.loyalty.buy(requireUserId(context), input.product_id, context.locale),
});

export const getLoyaltyNotifications = defineMethod({
  name: 'loyalty/getnotifications',
  verb: 'GET',
  auth: true,
  changesState: true,
  summary: "The player's unseen loyalty notices, newest first, marked seen by this read: {items}.",
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.loyalty.notifications(requireUserId(context), context.locale),
});

export const getLoyaltyPrograms = defineMethod({
  name: 'loyalty/getPrograms',
  verb: 'GET',
  auth: false,
  summary: 'The loyalty programmes with their levels: {items}.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.loyalty.programs(context.locale),
});

export const getLoyaltyProgram = defineMethod({
  name: 'loyalty/getProgram',
  verb: 'GET',
  auth: false,
  summary: 'One loyalty programme by sysname; unknown: 404.',
  input: z.object({ sysname }).strip(),
  handler: (input, context) => context.services.loyalty.program(input.sysname, context.locale),
});
