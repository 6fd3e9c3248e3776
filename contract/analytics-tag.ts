import { GA_ID_PATTERN, GTM_ID_PATTERN, type AnalyticIds } from './analytics.ts';

/** Where Google's tags come from and talk to: what the pages' CSP opens while they may load (docs/analytics.md). */
export const GOOGLE_TAG_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

/**
 * The inline script that loads the operator's tags once the player consented: Google Tag
 * Manager's container (GTM-...) and/or the GA4 tag (G-...), as their vendors' snippets do, each
 * `<script>` it adds carrying the nonce of the script running it (the page's CSP nonce), so the
 * policy needs no 'unsafe-inline'. Rendered by the server into a consented page's head, and run by
 * the consent banner when the player accepts. Ids that are not in their vendor's shape are left out
 * (the settings refuse them already; this keeps the script free of anything typed).
 */
export function googleTagScript(ids: AnalyticIds): string | null {
  const gtm = ids.gtm_id && GTM_ID_PATTERN.test(ids.gtm_id) ? ids.gtm_id : null;
  const ga = ids.ga_id && GA_ID_PATTERN.test(ids.ga_id) ? ids.ga_id : null;
  if (!gtm && !ga) return null;
  const lines = [
    'var w=window,d=document,c=d.currentScript,n=c&&(c.nonce||c.getAttribute("nonce"));',
    'w.dataLayer=w.dataLayer||[];',
    'function add(u){var s=d.createElement("script");s.async=true;s.src=u;if(n)s.setAttribute("nonce",n);d.head.appendChild(s);}',
  ];
  if (gtm) lines.push(`w.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});add("https://www.googletagmanager.com/gtm.js?id=${gtm}");`);
  if (ga) lines.push(`w.gtag=function(){w.dataLayer.push(arguments);};w.gtag("js",new Date());w.gtag("config","${ga}");add("https://www.googletagmanager.com/gtag/js?id=${ga}");`);
  return `(function(){${lines.join('')}})();`;
}
