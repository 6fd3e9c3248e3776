import { z } from 'zod';
import { LOCALES } from '../../../contract/locales.ts';
import type { DocumentChange } from '../../../contract/site-config-diff.ts';
import type { SiteConfigAnswer, SiteConfigSaveAnswer, SiteSettingsAnswer } from '../../../contract/backoffice-support.ts';
import type { SiteConfigWrite } from '../../modules/site-config/index.ts';
import { actorOf, defineRead, defineWrite, signedIn, type AuditNote, type Endpoint } from '../endpoint.ts';

/**
 * Settings (docs/backoffice.md): the operator settings and the maintenance switch (the same
 * schemas as `npm run ops -- site:set`), and the per-locale site configuration document, saved as
 * versions with rollback. The back office is not behind the maintenance switch: the player API
 * and pages are (server/api/router.ts, app/root.tsx), so the switch can always be turned off here.
 */

const locale = z.enum(LOCALES).default('en');
/** Reads take the locale as `language`: the API's query reader keeps `locale` as a transport field. */
const language = locale;
const version = z.coerce.number().int().min(1).max(2_147_483_647);
/** The version the editor opened (null: none yet); a save on top of a newer one is refused (409). */
const baseVersion = z.union([version, z.null()]).optional();

/** Audit rows stay small: the changed paths only, long values shortened, at most this many paths. */
const AUDIT_PATHS = 100;
const AUDIT_VALUE_CHARS = 300;

const compact = (value: unknown): unknown => {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length > AUDIT_VALUE_CHARS ? `${text.slice(0, AUDIT_VALUE_CHARS)}… (${text.length} characters)` : value;
};

/** The audit note of a document write: only what changed, path by path. */
export function configAudit(write: SiteConfigWrite, action: string, extra: Record<string, unknown> = {}): AuditNote {
  const kept: DocumentChange[] = write.changes.slice(0, AUDIT_PATHS);
  return {
    action,
    subject: `site-config:${write.locale}`,
    before: Object.fromEntries(kept.map((change) => [change.path, compact(change.before)])),
    after: Object.fromEntries(kept.map((change) => [change.path, compact(change.after)])),
    details: { version: write.version, changed_paths: write.changes.length, ...extra },
  };
}

const answerOf = (write: SiteConfigWrite): SiteConfigSaveAnswer => ({ locale: write.locale, version: write.version, changes: write.changes });

export const getSiteSettings = defineRead({
  name: 'settings/get',
  access: 'settings.read',
  summary: 'The operator settings now: {values: {maintenance, timeToForceLogout, kycWithdrawalThreshold}}.',
  input: z.object({}).strip(),
  handler: async (_input, context): Promise<SiteSettingsAnswer> => ({ values: await context.services.siteSettings.all() }),
});

export const setSiteSetting = defineWrite({
  name: 'settings/set',
  access: 'settings.write',
  summary:
    'Sets one operator setting (`key`, `value` as JSON) with the schema of `npm run ops -- site:set`; a bad value is named by its key. `maintenance` is the maintenance switch (audited as `settings.maintenance`).',
  input: z.object({ key: z.string().trim().min(1).max(64), value: z.unknown() }),
  handler: async (input, context) => {
    const { key, before, after } = await context.services.siteSettings.change(input.key, input.value);
    return {
      data: { key, value: after },
      audit: { action: key === 'maintenance' ? 'settings.maintenance' : 'settings.set', subject: `setting:${key}`, before: { [key]: before }, after: { [key]: after } },
    };
  },
});

export const getSiteConfig = defineRead({
  name: 'site-config/get',
  access: 'settings.read',
  summary: "A `language`'s site configuration document with every default filled in, whether it is the locale's own (`own`) and its current `version` (null before the first versioned save).",
  input: z.object({ language }),
  handler: (input, context): Promise<SiteConfigAnswer> => context.services.siteConfig.current(input.language),
});

export const saveSiteConfig = defineWrite({
  name: 'site-config/save',
  access: 'settings.write',
  summary:
    "Replaces a locale's document (`document`), validated by the schema of contract/site-config.ts: each bad field named by its path (`document.auth.authTypes.0`) and nothing written. Writes the document and a new version in one transaction; `base_version` (the version the editor opened) refuses a save over someone else's with 409. Audited with the changed paths only.",
  input: z.object({ locale, document: z.unknown(), base_version: baseVersion }),
  handler: async (input, context) => {
    const write = await context.services.siteConfig.save(input.locale, input.document, { actor: actorOf(signedIn(context)), baseVersion: input.base_version });
    return { data: answerOf(write), audit: configAudit(write, 'site-config.save') };
  },
});

export const listSiteConfigVersions = defineRead({
  name: 'site-config/versions',
  access: 'settings.read',
  summary: "A locale's versions, newest first: number, source (baseline, save, rollback), the version a rollback restored, who and when.",
  input: z.object({ language }),
  handler: (input, context) => context.services.siteConfig.versions(input.language),
});

export const getSiteConfigVersion = defineRead({
  name: 'site-config/version',
  access: 'settings.read',
  summary: "One version's document (to compare with the current one before rolling back).",
  input: z.object({ language, version }),
  handler: async (input, context) => ({ locale: input.language, version: input.version, document: await context.services.siteConfig.version(input.language, input.version) }),
});

export const rollbackSiteConfig = defineWrite({
  name: 'site-config/rollback',
  access: 'settings.write',
  summary: "Writes an older version's document (`version`) again, as a new version (validated by today's schema first). Audited with the changed paths only.",
  input: z.object({ locale, version, base_version: baseVersion }),
  handler: async (input, context) => {
    const write = await context.services.siteConfig.rollback(input.locale, input.version, { actor: actorOf(signedIn(context)), baseVersion: input.base_version });
    return { data: answerOf(write), audit: configAudit(write, 'site-config.rollback', { restored_version: input.version }) };
  },
});

/** The settings screens' endpoints (docs/backoffice.md). */
export const SETTINGS_ENDPOINTS: Endpoint[] = [getSiteSettings, setSiteSetting, getSiteConfig, saveSiteConfig, listSiteConfigVersions, getSiteConfigVersion, rollbackSiteConfig] as Endpoint[];
