import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CampaignDetail } from '../features/promotions/campaign-detail.tsx';
import { loadCampaign } from '../features/promotions/loaders.ts';

export default function Page() {
  return <CampaignDetail section="offers" data={useLoaderData<typeof loader>()} />;
}

/** One offer by its SEO name (/offers/{sysname}); an unknown one is a 404. */
export const loader = (args: LoaderFunctionArgs) => loadCampaign('offers', args);
