/** Analytics consent (docs/analytics.md): the banner's host, the footer's link. */
export { ConsentHost, ConsentLink } from './consent-host.tsx';
