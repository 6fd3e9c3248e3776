import { useLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { NotificationPage } from '../../features/profile/notification-page.tsx';
import { onlyToastParamsRemoved } from '../../features/profile/profile-toast.ts';
import type { ProfileInfo } from '../../features/profile/types.ts';
import { requestLocale } from '../../lib/locale.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/** The contacts and their subscriptions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const profile = await serverApi<ProfileInfo>(context, 'getprofileinfo', { query: { fields: 'contacts' }, locale: requestLocale(request) });
    return { contacts: profile.contacts ?? [] };
  } catch (error) {
    toPageError(error);
  }
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyToastParamsRemoved(args.currentUrl, args.nextUrl) ? false : args.defaultShouldRevalidate;
}

export default function ProfileNotification() {
  const { contacts } = useLoaderData<typeof loader>();
  return <NotificationPage contacts={contacts} />;
}
