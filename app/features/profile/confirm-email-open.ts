import { api } from '../../lib/api-client.ts';
import { useDialogs } from '../dialogs/store.ts';
import type { ProfileInfo } from './types.ts';

/** Opens the e-mail confirm when the player's login is an e-mail not confirmed yet (confirm-email-after-register.ts). */
export async function openEmailConfirmIfNeeded(title: string, signal: AbortSignal): Promise<void> {
  try {
    const profile = await api<ProfileInfo>('getprofileinfo', { query: { fields: 'contacts' } });
    const login = profile.contacts?.find((contact) => contact.is_login);
    if (signal.aborted || !login || login.type !== 'email' || login.is_confirmed) return;
    // Beneath what sign-up may have opened already (the promo code's result): shown once that closes.
    useDialogs.getState().open({ component: 'email-confirm', type: 'popup', componentProps: { contact: login.contact, contactType: 'email' }, dialogProps: { title } }, { underneath: true });
  } catch {
    // The profile page and the confirm-contact hint still offer it.
  }
}
