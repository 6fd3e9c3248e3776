import clsx from 'clsx';
import { useEffect, useId, useMemo, useState } from 'react';
import type { PhoneCheck } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/locale.ts';

type PhoneCountry = { code: string; dial_code: string; example: string | null };
type PhoneSettings = { default_country: string; countries: PhoneCountry[] };

let settingsPromise: Promise<PhoneSettings> | null = null;
const loadSettings = () => {
  settingsPromise ??= api<PhoneSettings>('getContactPhoneSettings').catch((error: unknown) => {
    settingsPromise = null;
    throw error;
  });
  return settingsPromise;
};

/**
 * The phone check of contract/phone.ts (libphonenumber metadata, ~29 KB gzip), loaded only once a
 * phone field is on screen. Until it arrives, phone fields are not judged in the browser.
 */
export function usePhoneCheck(enabled: boolean): PhoneCheck | undefined {
  const [check, setCheck] = useState<PhoneCheck>();
  useEffect(() => {
    if (!enabled || check) return;
    let live = true;
    void import('../../../contract/phone.ts').then((module) => {
      if (live) setCheck(() => module.checkPhone);
    });
    return () => {
      live = false;
    };
  }, [enabled, check]);
  return check;
}

/** Loads the phone countries; answers the server's default country once known. */
export function usePhoneCountries(enabled: boolean) {
  const [settings, setSettings] = useState<PhoneSettings | null>(null);
  useEffect(() => {
    if (!enabled || settings) return;
    let live = true;
    loadSettings().then(
      (value) => live && setSettings(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled, settings]);
  return settings;
}

/** A country select (name and calling code) next to the number; the number may be national. */
export function PhoneInput({
  label,
  countryLabel,
  country,
  onCountryChange,
  value,
  onChange,
  onBlur,
  error,
  settings,
  name = 'phone',
  autoFocus,
}: {
  label: string;
  countryLabel: string;
  country: string;
  onCountryChange: (code: string) => void;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  settings: PhoneSettings | null;
  name?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const locale = useLocale();
  const countries = useMemo(() => {
    const list = settings?.countries ?? [];
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    return list
      .map((item) => ({ ...item, name: names?.of(item.code) ?? item.code }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [settings, locale]);
  const current = countries.find((item) => item.code === country);

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink-200">
        {label}
      </label>
      <div
        className={clsx(
          'flex h-12 w-full overflow-hidden rounded-xl bg-ink-900 ring-1 transition focus-within:ring-2',
          error ? 'ring-ruby-500 focus-within:ring-ruby-400' : 'ring-white/10 hover:ring-white/20 focus-within:ring-gold-400',
        )}
      >
        <div className="relative flex shrink-0 items-center border-r border-white/10">
          <span className="pointer-events-none flex items-center gap-1.5 pr-7 pl-3 text-sm font-semibold text-ink-100" aria-hidden="true">
            {country || '··'}
            <span className="font-normal text-ink-400">{current?.dial_code ?? ''}</span>
          </span>
          <svg className="pointer-events-none absolute right-2 text-ink-400" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
          <select
            aria-label={countryLabel}
            value={country}
            onChange={(event) => onCountryChange(event.target.value)}
            className="absolute inset-0 cursor-pointer opacity-0"
            data-testid="phone-country"
          >
            {!current && <option value={country}>{country}</option>}
            {countries.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name} ({item.dial_code})
              </option>
            ))}
          </select>
        </div>
        <input
          id={id}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          autoFocus={autoFocus}
          value={value}
          placeholder={current?.example ?? ''}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          className="min-w-0 flex-1 bg-transparent px-4 text-base text-ink-100 outline-none placeholder:text-ink-500"
        />
      </div>
      {error && (
        <p id={`${id}-message`} role="alert" className="text-sm text-ruby-400" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
