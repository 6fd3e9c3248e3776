import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RiskRuleView } from '../../../contract/risk.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { riskTexts, type RiskTextKey } from '../risk-texts.tsx';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, TextField } from '../ui/controls.tsx';
import { formatTime } from '../ui/format.ts';
import '../protection.css';

const texts = defineTexts({
  en: {
    title: 'Risk rules',
    subtitle: 'Each rule looks at deposits, withdrawals, sign-ups and limit changes as they happen. An alert opens a compliance case.',
    enabled: 'Rule on',
    on: 'on',
    off: 'off',
    save: 'Save',
    saved: 'Saved.',
    reset: 'Back to defaults',
    defaults: 'Default: {values}',
    changed: 'Changed {at} by {who}',
    untouched: 'Runs with its defaults',
    alerts: 'Alerts in 30 days: {n}',
    readOnly: 'Your role may see the rules, not change them.',
    loading: 'Loading the rules…',
  },
  fr: {
    title: 'Règles de risque',
    subtitle: 'Chaque règle examine les dépôts, retraits, inscriptions et changements de limites au fil de l’eau. Une alerte ouvre un dossier de conformité.',
    enabled: 'Règle active',
    on: 'active',
    off: 'inactive',
    save: 'Enregistrer',
    saved: 'Enregistré.',
    reset: 'Revenir aux valeurs par défaut',
    defaults: 'Par défaut : {values}',
    changed: 'Modifiée le {at} par {who}',
    untouched: 'Fonctionne avec ses valeurs par défaut',
    alerts: 'Alertes sur 30 jours : {n}',
    readOnly: 'Votre rôle peut voir les règles, pas les modifier.',
    loading: 'Chargement des règles…',
  },
});

type Draft = { enabled: boolean; thresholds: Record<string, string | boolean> };

const draftOf = (rule: RiskRuleView, values = rule.thresholds): Draft => ({
  enabled: rule.enabled,
  thresholds: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'boolean' ? value : String(value)])),
});

/** One rule: its switch and thresholds, saved together; the server's refusal names the field it is about. */
function RuleCard({ rule, editable }: { rule: RiskRuleView; editable: boolean }) {
  const t = useTexts(texts);
  const r = useTexts(riskTexts);
  const locale = useBackofficeLocale();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const save = useMutation({
    mutationFn: (body: Draft) => backofficeApi<RiskRuleView>('risk/rule', { body: { rule_id: rule.id, enabled: body.enabled, thresholds: body.thresholds } }),
    onSuccess: (after) => {
      setDraft(draftOf(after));
      void queryClient.invalidateQueries({ queryKey: ['backoffice', 'risk', 'rules'] });
    },
  });
  const label = (key: string) => r(key as RiskTextKey);
  const shown = (value: number | boolean) => (typeof value === 'boolean' ? (value ? t('on') : t('off')) : String(value));
  return (
    <Panel
      title={r(rule.id)}
      className="risk-rule"
      actions={
        <span className="risk-rule-meta">
          <Badge tone={rule.enabled ? 'good' : 'neutral'}>{rule.enabled ? t('on') : t('off')}</Badge>
          <Badge tone={rule.alerts_30d ? 'warn' : 'neutral'}>{t('alerts', { n: rule.alerts_30d })}</Badge>
        </span>
      }
    >
      <form
        data-testid={`risk-rule-${rule.id}`}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
      >
        <p className="bo-hint">{r(`${rule.id}_about` as RiskTextKey)}</p>
        <div className="risk-rule-fields">
          <label className="bo-check">
            <input type="checkbox" checked={draft.enabled} disabled={!editable} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} /> {t('enabled')}
          </label>
          {rule.fields.map((field) =>
            field.kind === 'boolean' ? (
              <div key={field.key} className="bo-field risk-rule-flag">
                <label className="bo-check">
                  <input
                    type="checkbox"
                    name={field.key}
                    checked={draft.thresholds[field.key] === true}
                    disabled={!editable}
                    onChange={(event) => setDraft({ ...draft, thresholds: { ...draft.thresholds, [field.key]: event.target.checked } })}
                  />{' '}
                  {label(field.key)}
                </label>
                {fieldError(save.error, `thresholds.${field.key}`) && (
                  <p className="bo-error-text" role="alert">
                    {fieldError(save.error, `thresholds.${field.key}`)}
                  </p>
                )}
              </div>
            ) : (
              <TextField
                key={field.key}
                label={label(field.key)}
                name={field.key}
                inputMode="decimal"
                value={String(draft.thresholds[field.key] ?? '')}
                disabled={!editable}
                onChange={(event) => setDraft({ ...draft, thresholds: { ...draft.thresholds, [field.key]: event.target.value } })}
                error={fieldError(save.error, `thresholds.${field.key}`)}
              />
            ),
          )}
        </div>
        <p className="bo-hint">
          {t('defaults', { values: Object.entries(rule.defaults).map(([key, value]) => `${label(key)} ${shown(value)}`).join(' · ') })} ·{' '}
          {rule.updated_at ? t('changed', { at: formatTime(rule.updated_at, locale), who: rule.updated_by ?? '—' }) : t('untouched')}
        </p>
        {fieldError(save.error, '_') && <Notice tone="bad">{fieldError(save.error, '_')}</Notice>}
        {save.isSuccess && <Notice tone="good">{t('saved')}</Notice>}
        {editable && (
          <div className="bo-actions">
            <Button type="submit" tone="primary" disabled={save.isPending}>
              {t('save')}
            </Button>
            <Button tone="quiet" onClick={() => setDraft(draftOf(rule, rule.defaults))}>
              {t('reset')}
            </Button>
          </div>
        )}
      </form>
    </Panel>
  );
}

export default function RiskRules() {
  const t = useTexts(texts);
  const can = useCan();
  const rules = useQuery({ queryKey: ['backoffice', 'risk', 'rules'], queryFn: () => backofficeApi<{ items: RiskRuleView[] }>('risk/rules') });
  useLiveRefresh('risk', ['backoffice', 'risk']);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!can('risk.rules') && <Notice>{t('readOnly')}</Notice>}
      {rules.isError && <Notice tone="bad">{rules.error.message}</Notice>}
      {rules.isLoading && <p className="bo-hint">{t('loading')}</p>}
      <div className="risk-rules">
        {rules.data?.items.map((rule) => (
          <RuleCard key={`${rule.id}:${rule.updated_at ?? ''}`} rule={rule} editable={can('risk.rules')} />
        ))}
      </div>
    </>
  );
}
