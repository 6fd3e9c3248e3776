import type { FieldRule } from './validation.ts';

/**
 * The site configuration's form definitions (spec 2 section 3: forms.registration, forms.restore,
 * forms.profileSettings, forms.currencyConditions) laid over a form's own rules (decision 035).
 */
type ConfiguredField = { fieldName: string; pattern?: string; validationDict?: ReadonlyArray<{ errorType: string; message: string }> };

/**
 * A form's own rules with the operator's definitions laid over them: a configured field the form
 * has gets the field's pattern and messages; fields the form does not have are ignored (a
 * configuration never adds an input the server would not take).
 */
export function withConfiguredFields(rules: Readonly<Record<string, FieldRule>>, fields: readonly ConfiguredField[] = []): Record<string, FieldRule> {
  const merged: Record<string, FieldRule> = { ...rules };
  for (const field of fields) {
    const rule = Object.hasOwn(merged, field.fieldName) ? merged[field.fieldName] : undefined;
    if (!rule) continue;
    merged[field.fieldName] = {
      ...rule,
      ...(field.pattern ? { pattern: field.pattern } : {}),
      ...(field.validationDict?.length ? { validationDict: field.validationDict } : {}),
    };
  }
  return merged;
}

/**
 * forms.currencyConditions: field name -> the account currencies the field is asked for (a
 * Brazilian CPF only from BRL players, say). A field without an entry applies to every currency;
 * an entry applies whatever the case of its codes.
 */
export function fieldAppliesToCurrency(conditions: Readonly<Record<string, readonly string[]>>, fieldName: string, currency: string | null | undefined): boolean {
  const wanted = Object.hasOwn(conditions, fieldName) ? conditions[fieldName] : undefined;
  if (!wanted) return true;
  if (!currency) return false;
  return wanted.some((code) => code.toUpperCase() === currency.toUpperCase());
}
