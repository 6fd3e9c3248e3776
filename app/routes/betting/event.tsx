import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BETTING_METHODS, type EventView } from '../../../contract/betting.ts';
import { EventPage } from '../../features/betting/event-page.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { requestLocale } from '../../lib/locale.ts';
import { notFound, toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/** /betting/event/:id: the event with all its markets (betting/getEvent); an unknown id is a 404. */
export async function loader({ request, params, context, url }: LoaderFunctionArgs): Promise<{ event: EventView }> {
  if (!/^[1-9][0-9]{0,9}$/.test(params.id ?? '')) notFound(url.pathname);
  try {
    return { event: await serverApi<EventView>(context, BETTING_METHODS.event, { query: { id: params.id }, locale: requestLocale(request) }) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.type === 'InvalidParameterException')) notFound(url.pathname);
    toPageError(error);
  }
}

export default function Page() {
  const { event } = useLoaderData<typeof loader>();
  // Keyed by event: another event's page starts from its own data.
  return <EventPage key={event.id} event={event} />;
}
