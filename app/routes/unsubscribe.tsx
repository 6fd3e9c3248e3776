import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { UnsubscribePage, type UnsubscribeOutcome } from '../features/unsubscribe/unsubscribe-page.tsx';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale } from '../lib/locale.ts';
import { toPageError } from '../lib/page-errors.ts';
import { serverApi } from '../lib/server-bridge.ts';

/**
 * Opening the mailed link is the unsubscribe (no sign-in, no second click: one step, as the
 * law on marketing mail asks); opening it again answers the same. A link whose token does not
 * check out gets a 400 page saying so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (token === null) return data<UnsubscribeOutcome>({ state: 'missing' });
  try {
    const answer = await serverApi<{ type: 'email' | 'phone'; contact: string }>(context, 'unsubscribe', {
      body: { token },
      locale: requestLocale(request),
    });
    return data<UnsubscribeOutcome>({ state: 'done', type: answer.type, contact: answer.contact });
  } catch (error) {
    if (error instanceof ApiError && error.fields.token) return data<UnsubscribeOutcome>({ state: 'invalid', message: error.fields.token }, { status: 400 });
    toPageError(error);
  }
}

export default function Unsubscribe() {
  return <UnsubscribePage outcome={useLoaderData<typeof loader>()} />;
}
