import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localizePath } from '../../../contract/locales.ts';
import { requestLocale } from '../../lib/locale.ts';
import { notFound, toPageError } from '../../lib/page-errors.ts';
import { requireParam } from '../../lib/params.ts';
import { serverApi } from '../../lib/server-bridge.ts';
import type { CampaignData } from './campaign-detail.tsx';
import type { CampaignsData } from './campaigns-page.tsx';
import { isCampaignSysname } from './popup-rules.ts';
import { campaignSection } from './reward.ts';
import type { CampaignList, CampaignSection } from './types.ts';

/** The loaders of /offers, /promotions and their campaign pages (the route modules stay thin). */

/** The running campaigns placed in a list, with the viewer's eligibility when signed in. */
export async function loadCampaigns(section: CampaignSection, { request, context }: LoaderFunctionArgs): Promise<CampaignsData> {
  try {
    const campaigns = await serverApi<CampaignList>(context, 'campaigns/getoffers', { query: { placement: section, count: '50' }, locale: requestLocale(request) });
    return { campaigns, now: Date.now() };
  } catch (error) {
    toPageError(error);
  }
}

/**
 * One campaign by its SEO name; an unknown (or ended) one is a 404. A campaign has one address:
 * asked for under the other list, it answers a permanent redirect to its own (one canonical).
 */
export async function loadCampaign(section: CampaignSection, { request, params, context }: LoaderFunctionArgs): Promise<CampaignData> {
  const sysname = requireParam(request, params.id);
  const path = new URL(request.url).pathname;
  if (!isCampaignSysname(sysname)) notFound(path);
  const locale = requestLocale(request);
  let list: CampaignList;
  try {
    list = await serverApi<CampaignList>(context, 'campaigns/getoffers', { query: { sysname, count: '1' }, locale });
  } catch (error) {
    toPageError(error);
  }
  const campaign = list.items[0];
  if (!campaign) notFound(path);
  const home = campaignSection(campaign);
  if (home !== section) throw redirect(localizePath(`/${home}/${sysname}`, locale), 301);
  return { campaign, now: Date.now() };
}
