import type { Consent } from '../../contract/analytics.ts';
import type { GeneralInfo, UserInfo } from '../../contract/api.ts';
import type { DeviceClass } from '../../contract/constants.ts';
import type { FaviconLink } from '../../contract/favicons.ts';
import type { LocaleCode } from '../../contract/locales.ts';
import type { SeoHead } from '../../contract/seo.ts';
import type { SiteConfig } from '../../contract/site-config.ts';

/**
 * What the player site's root loader (app/root.tsx) answers: every page reads it (useRootData in
 * ./locale.ts). Its own module, so that reading it imports no page code.
 */
export type RootData = {
  locale: LocaleCode;
  config: SiteConfig;
  user: UserInfo;
  general: GeneralInfo;
  deviceHint: DeviceClass;
  origin: string;
  nonce: string;
  /** The content service's SEO data for the address the document was served at (docs/seo.md). */
  seo: SeoHead | null;
  /** The head's icons from webSettings.favicon, worked out here so their rules stay off the browser's bundle. */
  icons: FaviconLink[];
  /**
   * The catalogue holds at least one live-dealer game a player here may see: only then do the
   * header and the menu offer the live casino (issue 29, docs/studio.md).
   */
  liveCasino: boolean;
  /** The player's analytics choice from the consent cookie (null: not asked yet; docs/analytics.md). */
  consent: Consent | null;
  /** The operator's tag script, only for a player who accepted (rendered with the nonce in the head). */
  analyticsTag: string | null;
  /** SEON's device agent when general info says SEON runs (docs/devices.md), loaded with the nonce. */
  seonAgent: string | null;
  /**
   * When the loader read the player's state (ms, server clock): the page's live stream asks for
   * what it heard since, so a balance that moves before the stream opens still reaches the page
   * (app/lib/live.ts).
   */
  stateReadAt: number;
};
