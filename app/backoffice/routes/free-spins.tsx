import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { FREE_SPIN_PACK_STATUSES, PACK_LIMITS, type FreeSpinPacksPage, type FreeSpinPackView } from '../../../contract/backoffice-games.ts';
import { STAKE_LIMITS } from '../../../contract/studio.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { GAMES_KEY, useGamesWrite } from '../games-shared.tsx';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';
import '../games.css';

const texts = defineTexts({
  en: {
    title: 'Free-spin packs',
    subtitle: 'Packs issued by campaign bonuses and packs given from here. A pack given here pays its wins to the main balance, spin by spin, through the ledger.',
    give: 'Give a pack',
    edit: 'Edit pack #{id}',
    player: 'Player id',
    game: 'Slot game',
    spins: 'Spins',
    spinsHint: '1 to {max}',
    bet: 'Bet per spin',
    betHint: '{min} to {max}, steps of {step}, in the player’s currency',
    validDays: 'Valid for (days)',
    validHint: '1 to {max}, from now',
    create: 'Give the pack',
    save: 'Save',
    cancelPack: 'Cancel the pack',
    confirmCancel: 'Cancel pack #{id}? Its spins left are lost to the player.',
    close: 'Close',
    created: 'Pack #{id} given to player #{player}.',
    updated: 'Pack #{id} saved.',
    status: 'Status',
    source: 'Source',
    any: 'Any',
    bonus: 'Bonus #{id}',
    bonusSource: 'Campaign bonus',
    operator: 'Given here',
    filter: 'Filter',
    reset: 'Clear',
    caption: 'Free-spin packs',
    left: 'Left',
    expires: 'Expires',
    created_at: 'Created',
    active: 'Active',
    used: 'Used',
    expired: 'Expired',
    cancelled: 'Cancelled',
    editButton: 'Edit',
    started: 'Spins were played: only the validity can change.',
  },
  fr: {
    title: 'Tours gratuits',
    subtitle: 'Les lots émis par les bonus de campagne et ceux donnés d’ici. Un lot donné d’ici paie ses gains sur le solde principal, tour par tour, via le grand livre.',
    give: 'Donner un lot',
    edit: 'Modifier le lot n° {id}',
    player: 'Id du joueur',
    game: 'Machine à sous',
    spins: 'Tours',
    spinsHint: 'De 1 à {max}',
    bet: 'Mise par tour',
    betHint: 'De {min} à {max}, par pas de {step}, dans la devise du joueur',
    validDays: 'Valable (jours)',
    validHint: 'De 1 à {max}, à partir de maintenant',
    create: 'Donner le lot',
    save: 'Enregistrer',
    cancelPack: 'Annuler le lot',
    confirmCancel: 'Annuler le lot n° {id} ? Les tours restants sont perdus pour le joueur.',
    close: 'Fermer',
    created: 'Lot n° {id} donné au joueur n° {player}.',
    updated: 'Lot n° {id} enregistré.',
    status: 'Statut',
    source: 'Origine',
    any: 'Toutes',
    bonus: 'Bonus n° {id}',
    bonusSource: 'Bonus de campagne',
    operator: 'Donné d’ici',
    filter: 'Filtrer',
    reset: 'Effacer',
    caption: 'Lots de tours gratuits',
    left: 'Restants',
    expires: 'Expire',
    created_at: 'Créé',
    active: 'Actif',
    used: 'Utilisé',
    expired: 'Expiré',
    cancelled: 'Annulé',
    editButton: 'Modifier',
    started: 'Des tours ont été joués : seule la validité peut changer.',
  },
});

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

const FILTERS = ['user_id', 'game', 'status', 'source'] as const;
const PAGE = 50;
const STATUS_TONE = { active: 'good', used: 'neutral', expired: 'warn', cancelled: 'bad' } as const;

export default function FreeSpinsScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const manage = useCan()('games.manage');
  const table = useTableParams({ pageSize: PAGE });
  const filters = Object.fromEntries(FILTERS.map((key) => [key, table.filter(key)])) as Record<(typeof FILTERS)[number], string>;
  const packs = useQuery({
    queryKey: [...GAMES_KEY, 'free-spins', filters, table.page],
    queryFn: () => backofficeApi<FreeSpinPacksPage>('games/free-spins', { query: { ...filters, page: table.page, limit: PAGE } }),
  });
  const [editing, setEditing] = useState<FreeSpinPackView | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    table.setFilters(Object.fromEntries(FILTERS.map((key) => [key, String(form.get(key) ?? '').trim()])));
  }

  const columns: ColumnDef<FreeSpinPackView, unknown>[] = [
    { id: 'id', header: '#', cell: ({ row }) => <span className="bo-mono">{row.original.id}</span> },
    { id: 'player', header: t('player'), cell: ({ row }) => <Link to={`${BACKOFFICE_PATH}/players/${row.original.user_id}`}>#{row.original.user_id}</Link> },
    { id: 'game', header: t('game'), cell: ({ row }) => <span className="bo-mono">{row.original.game}</span> },
    {
      id: 'spins',
      header: t('left'),
      cell: ({ row }) => (
        <span className="bo-num">
          {row.original.remaining_count} / {row.original.total_count}
        </span>
      ),
    },
    { id: 'bet', header: t('bet'), cell: ({ row }) => <span className="bo-num">{`${row.original.bet} ${row.original.currency}`}</span> },
    {
      id: 'status',
      header: t('status'),
      cell: ({ row }) => <Badge tone={STATUS_TONE[row.original.status as keyof typeof STATUS_TONE] ?? 'neutral'}>{t(row.original.status as 'active')}</Badge>,
    },
    { id: 'source', header: t('source'), cell: ({ row }) => (row.original.bonus_id ? t('bonus', { id: row.original.bonus_id }) : <Badge tone="info">{t('operator')}</Badge>) },
    { id: 'expires', header: t('expires'), cell: ({ row }) => formatTime(row.original.expires_at, locale) },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        manage && row.original.bonus_id === null && row.original.status === 'active' ? (
          <Button onClick={() => setEditing(row.original)} aria-label={`${t('editButton')} #${row.original.id}`}>
            {t('editButton')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {done && <Notice tone="good">{done}</Notice>}
      {manage && !editing && <GiveForm t={t} onDone={setDone} />}
      {editing && (
        <EditForm
          key={editing.id}
          pack={editing}
          t={t}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      )}
      <form className="bo-filters bo-games-filters" onSubmit={filter} key={JSON.stringify(filters)} role="search">
        <TextField label={t('player')} name="user_id" defaultValue={filters.user_id} inputMode="numeric" error={fieldError(packs.error, 'user_id')} className="bo-field-narrow" />
        <TextField label={t('game')} name="game" defaultValue={filters.game} placeholder="golden-croupier" error={fieldError(packs.error, 'game')} />
        <SelectField label={t('status')} name="status" defaultValue={filters.status} options={[{ value: '', label: t('any') }, ...FREE_SPIN_PACK_STATUSES.map((status) => ({ value: status, label: t(status) }))]} />
        <SelectField
          label={t('source')}
          name="source"
          defaultValue={filters.source}
          options={[
            { value: '', label: t('any') },
            { value: 'bonus', label: t('bonusSource') },
            { value: 'operator', label: t('operator') },
          ]}
        />
        <span className="bo-actions">
          <Button type="submit" tone="primary">
            {t('filter')}
          </Button>
          <Button tone="quiet" onClick={() => table.setFilters(Object.fromEntries(FILTERS.map((key) => [key, undefined])))}>
            {t('reset')}
          </Button>
        </span>
      </form>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={packs.data?.items}
        total={packs.data?.total}
        loading={packs.isLoading}
        table={table}
        rowKey={(row) => String(row.id)}
        rowTone={(row) => (row.status === 'cancelled' ? 'bad' : undefined)}
      />
    </>
  );
}

const limits = STAKE_LIMITS.slot;

function GiveForm({ t, onDone }: { t: T; onDone(message: string): void }) {
  const give = useGamesWrite<FreeSpinPackView>('games/free-spin-create');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form).entries());
    give.mutate(data, {
      onSuccess: (pack) => {
        form.reset();
        onDone(t('created', { id: pack.id, player: pack.user_id }));
      },
    });
  }
  return (
    <Panel title={t('give')}>
      <form className="bo-pack-form" onSubmit={submit}>
        <TextField label={t('player')} name="user_id" inputMode="numeric" required error={fieldError(give.error, 'user_id')} />
        <TextField label={t('game')} name="game" placeholder="golden-croupier" required error={fieldError(give.error, 'game')} />
        <TextField label={t('spins')} name="spins" inputMode="numeric" defaultValue="10" hint={t('spinsHint', { max: PACK_LIMITS.spins })} error={fieldError(give.error, 'spins')} />
        <TextField label={t('bet')} name="bet" inputMode="decimal" defaultValue={limits.min} hint={t('betHint', { min: limits.min, max: limits.max, step: limits.step })} error={fieldError(give.error, 'bet')} />
        <TextField label={t('validDays')} name="valid_days" inputMode="numeric" defaultValue="7" hint={t('validHint', { max: PACK_LIMITS.validDays })} error={fieldError(give.error, 'valid_days')} />
        <Button type="submit" tone="primary" disabled={give.isPending}>
          {t('create')}
        </Button>
      </form>
      {fieldError(give.error, '_') && <Notice tone="bad">{fieldError(give.error, '_')}</Notice>}
    </Panel>
  );
}

function EditForm({ pack, t, onClose, onDone }: { pack: FreeSpinPackView; t: T; onClose(): void; onDone(message: string): void }) {
  const update = useGamesWrite<FreeSpinPackView>('games/free-spin-update');
  const started = pack.remaining_count < pack.total_count;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = { id: pack.id, valid_days: form.get('valid_days') };
    // Only what changed goes out: a started pack takes a new validity alone.
    for (const key of ['game', 'spins', 'bet'] as const) {
      const value = String(form.get(key) ?? '').trim();
      const before = key === 'game' ? pack.game : key === 'spins' ? String(pack.total_count) : pack.bet;
      if (value && value !== before) body[key] = value;
    }
    update.mutate(body, { onSuccess: () => onDone(t('updated', { id: pack.id })) });
  }
  return (
    <Panel title={t('edit', { id: pack.id })} actions={<Button tone="quiet" onClick={onClose}>{t('close')}</Button>}>
      {started && <Notice>{t('started')}</Notice>}
      <form className="bo-pack-form" onSubmit={submit}>
        <TextField label={t('game')} name="game" defaultValue={pack.game} disabled={started} error={fieldError(update.error, 'game')} />
        <TextField label={t('spins')} name="spins" defaultValue={String(pack.total_count)} disabled={started} error={fieldError(update.error, 'spins')} />
        <TextField label={t('bet')} name="bet" defaultValue={pack.bet} disabled={started} hint={pack.currency} error={fieldError(update.error, 'bet')} />
        <TextField label={t('validDays')} name="valid_days" inputMode="numeric" defaultValue="7" hint={t('validHint', { max: PACK_LIMITS.validDays })} error={fieldError(update.error, 'valid_days')} />
        <span className="bo-actions">
          <Button type="submit" tone="primary" disabled={update.isPending}>
            {t('save')}
          </Button>
          <Button
            tone="danger"
            disabled={update.isPending}
            onClick={() => window.confirm(t('confirmCancel', { id: pack.id })) && update.mutate({ id: pack.id, cancel: true }, { onSuccess: () => onDone(t('updated', { id: pack.id })) })}
          >
            {t('cancelPack')}
          </Button>
        </span>
      </form>
      {fieldError(update.error, '_') && <Notice tone="bad">{fieldError(update.error, '_')}</Notice>}
      {fieldError(update.error, 'id') && <Notice tone="bad">{fieldError(update.error, 'id')}</Notice>}
    </Panel>
  );
}
