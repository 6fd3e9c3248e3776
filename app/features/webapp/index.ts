/** The web app: service worker registration, platform type and the install offer. */
export { WebApp } from './web-app-gate.tsx';
export { platformType, installMethod, type PlatformType } from './platform.ts';
