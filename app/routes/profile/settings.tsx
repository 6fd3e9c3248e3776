import { useLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { SettingsPage, type SettingsData } from '../../features/profile/settings-page.tsx';
import { isFlagSet } from '../../features/hints/rules.ts';
import { loadHasDeposit } from '../../features/hints/has-deposit.ts';
import { onlyToastParamsRemoved } from '../../features/profile/profile-toast.ts';
import { CONFIRM_SENT_KEY, type PersonalDataField, type PhoneSettings, type ProfileInfo } from '../../features/profile/types.ts';
import { requestLocale } from '../../lib/locale.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/** Personal data with contacts, the field list, phone countries and the confirm_sent flag. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<SettingsData> {
  const locale = requestLocale(request);
  // The server bridge sends query values as text: lists go comma-separated (both methods read that).
  try {
    const [profile, fields, phoneSettings, stored, hasDeposit] = await Promise.all([
      serverApi<ProfileInfo>(context, 'getprofileinfo', { query: { fields: 'contacts,document' }, locale }),
      serverApi<PersonalDataField[]>(context, 'getPersonalDataFields', { locale }),
      // Only the add-contact form needs these: without them it still takes e-mail addresses.
      serverApi<PhoneSettings>(context, 'getContactPhoneSettings', { locale }).catch(() => null),
      serverApi<Record<string, string | null>>(context, 'storage/get', { query: { keys: CONFIRM_SENT_KEY }, locale }).catch(() => ({})),
      loadHasDeposit(context, locale),
    ]);
    return { profile, fields, phoneSettings, confirmSent: isFlagSet((stored as Record<string, unknown>)[CONFIRM_SENT_KEY]), hasDeposit, now: Date.now() };
  } catch (error) {
    toPageError(error);
  }
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyToastParamsRemoved(args.currentUrl, args.nextUrl) ? false : args.defaultShouldRevalidate;
}

export default function ProfileSettings() {
  return <SettingsPage data={useLoaderData<typeof loader>()} />;
}
