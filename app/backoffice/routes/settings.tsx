import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { SiteConfigAnswer, SiteConfigSaveAnswer, SiteConfigVersionItem, SiteSettingsAnswer } from '../../../contract/backoffice-support.ts';
import { siteConfigSchema } from '../../../contract/site-config.ts';
import { paymentMethodRulesSchema } from '../../../contract/payment-method-rules.ts';
import { diffDocuments, type DocumentChange } from '../../../contract/site-config-diff.ts';
import { backofficeApi, ApiError, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { DiffList, SchemaForm } from '../schema-form.tsx';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { formatTime } from '../ui/format.ts';
import '../support.css';

const texts = defineTexts({
  en: {
    title: 'Settings',
    subtitle: 'Operator settings, the maintenance switch and the site configuration of each language. Every change is audited.',
    tabSettings: 'Site settings',
    tabConfig: 'Site configuration',
    readOnly: 'Your role may look, not change.',
    maintenance: 'Maintenance',
    maintenanceOn: 'The site is under maintenance',
    maintenanceOff: 'The site is open',
    maintenanceHelp: 'While on, players get the maintenance page and the player API answers ApplicationDisabledException. The back office keeps working.',
    turnOn: 'Turn maintenance on',
    turnOff: 'Turn maintenance off',
    confirmOn: 'Put the whole site under maintenance now? Players are cut off until it is turned off.',
    confirmOff: 'Open the site to players again?',
    operator: 'Operator settings',
    timeToForceLogout: 'Inactivity logout (seconds)',
    timeToForceLogoutHint: '10 to 86400; empty turns it off.',
    kycWithdrawalThreshold: 'Verification needed past (major units withdrawn)',
    kycWithdrawalThresholdHint: '0: always; empty: never (the account flag still applies).',
    userInactivityCashierTime: 'Cashier closes after inactivity (seconds)',
    userInactivityCashierTimeHint: '10 to 86400; the idle player is sent home. Empty: never.',
    userInactivityPpTime: 'Payment form cleared after inactivity (seconds)',
    userInactivityPpTimeHint: '10 to 86400; what was typed in a deposit or withdrawal form is cleared. Empty: never.',
    save: 'Save',
    saved: 'Saved.',
    analytics: 'Analytics',
    analyticsHelp: 'Google Tag Manager and GA4 load only for players who accept the consent banner, which shows once an id is set. Empty: none.',
    analyticGtmId: 'Google Tag Manager container',
    analyticGtmIdHint: 'GTM-XXXXXXX',
    analyticGaId: 'GA4 measurement id',
    analyticGaIdHint: 'G-XXXXXXXXXX',
    methodRules: 'Payment method rules',
    methodRulesHelp:
      'Per method and direction: the countries (two capital letters) and account currencies it is offered to (empty: all), countries refused, and its minimum and maximum per currency (whole units). With “withdraw by the method you deposited with” on, a player withdraws by a method paying back one of their successful deposits of the last days set.',
    methodRulesSave: 'Save the rules',
    language: 'Language',
    version: 'Version {n}',
    noVersion: 'Not versioned yet (the seeded or imported document)',
    fallback: 'This language has no document of its own: it shows the default language’s. Saving gives it its own.',
    review: 'Review {n} changes',
    noChanges: 'No change yet',
    discard: 'Discard changes',
    confirmSave: 'Save as a new version',
    keepEditing: 'Keep editing',
    diffTitle: 'Changes to save',
    invalid: '{n} fields need a fix before saving:',
    savedVersion: 'Saved as version {n}.',
    rolledBack: 'Version {from} restored as version {n}.',
    versions: 'Versions',
    noVersions: 'No version yet: the first save keeps the current document as version 1.',
    compare: 'Compare',
    rollback: 'Roll back to this',
    confirmRollback: 'Write version {n}’s document again, as a new version?',
    rollbackTitle: 'Roll back to version {n}',
    same: 'Same as the current document.',
    close: 'Close',
    baseline: 'baseline',
    saveSource: 'save',
    rollbackSource: 'rollback of v{n}',
    stale: 'Someone saved a newer version meanwhile: reload it before saving.',
    reload: 'Reload',
    failed: 'Could not load: {message}',
    denied: 'Your role may not see the settings.',
  },
  fr: {
    title: 'Paramètres',
    subtitle: 'Les réglages d’exploitation, le mode maintenance et la configuration du site par langue. Chaque modification est tracée.',
    tabSettings: 'Réglages du site',
    tabConfig: 'Configuration du site',
    readOnly: 'Votre rôle permet de consulter, pas de modifier.',
    maintenance: 'Maintenance',
    maintenanceOn: 'Le site est en maintenance',
    maintenanceOff: 'Le site est ouvert',
    maintenanceHelp: 'Activée, les joueurs voient la page de maintenance et l’API joueur répond ApplicationDisabledException. Le back office continue de fonctionner.',
    turnOn: 'Activer la maintenance',
    turnOff: 'Désactiver la maintenance',
    confirmOn: 'Mettre tout le site en maintenance maintenant ? Les joueurs sont coupés jusqu’à sa désactivation.',
    confirmOff: 'Rouvrir le site aux joueurs ?',
    operator: 'Réglages d’exploitation',
    timeToForceLogout: 'Déconnexion après inactivité (secondes)',
    timeToForceLogoutHint: 'De 10 à 86400 ; vide la désactive.',
    kycWithdrawalThreshold: 'Vérification exigée au-delà de (unités retirées)',
    kycWithdrawalThresholdHint: '0 : toujours ; vide : jamais (l’indicateur du compte s’applique toujours).',
    userInactivityCashierTime: 'Fermeture de la caisse après inactivité (secondes)',
    userInactivityCashierTimeHint: 'De 10 à 86400 ; le joueur inactif revient à l’accueil. Vide : jamais.',
    userInactivityPpTime: 'Formulaire de paiement vidé après inactivité (secondes)',
    userInactivityPpTimeHint: 'De 10 à 86400 ; la saisie d’un dépôt ou d’un retrait est effacée. Vide : jamais.',
    save: 'Enregistrer',
    saved: 'Enregistré.',
    analytics: 'Mesure d’audience',
    analyticsHelp: 'Google Tag Manager et GA4 ne se chargent que pour les joueurs qui acceptent le bandeau de consentement, affiché dès qu’un identifiant est renseigné. Vide : aucun.',
    analyticGtmId: 'Conteneur Google Tag Manager',
    analyticGtmIdHint: 'GTM-XXXXXXX',
    analyticGaId: 'ID de mesure GA4',
    analyticGaIdHint: 'G-XXXXXXXXXX',
    methodRules: 'Règles des moyens de paiement',
    methodRulesHelp:
      'Par moyen et par sens : les pays (deux lettres capitales) et devises de compte où il est proposé (vide : tous), les pays refusés, et ses minimum et maximum par devise (unités entières). Avec « retirer par le moyen de dépôt » activé, un joueur retire par un moyen qui rembourse l’un de ses dépôts réussis des derniers jours indiqués.',
    methodRulesSave: 'Enregistrer les règles',
    language: 'Langue',
    version: 'Version {n}',
    noVersion: 'Pas encore versionnée (le document initial ou importé)',
    fallback: 'Cette langue n’a pas de document propre : elle affiche celui de la langue par défaut. L’enregistrer lui en donne un.',
    review: 'Relire {n} modifications',
    noChanges: 'Aucune modification',
    discard: 'Annuler les modifications',
    confirmSave: 'Enregistrer une nouvelle version',
    keepEditing: 'Continuer',
    diffTitle: 'Modifications à enregistrer',
    invalid: '{n} champs à corriger avant d’enregistrer :',
    savedVersion: 'Enregistré en version {n}.',
    rolledBack: 'Version {from} rétablie en version {n}.',
    versions: 'Versions',
    noVersions: 'Aucune version : le premier enregistrement garde le document actuel en version 1.',
    compare: 'Comparer',
    rollback: 'Revenir à celle-ci',
    confirmRollback: 'Réécrire le document de la version {n}, en nouvelle version ?',
    rollbackTitle: 'Revenir à la version {n}',
    same: 'Identique au document actuel.',
    close: 'Fermer',
    baseline: 'initiale',
    saveSource: 'enregistrement',
    rollbackSource: 'retour à v{n}',
    stale: 'Quelqu’un a enregistré une version plus récente entre-temps : rechargez-la avant d’enregistrer.',
    reload: 'Recharger',
    failed: 'Chargement impossible : {message}',
    denied: 'Votre rôle ne permet pas de voir les paramètres.',
  },
});

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

const SETTINGS_KEY = ['backoffice', 'settings'] as const;
const configKey = (language: string) => ['backoffice', 'site-config', language] as const;
const versionsKey = (language: string) => ['backoffice', 'site-config', language, 'versions'] as const;

export default function SettingsScreen() {
  const t = useTexts(texts);
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'settings';
  const setTab = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('tab', next);
      return copy;
    });
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={can('settings.write') ? undefined : <Badge tone="info">{t('readOnly')}</Badge>} />
      <div className="bo-tabs" role="tablist">
        {(['settings', 'config'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className="bo-tab" onClick={() => setTab(name)}>
            {t(name === 'settings' ? 'tabSettings' : 'tabConfig')}
          </button>
        ))}
      </div>
      {tab === 'config' ? <ConfigEditor t={t} /> : <SiteSettings t={t} />}
    </>
  );
}

const NUMBER_SETTINGS = ['timeToForceLogout', 'kycWithdrawalThreshold', 'userInactivityCashierTime', 'userInactivityPpTime'] as const;
type NumberSetting = (typeof NUMBER_SETTINGS)[number];
const ANALYTIC_SETTINGS = ['analyticGtmId', 'analyticGaId'] as const;
type AnalyticSetting = (typeof ANALYTIC_SETTINGS)[number];

function SiteSettings({ t }: { t: T }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => backofficeApi<SiteSettingsAnswer>('settings/get') });
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const set = useMutation({
    mutationFn: (body: { key: string; value: unknown }) => backofficeApi('settings/set', { body }),
    onMutate: () => {
      setError(null);
      setSaved(null);
    },
    onSuccess: (_data, body) => {
      setSaved(body.key);
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: setError,
  });

  if (settings.error) return <Notice tone="bad">{settings.error instanceof ApiError && settings.error.status === 403 ? t('denied') : t('failed', { message: settings.error.message })}</Notice>;
  const values = settings.data?.values;
  if (!values) return null;
  const writable = can('settings.write');

  function saveNumber(event: FormEvent<HTMLFormElement>, key: NumberSetting) {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get(key) ?? '').trim();
    // Empty means null ("off" / "never"); anything else goes as typed for the server's schema to judge.
    set.mutate({ key, value: raw === '' ? null : Number.isFinite(Number(raw)) ? Number(raw) : raw });
  }

  function saveText(event: FormEvent<HTMLFormElement>, key: AnalyticSetting) {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get(key) ?? '').trim();
    set.mutate({ key, value: raw === '' ? null : raw });
  }

  /** One setting's form: a number (empty: off) or an id (empty: none), saved on its own. */
  const settingRow = (key: NumberSetting | AnalyticSetting, numeric: boolean) => (
    <form key={`${key}:${String(values[key])}`} className="bo-setting-row" onSubmit={(event) => (numeric ? saveNumber(event, key as NumberSetting) : saveText(event, key as AnalyticSetting))} noValidate data-testid={`bo-setting-${key}`}>
      <TextField
        label={t(key)}
        name={key}
        inputMode={numeric ? 'numeric' : undefined}
        defaultValue={values[key] === null ? '' : String(values[key])}
        readOnly={!writable}
        hint={saved === key ? t('saved') : t(`${key}Hint`)}
        error={fieldError(error, key)}
      />
      {writable && (
        <Button type="submit" disabled={set.isPending}>
          {t('save')}
        </Button>
      )}
    </form>
  );
  return (
    <div className="bo-settings-grid">
      <Panel title={t('maintenance')}>
        <div className="bo-switch-state" data-testid="bo-maintenance">
          <span>
            <Badge tone={values.maintenance ? 'bad' : 'good'}>{values.maintenance ? 'ON' : 'OFF'}</Badge> <strong>{values.maintenance ? t('maintenanceOn') : t('maintenanceOff')}</strong>
          </span>
          {writable && (
            <Button
              tone={values.maintenance ? 'primary' : 'danger'}
              disabled={set.isPending}
              onClick={() => {
                if (window.confirm(values.maintenance ? t('confirmOff') : t('confirmOn'))) set.mutate({ key: 'maintenance', value: !values.maintenance });
              }}
            >
              {values.maintenance ? t('turnOff') : t('turnOn')}
            </Button>
          )}
        </div>
        <p className="bo-hint">{t('maintenanceHelp')}</p>
        {fieldError(error, 'maintenance') && <Notice tone="bad">{fieldError(error, 'maintenance')}</Notice>}
      </Panel>
      <Panel title={t('operator')}>
        {NUMBER_SETTINGS.map((key) => settingRow(key, true))}
        {fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
      </Panel>
      <Panel title={t('analytics')}>
        <p className="bo-hint">{t('analyticsHelp')}</p>
        {ANALYTIC_SETTINGS.map((key) => settingRow(key, false))}
      </Panel>
      <MethodRules key={JSON.stringify(values.paymentMethodRules)} t={t} saved={values.paymentMethodRules} writable={writable} />
    </div>
  );
}

/** A schema form's JSON areas that do not parse, by path: `message` null when the area parses again. */
function withJsonError(current: Record<string, string>, path: string, message: string | null): Record<string, string> {
  const next = { ...current };
  if (message) next[path] = message;
  else delete next[path];
  return next;
}

/** The payment method rules (decision 038): a form generated from their schema, checked as typed and again by the server. */
function MethodRules({ t, saved, writable }: { t: T; saved: SiteSettingsAnswer['values']['paymentMethodRules']; writable: boolean }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<unknown>(saved);
  const [jsonErrors, setJsonErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const changes = diffDocuments(saved, draft);
  const checked = paymentMethodRulesSchema.safeParse(draft);
  const errors: Record<string, string> = { ...jsonErrors };
  if (!checked.success) for (const issue of checked.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  const save = useMutation({
    mutationFn: () => backofficeApi('settings/set', { body: { key: 'paymentMethodRules', value: draft } }),
    onMutate: () => setServerError(null),
    // A new saved value remounts this form (its key) with the stored rules.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
    onError: setServerError,
  });
  const problem = fieldError(serverError, 'paymentMethodRules') ?? fieldError(serverError, '_');
  return (
    <Panel title={t('methodRules')}>
      <div className="bo-form" data-testid="bo-method-rules">
        <p className="bo-hint">{t('methodRulesHelp')}</p>
        {problem && <Notice tone="bad">{problem}</Notice>}
        <SchemaForm
          schema={paymentMethodRulesSchema}
          value={draft}
          onChange={setDraft}
          errors={errors}
          changed={new Set(changes.map((change) => change.path))}
          readOnly={!writable}
          onJsonError={(path, message) => setJsonErrors((current) => withJsonError(current, path, message))}
        />
        {writable && (
          <span className="bo-actions">
            <Button tone="primary" disabled={save.isPending || changes.length === 0 || Object.keys(errors).length > 0} onClick={() => save.mutate()}>
              {t('methodRulesSave')}
            </Button>
          </span>
        )}
      </div>
    </Panel>
  );
}

function ConfigEditor({ t }: { t: T }) {
  const interfaceLocale = useBackofficeLocale();
  const [params, setParams] = useSearchParams();
  const language = params.get('lang') === 'fr' || params.get('lang') === 'en' ? params.get('lang')! : interfaceLocale;
  const config = useQuery({ queryKey: configKey(language), queryFn: () => backofficeApi<SiteConfigAnswer>('site-config/get', { query: { language } }) });
  // Kept here: a save or a rollback gives a new version, which starts a new draft below.
  const [notice, setNotice] = useState<string | null>(null);
  const setLanguage = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('lang', next);
      return copy;
    });
  if (config.error) return <Notice tone="bad">{config.error instanceof ApiError && config.error.status === 403 ? t('denied') : t('failed', { message: config.error.message })}</Notice>;
  if (!config.data) return null;
  // A new document (another language, a new version) starts a new draft.
  return (
    <ConfigDraft
      key={`${language}:${config.data.version ?? 'none'}`}
      t={t}
      language={language}
      setLanguage={(next) => {
        setNotice(null);
        setLanguage(next);
      }}
      saved={config.data}
      notice={notice}
      setNotice={setNotice}
    />
  );
}

function ConfigDraft({
  t,
  language,
  setLanguage,
  saved,
  notice,
  setNotice,
}: {
  t: T;
  language: string;
  setLanguage(language: string): void;
  saved: SiteConfigAnswer;
  notice: string | null;
  setNotice(notice: string | null): void;
}) {
  const can = useCan();
  const locale = useBackofficeLocale();
  const queryClient = useQueryClient();
  const writable = can('settings.write');
  const [draft, setDraft] = useState<unknown>(saved.document);
  const [reviewing, setReviewing] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const [jsonErrors, setJsonErrors] = useState<Record<string, string>>({});
  const [compare, setCompare] = useState<{ version: number; changes: DocumentChange[] } | null>(null);
  const versions = useQuery({ queryKey: versionsKey(language), queryFn: () => backofficeApi<SiteConfigVersionItem[]>('site-config/versions', { query: { language } }) });

  const changes = diffDocuments(saved.document, draft);
  const changed = new Set(changes.map((change) => change.path));
  // The schema the server validates with, run here too: errors show as the fields are typed.
  const checked = siteConfigSchema.safeParse(draft);
  const errors: Record<string, string> = { ...jsonErrors };
  if (!checked.success) for (const issue of checked.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  if (serverError instanceof ApiError) {
    for (const [field, message] of Object.entries(serverError.fields)) if (field.startsWith('document.')) errors[field.slice('document.'.length)] ??= message;
  }
  const errorPaths = Object.keys(errors);
  const stale = serverError instanceof ApiError && serverError.status === 409;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: configKey(language) });
  };
  const save = useMutation({
    mutationFn: () => backofficeApi<SiteConfigSaveAnswer>('site-config/save', { body: { locale: language, document: draft, base_version: saved.version } }),
    onSuccess: async (answer) => {
      setNotice(t('savedVersion', { n: answer.version }));
      setReviewing(false);
      await refresh();
    },
    onError: (error) => {
      setServerError(error);
      setReviewing(false);
    },
  });
  const rollback = useMutation({
    mutationFn: (version: number) => backofficeApi<SiteConfigSaveAnswer>('site-config/rollback', { body: { locale: language, version, base_version: saved.version } }),
    onSuccess: async (answer, version) => {
      setNotice(t('rolledBack', { from: version, n: answer.version }));
      await refresh();
    },
    onError: setServerError,
  });

  async function openCompare(version: number) {
    setServerError(null);
    try {
      const answer = await backofficeApi<{ document: unknown }>('site-config/version', { query: { language, version } });
      setCompare({ version, changes: diffDocuments(saved.document, answer.document) });
    } catch (error) {
      setServerError(error);
    }
  }

  const sourceText = (item: SiteConfigVersionItem) => (item.source === 'baseline' ? t('baseline') : item.source === 'rollback' ? t('rollbackSource', { n: item.restored_version ?? '?' }) : t('saveSource'));

  return (
    <div className="bo-config">
      <div className="bo-sf-form">
        <div className="bo-config-bar">
          <SelectField
            label={t('language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            options={[
              { value: 'en', label: 'English' },
              { value: 'fr', label: 'Français' },
            ]}
          />
          <Badge tone="info">{saved.version === null ? t('noVersion') : t('version', { n: saved.version })}</Badge>
        </div>
        {!saved.own && <Notice>{t('fallback')}</Notice>}
        {notice && <Notice tone="good">{notice}</Notice>}
        {stale && (
          <Notice tone="bad">
            {t('stale')}{' '}
            <button type="button" className="bo-linklike" onClick={() => void refresh()}>
              {t('reload')}
            </button>
          </Notice>
        )}
        {serverError instanceof ApiError && !stale && !Object.keys(serverError.fields).some((field) => field.startsWith('document.')) && (
          <Notice tone="bad">{Object.values(serverError.fields)[0] ?? serverError.message}</Notice>
        )}
        {errorPaths.length > 0 && (
          <Notice tone="bad">
            {t('invalid', { n: errorPaths.length })}
            <ul className="bo-errors" data-testid="bo-config-errors">
              {errorPaths.map((path) => (
                <li key={path}>
                  <span className="bo-mono">{path}</span>: {errors[path]}
                </li>
              ))}
            </ul>
          </Notice>
        )}
        <SchemaForm
          schema={siteConfigSchema}
          value={draft}
          onChange={(next) => {
            setDraft(next);
            if (notice) setNotice(null);
            setReviewing(false);
            if (serverError) setServerError(null);
          }}
          errors={errors}
          changed={changed}
          readOnly={!writable}
          onJsonError={(path, message) => setJsonErrors((current) => withJsonError(current, path, message))}
        />
      </div>
      <aside className="bo-config-side">
        {writable && (
          <Panel title={reviewing ? t('diffTitle') : t('tabConfig')}>
            {reviewing ? (
              <div className="bo-form">
                <DiffList changes={changes} />
                <span className="bo-actions">
                  <Button tone="primary" disabled={save.isPending || errorPaths.length > 0} onClick={() => save.mutate()}>
                    {t('confirmSave')}
                  </Button>
                  <Button tone="quiet" onClick={() => setReviewing(false)}>
                    {t('keepEditing')}
                  </Button>
                </span>
              </div>
            ) : (
              <div className="bo-form">
                <Button tone="primary" disabled={!changes.length || errorPaths.length > 0} onClick={() => setReviewing(true)}>
                  {changes.length ? t('review', { n: changes.length }) : t('noChanges')}
                </Button>
                {changes.length > 0 && (
                  <Button
                    tone="quiet"
                    onClick={() => {
                      setDraft(saved.document);
                      setJsonErrors({});
                      setServerError(null);
                    }}
                  >
                    {t('discard')}
                  </Button>
                )}
              </div>
            )}
          </Panel>
        )}
        {compare && (
          <Panel title={t('rollbackTitle', { n: compare.version })} actions={<Button tone="quiet" onClick={() => setCompare(null)}>{t('close')}</Button>}>
            {compare.changes.length ? <DiffList changes={compare.changes} /> : <p className="bo-hint">{t('same')}</p>}
            {writable && compare.changes.length > 0 && (
              <p>
                <Button
                  tone="danger"
                  disabled={rollback.isPending}
                  onClick={() => {
                    if (window.confirm(t('confirmRollback', { n: compare.version }))) rollback.mutate(compare.version);
                  }}
                >
                  {t('rollback')}
                </Button>
              </p>
            )}
          </Panel>
        )}
        <Panel title={t('versions')}>
          {versions.data?.length === 0 && <p className="bo-hint">{t('noVersions')}</p>}
          <ul className="bo-versions" data-testid="bo-versions">
            {versions.data?.map((item) => (
              <li key={item.version}>
                <span>
                  <strong>v{item.version}</strong> · {sourceText(item)}
                  <span className="bo-hint">
                    {' '}
                    {formatTime(item.created_at, locale)} · {item.actor.replace(/^staff:\d+ /, '')}
                  </span>
                </span>
                {item.version !== saved.version && (
                  <Button tone="quiet" onClick={() => void openCompare(item.version)}>
                    {t('compare')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      </aside>
    </div>
  );
}
