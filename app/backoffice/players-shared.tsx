import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../contract/backoffice.ts';
import type { AdjustmentView, PlayerStatus } from '../../contract/backoffice-players.ts';
import { backofficeApi, fieldError } from './api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from './i18n.ts';
import { useCan, useMe } from './session.tsx';
import { Badge, Button, Notice, Panel } from './ui/controls.tsx';
import { formatAmount, formatTime } from './ui/format.ts';

/** What the players search and the player page share: statuses, labels and the adjustments waiting for approval. */
export const playerTexts = defineTexts({
  en: {
    active: 'active',
    banned: 'banned',
    deleted: 'closed',
    verified: 'verified',
    test: 'test account',
    id: 'id',
    contact: 'e-mail or phone',
    name: 'display name',
    address: 'address',
    requisites: 'IBAN or wallet',
  },
  fr: {
    active: 'actif',
    banned: 'banni',
    deleted: 'fermé',
    verified: 'vérifié',
    test: 'compte de test',
    id: 'id',
    contact: 'e-mail ou téléphone',
    name: 'pseudo',
    address: 'adresse',
    requisites: 'IBAN ou portefeuille',
  },
});

export function StatusBadge({ status }: { status: PlayerStatus }) {
  const t = useTexts(playerTexts);
  return <Badge tone={status === 'active' ? 'good' : status === 'banned' ? 'bad' : 'neutral'}>{t(status)}</Badge>;
}

const texts = defineTexts({
  en: {
    none: 'Nothing waits for approval.',
    asked: '{who} asked, {when}',
    approve: 'Approve',
    reject: 'Reject',
    yours: 'You asked: another member approves',
    applied: 'Applied',
    rejected: 'Rejected',
    confirmApprove: 'Approve {amount} for {player}? The money moves now.',
  },
  fr: {
    none: 'Rien n’attend d’approbation.',
    asked: 'Demandé par {who}, {when}',
    approve: 'Approuver',
    reject: 'Refuser',
    yours: 'Votre demande : un autre membre l’approuve',
    applied: 'Appliqué',
    rejected: 'Refusé',
    confirmApprove: 'Approuver {amount} pour {player} ? L’argent est transféré immédiatement.',
  },
});

export const adjustmentsKey = (userId?: number) => ['backoffice', 'players', 'adjustments', userId ?? 'all'] as const;

/**
 * Manual adjustments above the four-eyes threshold that wait for a second member: the requester
 * sees theirs without buttons (the server refuses them anyway); another member with
 * `players.adjust-approve` approves or rejects.
 */
export function PendingAdjustments({ title, userId, onDecided }: { title: string; userId?: number; onDecided?: () => void }) {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const { data: me } = useMe();
  const can = useCan();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const pending = useQuery({
    queryKey: adjustmentsKey(userId),
    queryFn: () => backofficeApi<AdjustmentView[]>('players/adjustments', { query: { status: 'pending', user_id: userId } }),
  });
  const decide = useMutation({
    mutationFn: ({ name, id }: { name: 'players/adjust-approve' | 'players/adjust-reject'; id: number }) => backofficeApi<AdjustmentView>(name, { body: { id } }),
    onMutate: () => setError(null),
    onError: (caught) => setError(caught),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'players', 'adjustments'] });
      onDecided?.();
    },
  });

  return (
    <Panel title={title}>
      {(fieldError(error, 'id') ?? fieldError(error, 'amount') ?? fieldError(error, '_')) && (
        <Notice tone="bad">{fieldError(error, 'id') ?? fieldError(error, 'amount') ?? fieldError(error, '_')}</Notice>
      )}
      {!pending.data?.length ? (
        <p className="bo-hint">{t('none')}</p>
      ) : (
        <ul className="bo-adjustments">
          {pending.data.map((row) => (
            <li key={row.id} className="bo-adjustment" data-testid={`adjustment-${row.id}`}>
              <div>
                <strong className={row.amount.startsWith('-') ? 'bo-negative' : 'bo-positive'}>{formatAmount(row.amount, row.currency, locale)}</strong>{' '}
                <Link to={`${BACKOFFICE_PATH}/players/${row.user_id}`}>{row.login ?? `#${row.user_id}`}</Link>
                <div>{row.reason}</div>
                <div className="bo-hint">{t('asked', { who: row.requested_by_name, when: formatTime(row.created_at, locale) })}</div>
              </div>
              {can('players.adjust-approve') &&
                (row.requested_by === me?.id ? (
                  <Badge tone="info">{t('yours')}</Badge>
                ) : (
                  <span className="bo-actions">
                    <Button
                      tone="primary"
                      disabled={decide.isPending}
                      onClick={() => {
                        if (window.confirm(t('confirmApprove', { amount: formatAmount(row.amount, row.currency, locale), player: row.login ?? `#${row.user_id}` }))) {
                          decide.mutate({ name: 'players/adjust-approve', id: row.id });
                        }
                      }}
                    >
                      {t('approve')}
                    </Button>
                    <Button tone="danger" disabled={decide.isPending} onClick={() => decide.mutate({ name: 'players/adjust-reject', id: row.id })}>
                      {t('reject')}
                    </Button>
                  </span>
                ))}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
