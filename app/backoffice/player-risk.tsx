import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../contract/backoffice.ts';
import type { PlayerDeviceView, SeonCheckView } from '../../contract/devices.ts';
import type { RiskAlertView, RiskCaseView } from '../../contract/risk.ts';
import { backofficeApi } from './api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from './i18n.ts';
import { CaseStatusBadge, riskTexts, useAlertSummary } from './risk-texts.tsx';
import { Badge, Panel } from './ui/controls.tsx';
import { formatTime } from './ui/format.ts';

const texts = defineTexts({
  en: {
    title: 'Risk and AML',
    cases: 'Compliance cases',
    alerts: 'Latest alerts',
    none: 'No risk alert for this player.',
    held: 'withdrawals held',
    caseN: 'Case #{id}',
    devices: 'Devices',
    noDevice: 'No device fingerprint: this player’s browsers sent none yet.',
    device: 'Fingerprint',
    sessions: 'Sessions',
    lastSeen: 'Last seen',
    sharedWith: 'Other accounts on it',
    alone: 'none',
    seon: 'SEON checks',
    seonOff: 'SEON is not configured (SEON_API_KEY): only the site’s own fingerprints are collected.',
    noCheck: 'No SEON check yet.',
    sign_up: 'Sign-up',
    deposit: 'Deposit',
    score: 'score {score}',
    failed: 'failed',
  },
  fr: {
    title: 'Risque et LCB-FT',
    cases: 'Dossiers de conformité',
    alerts: 'Dernières alertes',
    none: 'Aucune alerte de risque pour ce joueur.',
    held: 'retraits bloqués',
    caseN: 'Dossier n° {id}',
    devices: 'Appareils',
    noDevice: 'Aucune empreinte d’appareil : les navigateurs de ce joueur n’en ont encore envoyé aucune.',
    device: 'Empreinte',
    sessions: 'Sessions',
    lastSeen: 'Vu en dernier',
    sharedWith: 'Autres comptes dessus',
    alone: 'aucun',
    seon: 'Contrôles SEON',
    seonOff: 'SEON n’est pas configuré (SEON_API_KEY) : seules les empreintes du site sont collectées.',
    noCheck: 'Aucun contrôle SEON pour l’instant.',
    sign_up: 'Inscription',
    deposit: 'Dépôt',
    score: 'score {score}',
    failed: 'échec',
  },
});

const STATE_TONE: Record<string, 'good' | 'warn' | 'bad'> = { APPROVE: 'good', REVIEW: 'warn', DECLINE: 'bad' };

/**
 * The player page's devices (docs/devices.md): each fingerprint the player's browsers sent, with
 * the other accounts seen on it (the shared-device rules' evidence), and SEON's answers.
 */
function PlayerDevices({ userId }: { userId: number }) {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const found = useQuery({
    queryKey: ['backoffice', 'risk', 'player', userId, 'devices'],
    queryFn: () => backofficeApi<{ devices: PlayerDeviceView[]; seon: { enabled: boolean; checks: SeonCheckView[] } }>('risk/devices', { query: { user_id: userId } }),
  });
  if (!found.data) return null;
  const { devices, seon } = found.data;
  return (
    <Panel title={t('devices')}>
      <div data-testid="player-devices">
        {!devices.length ? (
          <p className="bo-hint">{t('noDevice')}</p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table">
              <thead>
                <tr>
                  <th>{t('device')}</th>
                  <th>{t('sessions')}</th>
                  <th>{t('lastSeen')}</th>
                  <th>{t('sharedWith')}</th>
                </tr>
              </thead>
              <tbody>
                {devices.map((device) => (
                  <tr key={device.device_id}>
                    <td>
                      <code title={device.device_id}>{device.device_id.slice(0, 12)}…</code>
                      <div className="bo-hint device-agent" title={device.user_agent ?? undefined}>
                        {[device.ip, device.user_agent].filter(Boolean).join(' · ') || '—'}
                      </div>
                    </td>
                    <td>{device.sessions}</td>
                    <td>{formatTime(device.last_seen, locale)}</td>
                    <td>
                      {device.shared_with.length ? (
                        <>
                          <Badge tone={device.shared_with.length >= 2 ? 'bad' : 'warn'}>{device.shared_with.length}</Badge>{' '}
                          {device.shared_with.map((other, index) => (
                            <span key={other.user_id}>
                              {index > 0 && ', '}
                              <Link to={`${BACKOFFICE_PATH}/players/${other.user_id}`}>{other.player ?? `#${other.user_id}`}</Link>
                            </span>
                          ))}
                        </>
                      ) : (
                        <span className="bo-hint">{t('alone')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3 className="devices-seon">{t('seon')}</h3>
        {!seon.enabled && !seon.checks.length ? (
          <p className="bo-hint">{t('seonOff')}</p>
        ) : !seon.checks.length ? (
          <p className="bo-hint">{t('noCheck')}</p>
        ) : (
          <ul className="risk-list" data-testid="seon-checks">
            {seon.checks.map((check) => (
              <li key={`${check.action}:${check.transaction_id}`}>
                <strong>{t(check.action)}</strong> · <code>{check.transaction_id}</code>{' '}
                {check.status === 'scored' ? (
                  <>
                    <Badge tone={STATE_TONE[check.state ?? ''] ?? 'neutral'}>{check.state}</Badge> {t('score', { score: check.fraud_score ?? '' })}
                  </>
                ) : (
                  <Badge tone="neutral">{t('failed')}</Badge>
                )}
                <div className="bo-hint">
                  {formatTime(check.created_at, locale)}
                  {check.seon_id && ` · SEON ${check.seon_id}`}
                  {check.rules.length > 0 && ` · ${check.rules.map((rule) => `${rule.name} (${rule.score > 0 ? '+' : ''}${rule.score})`).join(', ')}`}
                  {check.error && ` · ${check.error}`}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

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
    <>
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
      <PlayerDevices userId={userId} />
    </>
  );
}
