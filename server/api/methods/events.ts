import { z } from 'zod';
import { jsonOrObject } from '../json-field.ts';
import { enforce, type Limit } from '../../platform/rate-limit/index.ts';
import { defineMethod } from '../types.ts';

/** A visitor's events: generous for a page's analytics, short of a flood of log lines. */
export const CLIENT_EVENT_LIMIT: Limit = { name: 'client-event', max: 120, windowSeconds: 60 };

const scalar = z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]);
/** Up to 20 parameters of plain values, given nested (`event_params[game]=x`) or as a JSON object. */
const eventParams = jsonOrObject(z.record(z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/), scalar).refine((params) => Object.keys(params).length <= 20, 'At most 20 parameters'));

export const handleEvent = defineMethod({
  name: 'events/handle',
  verb: 'GET',
  auth: false,
  summary: "Records a page's analytics event (event_name, event_params) with the visitor, the player when signed in, and the locale: `1`.",
  input: z.object({
    event_name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'Wrong value'),
    event_params: eventParams.default({}),
  }),
  handler: async ({ event_name, event_params }, context) => {
    await enforce(context.services.limits, context.viewer.visitorId, CLIENT_EVENT_LIMIT);
    // One JSON log line per event (docs/api.md): the analytics pipeline reads the process logs.
    context.logger.info({ event: event_name, params: event_params, uid: context.viewer.userId, visitor: context.viewer.visitorId, locale: context.locale }, 'client event');
    return 1;
  },
});
