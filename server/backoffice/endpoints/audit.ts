import { z } from 'zod';
import { defineRead } from '../endpoint.ts';

const time = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

export const listAuditTrail = defineRead({
  name: 'audit/list',
  access: 'audit.read',
  summary: 'The audit trail newest first, a page at a time (`page`, `limit` up to 200), filtered by actor, action (or its prefix), subject and time: {items, total}.',
  input: z.object({
    actor: z.string().trim().max(120).optional(),
    action: z.string().trim().max(80).optional(),
    subject: z.string().trim().max(120).optional(),
    from: time.optional(),
    to: time.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  handler: (input, context) =>
    context.services.staff.listAudit(
      { actor: input.actor || undefined, action: input.action || undefined, subject: input.subject || undefined, from: input.from, to: input.to },
      { limit: input.limit, offset: (input.page - 1) * input.limit },
    ),
});
