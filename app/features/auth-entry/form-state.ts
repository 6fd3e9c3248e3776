import { useCallback, useEffect, useRef, useState } from 'react';
import { validateField, type FieldRule, type ValidateFormOptions } from '../../../contract/validation.ts';

/**
 * Field errors of a form under a validation strategy (site configuration
 * auth.registration.validationStrategy):
 * - 'eager': a field is checked when it loses focus, and from then on at every change;
 * - 'onSubmit': fields are checked only when the form is submitted.
 * Errors from the server (ApiError.fields) show under their fields until the field changes.
 * The rules are the shared ones of contract/validation.ts, so the browser says what the server would.
 */
export type Strategy = 'eager' | 'onSubmit';
export type Values = Record<string, unknown>;

export type ErrorState = {
  client: Readonly<Record<string, string>>;
  server: Readonly<Record<string, string>>;
  /** Fields checked at every change (eager: after their first blur, or after a submit). */
  touched: Readonly<Record<string, true>>;
};

export type ErrorEvent =
  | { type: 'change'; name: string }
  | { type: 'blur'; name: string }
  | { type: 'submit' }
  | { type: 'server'; fields: Record<string, string> }
  /** Something the rules depend on arrived (the phone check): judge the touched fields again. */
  | { type: 'recheck' }
  | { type: 'reset' };

export type CheckContext = {
  strategy: Strategy;
  rules: Readonly<Record<string, FieldRule>>;
  values: Values;
  options: ValidateFormOptions;
};

export const NO_ERRORS: ErrorState = { client: {}, server: {}, touched: {} };

/** One field's message, or null. A phone rule waits for the lazily loaded phone check. */
export function checkField(name: string, context: CheckContext): string | null {
  const rule = context.rules[name];
  if (!rule) return null;
  if (rule.type === 'phone' && !context.options.phoneCheck) return null;
  return validateField(rule, context.values[name], { ...context.options, values: context.values });
}

function withMessage(errors: Readonly<Record<string, string>>, name: string, message: string | null) {
  const next = { ...errors };
  if (message === null) delete next[name];
  else next[name] = message;
  return next;
}

export function nextErrors(state: ErrorState, event: ErrorEvent, context: CheckContext): ErrorState {
  switch (event.type) {
    case 'reset':
      return NO_ERRORS;
    case 'server':
      return { ...state, server: { ...event.fields } };
    case 'submit': {
      const client: Record<string, string> = {};
      const touched: Record<string, true> = {};
      for (const name of Object.keys(context.rules)) {
        touched[name] = true;
        const message = checkField(name, context);
        if (message !== null) client[name] = message;
      }
      return { client, server: {}, touched: context.strategy === 'eager' ? touched : {} };
    }
    case 'blur': {
      if (context.strategy !== 'eager') return state;
      return {
        ...state,
        touched: { ...state.touched, [event.name]: true },
        client: withMessage(state.client, event.name, checkField(event.name, context)),
      };
    }
    case 'recheck':
    case 'change': {
      const server = event.type === 'change' ? withMessage(state.server, event.name, null) : state.server;
      if (context.strategy !== 'eager') return { ...state, server };
      // A change can also settle another field (a confirmation follows its password).
      let client = state.client;
      for (const name of Object.keys(state.touched)) client = withMessage(client, name, checkField(name, context));
      // A field that is no longer part of the form (e-mail after switching to phone) has no error.
      for (const name of Object.keys(client)) if (!context.rules[name]) client = withMessage(client, name, null);
      return { ...state, server, client };
    }
  }
}

export const errorOf = (state: ErrorState, name: string): string | null => state.server[name] ?? state.client[name] ?? null;

/** Server field errors that no field of the form shows: they go to the form's alert instead. */
export function unshownFields(fields: Record<string, string>, shown: readonly string[]): string[] {
  return Object.entries(fields)
    .filter(([name]) => !shown.includes(name))
    .map(([, message]) => message);
}

/** Values plus their errors under a strategy; rules and options are read at each event. */
export function useValidatedForm<V extends Values>(initial: V | (() => V), config: Omit<CheckContext, 'values'>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<ErrorState>(NO_ERRORS);
  const latest = useRef({ values, config });
  // Events read the rules and options of the last render (they change with e.g. e-mail / phone).
  useEffect(() => {
    latest.current = { values, config };
  });

  const dispatch = useCallback((event: ErrorEvent, values: Values) => {
    const context = { ...latest.current.config, values };
    setErrors((state) => nextErrors(state, event, context));
  }, []);

  // The phone check loads lazily: once it is there, phone fields left earlier get their verdict.
  const phoneReady = !!config.options.phoneCheck;
  useEffect(() => {
    if (phoneReady) dispatch({ type: 'recheck' }, latest.current.values);
  }, [phoneReady, dispatch]);

  const set = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      const next = { ...latest.current.values, [name]: value };
      latest.current.values = next;
      setValues(next);
      dispatch({ type: 'change', name }, next);
    },
    [dispatch],
  );

  const blur = useCallback((name: string) => dispatch({ type: 'blur', name }, latest.current.values), [dispatch]);

  /** Checks every field; answers whether the form may be sent. */
  const validate = useCallback((): boolean => {
    const context = { ...latest.current.config, values: latest.current.values };
    const state = nextErrors(NO_ERRORS, { type: 'submit' }, context);
    setErrors(state);
    return Object.keys(state.client).length === 0;
  }, []);

  const setServerErrors = useCallback((fields: Record<string, string>) => dispatch({ type: 'server', fields }, latest.current.values), [dispatch]);

  /** The props of a plain text field bound to `name`: its value, change, blur and error. */
  const bind = (name: keyof V & string) => ({
    value: String(values[name] ?? ''),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[typeof name]),
    onBlur: () => blur(name),
    error: errorOf(errors, name),
  });

  return {
    values,
    set,
    blur,
    bind,
    validate,
    setServerErrors,
    error: (name: string) => errorOf(errors, name),
  };
}
