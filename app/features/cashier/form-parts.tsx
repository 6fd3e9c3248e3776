import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, isCurrency } from '../../../contract/money.ts';
import { NumberField, TextField } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { money, wholeUnits } from './format.ts';
import { MethodArt } from './method-art.tsx';
import type { PaymentMethodView, RequisiteField } from './types.ts';

/** Form parts shared by the deposit and withdrawal pages. */

/**
 * Payment method tiles, a radio group: art, name and bounds. `scroll` lays them out in one
 * swipeable row (depositView ContainerScrollView), otherwise in a grid (ContainerView).
 */
export function MethodPicker({
  methods,
  selected,
  onSelect,
  label,
  scroll = false,
}: {
  methods: PaymentMethodView[];
  selected: string | undefined;
  onSelect: (sysname: string) => void;
  label: string;
  scroll?: boolean;
}) {
  const { t } = useTranslation('cashier');
  const group = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, step: number) => {
    event.preventDefault();
    const index = methods.findIndex((method) => method.sysname === selected);
    const next = methods[(index + step + methods.length) % methods.length];
    if (!next) return;
    onSelect(next.sysname);
    group.current?.querySelector<HTMLElement>(`[data-sysname="${next.sysname}"]`)?.focus();
  };
  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={label}
      className={clsx(scroll ? '-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2' : 'grid grid-cols-2 gap-3 tablet:grid-cols-3')}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(event, 1);
        if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(event, -1);
      }}
      data-testid="method-picker"
    >
      {methods.map((method) => {
        const active = method.sysname === selected;
        return (
          <button
            key={method.sysname}
            type="button"
            role="radio"
            aria-checked={active}
            tabIndex={active || (!selected && method === methods[0]) ? 0 : -1}
            onClick={() => onSelect(method.sysname)}
            data-sysname={method.sysname}
            data-testid={`method-${method.sysname}`}
            className={clsx(
              'group relative flex flex-col gap-3 rounded-2xl p-3 text-left ring-1 transition',
              scroll && 'w-40 shrink-0 snap-start',
              active
                ? 'bg-gradient-to-b from-gold-500/15 to-ink-800 shadow-[0_10px_30px_-12px_rgba(245,184,46,0.55)] ring-2 ring-gold-400'
                : 'bg-ink-800 ring-white/10 hover:bg-ink-700 hover:ring-white/20',
            )}
          >
            <span className={clsx('grid place-items-center rounded-xl py-3 ring-1 ring-white/5 transition', active ? 'bg-ink-900/40' : 'bg-ink-900/70')}>
              <MethodArt sysname={method.sysname} className="h-12 w-[74px] rounded-lg shadow-lg shadow-black/40 transition group-hover:scale-105 tablet:h-14 tablet:w-[86px]" />
            </span>
            <span className="min-w-0">
              <span className="line-clamp-2 block text-sm leading-tight font-bold text-white">{t(`methods.${method.sysname}`, { defaultValue: method.name })}</span>
              <span className="mt-0.5 block text-xs text-ink-400 tabular-nums">
                {money(method.min)} – {money(method.max)}
              </span>
            </span>
            {active && (
              <span className="absolute top-2 right-2 grid h-6 w-6 place-items-center rounded-full bg-gold-400 text-ink-950 shadow" aria-hidden="true">
                <Icon name="check" size={14} strokeWidth={3} />
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

const symbolOf = (currency: string) => (isCurrency(currency) ? CURRENCIES[currency].symbol : currency);

/** Amount presets as large buttons and the amount field, checked as the player types. */
export function AmountInput({
  value,
  onChange,
  presets,
  currency,
  method,
  error,
  label,
  id,
}: {
  value: string;
  onChange: (value: string) => void;
  presets: number[];
  currency: string;
  method: PaymentMethodView | undefined;
  error: string | null;
  label: string;
  id: string;
}) {
  const { t } = useTranslation('cashier');
  const min = method ? wholeUnits(method.min) : 0;
  const max = method ? wholeUnits(method.max) : Infinity;
  return (
    <div className="space-y-3">
      {presets.length > 0 && (
        <div className="grid grid-cols-2 gap-2 tablet:grid-cols-4" role="group" aria-label={t('amount.presets')} data-testid="amount-presets">
          {presets.map((preset) => {
            const active = value === String(preset);
            const outside = preset < min || preset > max;
            return (
              <button
                key={preset}
                type="button"
                disabled={outside}
                aria-pressed={active}
                onClick={() => onChange(String(preset))}
                className={clsx(
                  'h-14 rounded-2xl text-lg font-extrabold tabular-nums ring-1 transition disabled:cursor-not-allowed disabled:opacity-40',
                  active
                    ? 'bg-gradient-to-b from-gold-400 to-gold-600 text-ink-950 ring-gold-300 shadow-[0_8px_24px_-10px_rgba(245,184,46,0.8)]'
                    : 'bg-ink-800 text-white ring-white/10 hover:bg-ink-700 hover:ring-gold-400/40',
                )}
                data-testid={`amount-preset-${preset}`}
              >
                {symbolOf(currency)}
                {preset}
              </button>
            );
          })}
        </div>
      )}
      <NumberField
        id={id}
        label={label}
        name="amount"
        value={value}
        onValue={onChange}
        error={error}
        hint={method ? t('amount.hint', { min: money(method.min), max: money(method.max) }) : undefined}
        unit={currency}
        className="text-lg font-bold tabular-nums"
        data-testid="amount-input"
      />
    </div>
  );
}

const INPUT_KIND: Record<string, { type: string; autoComplete: string; uppercase?: boolean }> = {
  email: { type: 'email', autoComplete: 'email' },
  iban: { type: 'text', autoComplete: 'off', uppercase: true },
  cardHolder: { type: 'text', autoComplete: 'cc-name' },
};

/** The requisites of a payment method, each with its label from the server. */
export function RequisiteFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: RequisiteField[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation('cashier');
  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      {fields.map((field) => {
        const kind = INPUT_KIND[field.type] ?? { type: 'text', autoComplete: 'off' };
        return (
          <div key={field.name} className={clsx(field.type === 'iban' && 'tablet:col-span-2')}>
            <TextField
              id={`requisite-${field.name}`}
              name={`requisites[${field.name}]`}
              label={field.label}
              type={kind.type}
              autoComplete={kind.autoComplete}
              placeholder={t(`placeholders.${field.type}`, { defaultValue: '' })}
              spellCheck={false}
              value={values[field.name] ?? ''}
              onChange={(event) => onChange(field.name, kind.uppercase ? event.target.value.toUpperCase() : event.target.value)}
              error={errors[`requisites.${field.name}`]}
              className={clsx(field.type === 'iban' && 'font-mono tracking-wide')}
              data-testid={`requisite-${field.name}`}
            />
          </div>
        );
      })}
    </div>
  );
}
