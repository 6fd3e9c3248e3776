import { describe, expect, it } from 'vitest';
import en from '../../locales/en/profile.json';
import { PROFILE_TOAST_SOURCES, onlyToastParamsRemoved, readProfileToast } from './profile-toast.ts';

describe('readProfileToast', () => {
  it('ignores addresses without toastType', () => {
    expect(readProfileToast('')).toBeNull();
    expect(readProfileToast('?from=deposit')).toBeNull();
  });
  it('reads a known source and kind and drops both params, keeping the rest', () => {
    expect(readProfileToast('?toastType=success&from=deposit&tab=x')).toEqual({
      toast: { kind: 'success', titleKey: 'toasts.deposit.success.title', messageKey: 'toasts.deposit.success.message' },
      search: '?tab=x',
    });
  });
  it('falls back to the generic text for an unknown or missing source', () => {
    expect(readProfileToast('?toastType=error&from=nowhere')?.toast?.titleKey).toBe('toasts.generic.error.title');
    expect(readProfileToast('?toastType=info')?.toast?.titleKey).toBe('toasts.generic.info.title');
  });
  it('removes an unknown toastType without a toast', () => {
    expect(readProfileToast('?toastType=party&from=deposit')).toEqual({ toast: null, search: '' });
  });
  it('accepts any letter case', () => {
    expect(readProfileToast('?toastType=SUCCESS&from=Verification')?.toast?.titleKey).toBe('toasts.verification.success.title');
  });
  it('has a text for every source and kind', () => {
    const toasts = en.toasts as Record<string, Record<string, { title: string; message: string }>>;
    for (const source of [...PROFILE_TOAST_SOURCES, 'generic']) {
      for (const kind of ['success', 'error', 'info']) {
        expect(toasts[source]?.[kind]?.title, `${source}.${kind}`).toBeTruthy();
        expect(toasts[source]?.[kind]?.message, `${source}.${kind}`).toBeTruthy();
      }
    }
  });
});

describe('onlyToastParamsRemoved', () => {
  const url = (path: string) => new URL(path, 'http://localhost');
  it('is true for the replace that drops toastType and from', () => {
    expect(onlyToastParamsRemoved(url('/profile/settings?toastType=success&from=deposit'), url('/profile/settings'))).toBe(true);
    expect(onlyToastParamsRemoved(url('/profile/settings?a=1&toastType=info'), url('/profile/settings?a=1'))).toBe(true);
  });
  it('is false for any other navigation', () => {
    expect(onlyToastParamsRemoved(url('/profile/settings'), url('/profile/settings'))).toBe(false);
    expect(onlyToastParamsRemoved(url('/profile/settings?toastType=info'), url('/profile/security'))).toBe(false);
    expect(onlyToastParamsRemoved(url('/profile/settings?toastType=info'), url('/profile/settings?b=2'))).toBe(false);
  });
});
