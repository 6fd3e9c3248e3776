import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateField } from '../../../contract/validation.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useLocale } from '../../lib/locale.ts';
import { useToasts } from '../toasts/store.ts';
import { errorMessage, isTooManyRequests } from './errors.ts';
import { CODE_RESEND_SECONDS, CONFIRM_SENT_KEY } from './types.ts';
import { retryAfterSeconds } from './use-countdown.ts';

type Entry = {
  code: string;
  error?: string;
  notice?: { tone: 'success' | 'info'; text: string };
  /** When a new code may be asked for (epoch ms). */
  resendAt?: number;
  busy?: 'send' | 'confirm';
};

/**
 * The confirm-by-code flow of contacts (spec 1 section 4), shared by the contact list and the
 * confirm-contact hint: which contact's code field is open, sending a code (with the resend
 * countdown, or the TooManyRequests wait), checking the code. After a successful send the
 * `confirm_sent` flag is stored (storage/set), which retires the confirm-contact hint.
 */
export function useContactConfirmation({ onSent, onConfirmed }: { onSent?: () => void; onConfirmed?: () => void } = {}) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const showToast = useToasts((state) => state.show);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [now, setNow] = useState(0);

  const counting = Object.values(entries).some((entry) => entry.resendAt !== undefined && entry.resendAt > now);
  useEffect(() => {
    if (!counting) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [counting]);

  const patch = useCallback((contact: string, change: Partial<Entry>) => {
    setEntries((current) => ({ ...current, [contact]: { ...(current[contact] ?? { code: '' }), ...change } }));
  }, []);

  const entry = (contact: string): Entry => entries[contact] ?? { code: '' };
  const secondsLeft = (contact: string) => {
    const at = entries[contact]?.resendAt;
    return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
  };

  function startWait(contact: string, seconds: number, notice: Entry['notice']) {
    const current = Date.now();
    setNow(current);
    patch(contact, { resendAt: current + seconds * 1000, notice, error: undefined });
  }

  async function send(contact: string) {
    setExpanded(contact);
    patch(contact, { busy: 'send', error: undefined });
    try {
      await api<number>('sendconfirmationtocontact', { body: { contact } });
      startWait(contact, CODE_RESEND_SECONDS, { tone: 'success', text: t('contacts.confirm.sent', { contact }) });
      onSent?.();
      // The flag only retires a hint: a failure to store it must not fail the send.
      api<number>('storage/set', { body: { key: CONFIRM_SENT_KEY, value: '1' } }).catch(() => undefined);
    } catch (error) {
      if (isTooManyRequests(error)) {
        startWait(contact, retryAfterSeconds(error.details, CODE_RESEND_SECONDS), { tone: 'info', text: t('contacts.confirm.tooSoon') });
      } else {
        patch(contact, { error: errorMessage(error, t), notice: undefined });
      }
    } finally {
      patch(contact, { busy: undefined });
    }
  }

  async function confirm(contact: string) {
    const code = entry(contact).code.trim();
    const invalid = validateField({ type: 'code' }, code, { locale });
    if (invalid) {
      patch(contact, { error: invalid });
      return;
    }
    patch(contact, { busy: 'confirm', error: undefined });
    try {
      await api<number>('confirmContact', { body: { contact, code } });
      showToast({ kind: 'success', title: t('contacts.confirm.done'), message: t('contacts.confirm.doneText', { contact }) });
      setExpanded(null);
      setEntries((current) => {
        const next = { ...current };
        delete next[contact];
        return next;
      });
      onConfirmed?.();
    } catch (error) {
      // A wrong, expired or spent code: the profile's SMS-code message (spec 1 section 4).
      const wrongCode = error instanceof ApiError && 'code' in error.fields;
      patch(contact, { busy: undefined, error: wrongCode ? t('contacts.confirm.wrongCode') : errorMessage(error, t) });
    }
  }

  return {
    expanded,
    open: (contact: string) => setExpanded(contact),
    close: () => setExpanded(null),
    toggle: (contact: string) => setExpanded((current) => (current === contact ? null : contact)),
    entry,
    secondsLeft,
    setCode: (contact: string, code: string) => patch(contact, { code: code.replace(/\D/g, '').slice(0, 6), error: undefined }),
    send,
    confirm,
  };
}

export type ContactConfirmation = ReturnType<typeof useContactConfirmation>;
