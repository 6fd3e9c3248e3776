import { useQuery } from '@tanstack/react-query';
import type { RtpWatch, RtpWatchRow } from '../../../contract/backoffice-reports.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, useTexts } from '../i18n.ts';
import '../reports.css';
import { Badge, Notice, PageHeader, Panel } from '../ui/controls.tsx';
import { StaticTable } from '../ui/static-table.tsx';

const texts = defineTexts({
  en: {
    title: 'RTP watch',
    subtitle:
      'Each game’s real-money rounds over the last day, week and month: what it returned, with its interval at {confidence}% confidence, against the RTP it declares. “Outside” means the declared RTP is outside that interval: a fault to look into, not luck. Below {min} rounds a window says too little. Checked every hour for the alerts (GameRtpOutside).',
    caption: 'Measured and declared RTP per game and window',
    game: 'Game',
    window: 'Window',
    days: '{n} days',
    day: '1 day',
    rounds: 'Rounds',
    declared: 'Declared',
    measured: 'Measured',
    interval: 'Interval',
    status: 'Status',
    ok: 'Inside',
    outside: 'Outside',
    'too-few-rounds': 'Too few rounds',
    'no-declared-rtp': 'No declared RTP',
    empty: 'No real-money round in the last 30 days.',
    outsideCount: '{n} game window(s) outside the declared RTP.',
  },
  fr: {
    title: 'Suivi du RTP',
    subtitle:
      'Les parties en argent réel de chaque jeu sur le dernier jour, la dernière semaine et le dernier mois : ce qu’il a rendu, avec son intervalle à {confidence} % de confiance, face au RTP qu’il annonce. « Hors intervalle » : le RTP annoncé sort de cet intervalle, un défaut à examiner, pas de la chance. Sous {min} parties, une fenêtre en dit trop peu. Vérifié chaque heure pour les alertes (GameRtpOutside).',
    caption: 'RTP mesuré et annoncé par jeu et par fenêtre',
    game: 'Jeu',
    window: 'Fenêtre',
    days: '{n} jours',
    day: '1 jour',
    rounds: 'Parties',
    declared: 'Annoncé',
    measured: 'Mesuré',
    interval: 'Intervalle',
    status: 'État',
    ok: 'Dans l’intervalle',
    outside: 'Hors intervalle',
    'too-few-rounds': 'Trop peu de parties',
    'no-declared-rtp': 'Pas de RTP annoncé',
    empty: 'Aucune partie en argent réel ces 30 derniers jours.',
    outsideCount: '{n} fenêtre(s) de jeu hors du RTP annoncé.',
  },
});

const TONE: Record<RtpWatchRow['status'], 'good' | 'bad' | 'neutral' | 'warn'> = { ok: 'good', outside: 'bad', 'too-few-rounds': 'neutral', 'no-declared-rtp': 'warn' };

export default function RtpWatchScreen() {
  const t = useTexts(texts);
  const watch = useQuery({ queryKey: ['backoffice', 'reports', 'rtp'], queryFn: () => backofficeApi<RtpWatch>('reports/rtp'), refetchOnMount: 'always' });
  const rows = watch.data?.rows ?? [];
  const outside = rows.filter((row) => row.status === 'outside').length;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { confidence: String((watch.data?.confidence ?? 0.999) * 100), min: (watch.data?.min_rounds ?? 1000).toLocaleString('en-GB') })} />
      {watch.error && <Notice tone="bad">{watch.error.message}</Notice>}
      {outside > 0 && <Notice tone="bad">{t('outsideCount', { n: String(outside) })}</Notice>}
      <Panel className="bo-report">
        <StaticTable
          caption={t('caption')}
          headers={[t('game'), t('window'), t('rounds'), t('declared'), t('measured'), t('interval'), t('status')]}
          testId="rtp-watch"
          empty={rows.length ? null : watch.isLoading ? '…' : t('empty')}
        >
          {rows.map((row) => (
            <tr key={`${row.game}:${row.window_days}:${row.currency}`} data-game={row.game} data-window={row.window_days} className={row.status === 'outside' ? 'bo-row-bad' : undefined}>
              <td>
                {row.name}
                <div className="bo-hint">
                  {row.game} · {row.currency}
                </div>
              </td>
              <td>{row.window_days === 1 ? t('day') : t('days', { n: String(row.window_days) })}</td>
              <td className="bo-num">{row.rounds.toLocaleString('en-GB')}</td>
              <td className="bo-num">{row.declared === null ? '—' : `${row.declared} %`}</td>
              <td className="bo-num font-semibold">{row.measured} %</td>
              <td className="bo-num bo-nowrap">
                {row.low} – {row.high} %
              </td>
              <td data-cell="status">
                <Badge tone={TONE[row.status]}>{t(row.status)}</Badge>
              </td>
            </tr>
          ))}
        </StaticTable>
      </Panel>
    </>
  );
}
