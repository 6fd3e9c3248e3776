import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CampaignDetail } from '../features/promotions/campaign-detail.tsx';
import { loadCampaign } from '../features/promotions/loaders.ts';

export default function Page() {
  return <CampaignDetail section="promotions" data={useLoaderData<typeof loader>()} />;
}

/** One promotion by its SEO name (/promotions/{sysname}); an unknown one is a 404. */
export const loader = (args: LoaderFunctionArgs) => loadCampaign('promotions', args);
