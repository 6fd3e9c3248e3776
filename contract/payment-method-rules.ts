import { z } from 'zod';
import { CURRENCIES, type CurrencyCode } from './money.ts';

/**
 * The operator's rules for the cashier's payment methods (decision 038, docs/payments.md "Method
 * rules"): kept as the operator setting `paymentMethodRules` (server/modules/site-settings), set
 * by `npm run ops -- site:set paymentMethodRules '<json>'` or the back office's settings screen,
 * which builds its form from this schema.
 *
 * - `methods`: at most one rule per direction and method. A method without a rule is offered to
 *   every country and currency with its built-in bounds (server/modules/payments/methods.ts).
 *   `countries` (ISO 3166-1 alpha-2) and `currencies` left empty mean every one; a player whose
 *   country is not known is not offered a method limited to some countries. `excludedCountries`
 *   are refused even when `countries` lists them. `limits` replace the method's bounds (whole
 *   major units) in one account currency. A rule for a method the site does not offer does nothing.
 * - `withdrawBySameMethod`: when `enabled`, a player who made successful deposits in the last
 *   `days` days withdraws only by a method that sends money back along one of them.
 */
const currencyCodes = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];
const country = z.string().regex(/^[A-Z]{2}$/, 'A country code of two capital letters (FR, DE, ...)');
const currency = z.enum(currencyCodes);

export const methodBoundsSchema = z
  .object({
    currency,
    min: z.number().int().min(1).max(10_000_000),
    max: z.number().int().min(1).max(10_000_000),
  })
  .refine((bounds) => bounds.min <= bounds.max, { message: 'The minimum is above the maximum', path: ['max'] });

export const methodRuleSchema = z.object({
  direction: z.enum(['deposit', 'withdrawal']),
  method: z.string().trim().regex(/^[a-z0-9_]{2,40}$/, 'A method sysname (card, sepa, skrill, bank_transfer, ...)'),
  countries: z.array(country).max(250).default([]),
  excludedCountries: z.array(country).max(250).default([]),
  currencies: z.array(currency).max(currencyCodes.length).default([]),
  limits: z
    .array(methodBoundsSchema)
    .max(currencyCodes.length)
    .default([])
    .superRefine((limits, context) => {
      limits.forEach((bounds, index) => {
        if (limits.findIndex((other) => other.currency === bounds.currency) !== index) {
          context.addIssue({ code: 'custom', message: `${bounds.currency} has bounds twice`, path: [index, 'currency'] });
        }
      });
    }),
});

export const paymentMethodRulesSchema = z.object({
  methods: z
    .array(methodRuleSchema)
    .max(100)
    .default([])
    .superRefine((rules, context) => {
      rules.forEach((rule, index) => {
        if (rules.findIndex((other) => other.direction === rule.direction && other.method === rule.method) !== index) {
          context.addIssue({ code: 'custom', message: `A second rule for the ${rule.direction} method ${rule.method}`, path: [index, 'method'] });
        }
      });
    }),
  withdrawBySameMethod: z
    .object({
      enabled: z.boolean().default(false),
      days: z.number().int().min(1).max(3650).default(90),
    })
    .default({ enabled: false, days: 90 }),
});

export type PaymentMethodRules = z.infer<typeof paymentMethodRulesSchema>;
export type PaymentMethodRule = z.infer<typeof methodRuleSchema>;

export const NO_METHOD_RULES: PaymentMethodRules = { methods: [], withdrawBySameMethod: { enabled: false, days: 90 } };
