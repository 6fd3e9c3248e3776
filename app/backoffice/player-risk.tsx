import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../contract/backoffice.ts';
import type { RiskAlertView, RiskCaseView } from '../../contract/risk.ts';
import { backofficeApi } from './api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from './i18n.ts';
import { CaseStatusBadge, riskTexts, useAlertSummary } from './risk-texts.tsx';
import { Badge, Panel } from './ui/controls.tsx';
import { formatTime } from './ui/format.ts';

const texts = defineTexts({
  en: { title: 'Risk and AML', cases: 'Compliance cases', alerts: 'Latest alerts', none: 'No risk alert for this player.', held: 'withdrawals held', caseN: 'Case #{id}' },
  fr: { title: 'Risque et LCB-FT', cases: 'Dossiers de conformité', alerts: 'Dernières alertes', none: 'Aucune alerte de risque pour ce joueur.', held: 'retraits bloqués', caseN: 'Dossier n° {id}' },
});

/** The player page's risk panel (docs/risk.md): the player's cases, newest first, and their latest alerts. */
export function PlayerRisk({ userId }: { userId: number }) {
  const t = useTexts(texts);
  const r = useTexts(riskTexts);
  const summary = useAlertSummary();
  const locale = useBackofficeLocale();
  const cases = useQuery({
    queryKey: ['backoffice', 'risk', 'player', userId, 'cases'],
    queryFn: () => backofficeApi<{ items: RiskCaseView[] }>('risk/cases', { query: { user_id: userId, status: 'all', limit: 10 } }),
  });
  const alerts = useQuery({
    queryKey: ['backoffice', 'risk', 'player', userId, 'alerts'],
    queryFn: () => backofficeApi<{ items: RiskAlertView[]; total: number }>('risk/alerts', { query: { user_id: userId, limit: 10 } }),
  });
  if (!cases.data || !alerts.data) return null;
  return (
    <Panel title={t('title')}>
      {!cases.data.items.length ? (
        <p className="bo-hint">{t('none')}</p>
      ) : (
        <div className="bo-grid" data-testid="player-risk">
          <div>
            <h3>{t('cases')}</h3>
            <ul className="risk-list">
              {cases.data.items.map((item) => (
                <li key={item.id}>
                  <Link to={`${BACKOFFICE_PATH}/risk/cases/${item.id}`}>{t('caseN', { id: item.id })}</Link> <CaseStatusBadge status={item.status} outcome={item.outcome} />{' '}
                  {item.holds_withdrawals && <Badge tone="bad">{t('held')}</Badge>}
                  <div className="bo-hint">
                    {item.rules.map((id) => r(id)).join(', ')} · {formatTime(item.opened_at, locale)}
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3>{t('alerts')}</h3>
            <ul className="risk-list">
              {alerts.data.items.map((alert) => (
                <li key={alert.id}>
                  <strong>{r(alert.rule_id)}</strong> · {summary(alert)}
                  <div className="bo-hint">{formatTime(alert.created_at, locale)}</div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Panel>
  );
}
