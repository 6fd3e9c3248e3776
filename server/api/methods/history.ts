import { z } from 'zod';
import { GAME_HISTORY_MAX_COUNT, GAME_HISTORY_PAGE_SIZE } from '../../../contract/history.ts';
import { fieldMessage } from '../../../contract/validation-messages.ts';
import { AppError } from '../../platform/errors.ts';
import { defineMethod, type ApiContext } from '../types.ts';
import { requireUserId } from './accounts.ts';

const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
const mode = z.enum(['real', 'demo']).default('real');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A day (`2026-05-01`, UTC) or an ISO time with its offset. As a start it is the day's first
 * instant; as an end, a day is included whole (the next day's first instant, exclusive), a time
 * is exclusive.
 */
const boundary = (end: boolean) =>
  z
    .string()
    .max(40)
    .refine((text) => DAY.test(text) || INSTANT.test(text))
    .transform((text, context) => {
      const date = new Date(DAY.test(text) ? `${text}T00:00:00Z` : text);
      if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2200) {
        context.addIssue({ code: 'custom', message: 'date' });
        return z.NEVER;
      }
      return end && DAY.test(text) ? new Date(date.getTime() + 86_400_000) : date;
    });

function checkRange(from: Date | undefined, to: Date | undefined, context: ApiContext) {
  if (from && to && from >= to) {
    throw new AppError('InvalidParameterException', 'from is after to', { fields: { from: fieldMessage(context.locale, 'date') } });
  }
}

export const getGameHistory = defineMethod({
  name: 'games/getHistory',
  verb: 'GET',
  auth: true,
  summary: "The player's game rounds from every provider, newest first: {items, total}; filters mode, game, from, to; paging offset/count.",
  input: z
    .object({
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      count: z.coerce.number().int().min(1).max(GAME_HISTORY_MAX_COUNT).default(GAME_HISTORY_PAGE_SIZE),
      mode,
      game: sysname.optional(),
      from: boundary(false).optional(),
      to: boundary(true).optional(),
    })
    .strip(),
  handler: (input, context) => {
    checkRange(input.from, input.to, context);
    return context.services.history.rounds(
      requireUserId(context),
      { mode: input.mode, game: input.game, from: input.from, to: input.to },
      { offset: input.offset, count: input.count },
      context.locale,
    );
  },
});

export const createHistoryExport = defineMethod({
  name: 'games/createhistoryexportrequest',
  verb: 'POST',
  auth: true,
  summary: 'Asks for a CSV of the game history between from and to (mode, game optional): {id, status, ...}; built in the background.',
  input: z.object({ from: boundary(false), to: boundary(true), mode, game: sysname.optional() }).strip(),
  handler: (input, context) => {
    checkRange(input.from, input.to, context);
    return context.services.history.createExport(requireUserId(context), { mode: input.mode, game: input.game, from: input.from, to: input.to }, context.locale);
  },
});

export const getHistoryExport = defineMethod({
  name: 'games/gethistoryexportrequest',
  verb: 'GET',
  auth: true,
  summary: "Where one of the player's exports stands: {id, status, row_count, truncated, created_at, url}.",
  input: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }).strip(),
  handler: (input, context) => context.services.history.exportInfo(requireUserId(context), input.id, context.locale),
});
