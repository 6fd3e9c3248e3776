import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CampaignsPage } from '../features/promotions/campaigns-page.tsx';
import { loadCampaigns } from '../features/promotions/loaders.ts';

export default function Page() {
  return <CampaignsPage section="promotions" data={useLoaderData<typeof loader>()} />;
}

/** The running campaigns placed among the promotions. */
export const loader = (args: LoaderFunctionArgs) => loadCampaigns('promotions', args);
