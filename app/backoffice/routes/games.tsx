import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { GAME_BADGES, type AdminGameRow, type AdminGamesPage, type GameBadge } from '../../../contract/backoffice-games.ts';
import { ApiError, backofficeApi, fieldError } from '../api.ts';
import { categoriesQuery, categoryName, countryName, GAMES_KEY, providersQuery, useGamesWrite } from '../games-shared.tsx';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import '../games.css';

const texts = defineTexts({
  en: {
    title: 'Games',
    subtitle: 'Every game of the catalogue, on or off. Changes reach players at their next page; each is audited.',
    q: 'Search',
    qHint: 'name or sysname',
    provider: 'Provider',
    category: 'Category',
    status: 'Status',
    badge: 'Badge',
    blockedIn: 'Blocked in',
    any: 'Any',
    active: 'On',
    disabled: 'Off',
    new: 'New',
    hot: 'Hot',
    search: 'Search',
    reset: 'Clear',
    caption: 'Catalogue games',
    game: 'Game',
    type: 'Type',
    categories: 'Categories',
    badges: 'Badges',
    countries: 'Blocked countries',
    position: 'Position',
    providerOff: 'provider off',
    turnOff: 'Turn off',
    turnOn: 'Turn on',
    up: 'Move up',
    down: 'Move down',
    edit: 'Edit',
    editTitle: 'Edit {name}',
    isActive: 'Players can see and launch it',
    countriesHint: 'Two-letter codes, comma-separated (DE, AT). Players whose profile country is listed neither see nor launch the game.',
    categoriesHint: 'Every game is in “All games”. A category joined takes the game at its end.',
    save: 'Save',
    close: 'Close',
    saved: '{name} saved.',
    moveTo: 'Move to position',
    move: 'Move',
    orderHint: 'Showing “{category}” in the hall’s order: move games up or down, or to a position.',
    readOnly: 'Your role may look, not change.',
  },
  fr: {
    title: 'Jeux',
    subtitle: 'Tous les jeux du catalogue, actifs ou non. Les joueurs voient un changement à leur page suivante ; chacun est tracé.',
    q: 'Recherche',
    qHint: 'nom ou identifiant',
    provider: 'Fournisseur',
    category: 'Catégorie',
    status: 'Statut',
    badge: 'Badge',
    blockedIn: 'Bloqué en',
    any: 'Tous',
    active: 'Actif',
    disabled: 'Inactif',
    new: 'Nouveau',
    hot: 'Tendance',
    search: 'Rechercher',
    reset: 'Effacer',
    caption: 'Jeux du catalogue',
    game: 'Jeu',
    type: 'Type',
    categories: 'Catégories',
    badges: 'Badges',
    countries: 'Pays bloqués',
    position: 'Position',
    providerOff: 'fournisseur inactif',
    turnOff: 'Désactiver',
    turnOn: 'Activer',
    up: 'Monter',
    down: 'Descendre',
    edit: 'Modifier',
    editTitle: 'Modifier {name}',
    isActive: 'Les joueurs peuvent le voir et le lancer',
    countriesHint: 'Codes à deux lettres, séparés par des virgules (DE, AT). Les joueurs dont le pays de profil est listé ne voient ni ne lancent le jeu.',
    categoriesHint: 'Chaque jeu est dans « Tous les jeux ». Une catégorie rejointe prend le jeu à sa fin.',
    save: 'Enregistrer',
    close: 'Fermer',
    saved: '{name} enregistré.',
    moveTo: 'Déplacer en position',
    move: 'Déplacer',
    orderHint: '« {category} » dans l’ordre du lobby : montez ou descendez les jeux, ou placez-les à une position.',
    readOnly: 'Votre rôle permet de consulter, pas de modifier.',
  },
});

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

const FILTERS = ['q', 'provider', 'category', 'status', 'badge', 'blocked_in'] as const;
const PAGE = 50;

export default function GamesScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const manage = useCan()('games.manage');
  const table = useTableParams({ sort: 'popularity', dir: 'asc', pageSize: PAGE });
  const filters = Object.fromEntries(FILTERS.map((key) => [key, table.filter(key)])) as Record<(typeof FILTERS)[number], string>;
  const inCategory = filters.category && filters.category !== 'all' ? filters.category : '';
  // A chosen category lists in its hall order unless another sort was picked.
  const sort = inCategory && !table.params.get('sort') ? 'position' : (table.sort ?? 'popularity');
  const dir = inCategory && !table.params.get('sort') ? 'asc' : table.dir;
  const games = useQuery({
    queryKey: [...GAMES_KEY, 'list', filters, sort, dir, table.page],
    queryFn: () => backofficeApi<AdminGamesPage>('games/list', { query: { ...filters, sort, dir, page: table.page, limit: PAGE } }),
  });
  const categories = useQuery(categoriesQuery);
  const providers = useQuery(providersQuery);
  const update = useGamesWrite<unknown>('games/update');
  const move = useGamesWrite<unknown>('games/move');
  const [editing, setEditing] = useState<AdminGameRow | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    table.setFilters({ ...Object.fromEntries(FILTERS.map((key) => [key, String(form.get(key) ?? '').trim()])), sort: undefined, dir: undefined });
  }

  const categoryById = new Map((categories.data ?? []).map((category) => [category.id, category]));
  const any = { value: '', label: t('any') };
  const columns: ColumnDef<AdminGameRow, unknown>[] = [
    {
      id: 'name',
      header: t('game'),
      cell: ({ row }) => (
        <span className="bo-game">
          <img src={row.original.image_url} alt="" width={48} height={32} loading="lazy" />
          <span>
            <strong>{row.original.name}</strong>
            <span className="bo-hint bo-mono">{row.original.sysname}</span>
          </span>
        </span>
      ),
    },
    {
      id: 'provider',
      header: t('provider'),
      cell: ({ row }) => (
        <>
          {row.original.provider_name}
          {!row.original.provider_active && (
            <div>
              <Badge tone="bad">{t('providerOff')}</Badge>
            </div>
          )}
        </>
      ),
    },
    { id: 'type', header: t('type'), cell: ({ row }) => <span className="bo-hint">{row.original.type}</span> },
    {
      id: 'categories',
      header: t('categories'),
      cell: ({ row }) => (
        <span className="bo-tags">
          {row.original.categories.map((entry) => (
            <Badge key={entry.id}>
              {categoryName(categoryById.get(entry.id), entry.id, locale)} #{entry.position}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'badges',
      header: t('badges'),
      cell: ({ row }) => (
        <span className="bo-tags bo-nowrap">
          {GAME_BADGES.map((badge) => {
            const on = row.original.badges.includes(badge);
            if (!manage) return on ? <Badge key={badge} tone={badge === 'hot' ? 'warn' : 'info'}>{t(badge)}</Badge> : null;
            const next = on ? row.original.badges.filter((entry) => entry !== badge) : [...row.original.badges, badge];
            return (
              <button
                key={badge}
                type="button"
                className={`bo-chip${on ? ` bo-chip-on bo-chip-${badge}` : ''}`}
                aria-pressed={on}
                disabled={update.isPending}
                onClick={() => update.mutate({ sysname: row.original.sysname, badges: next })}
              >
                {t(badge)}
              </button>
            );
          })}
        </span>
      ),
    },
    {
      id: 'countries',
      header: t('countries'),
      cell: ({ row }) =>
        row.original.blocked_countries.length ? (
          <span className="bo-tags">
            {row.original.blocked_countries.map((code) => (
              <span key={code} title={countryName(code, locale)}>
                <Badge tone="warn">{code}</Badge>
              </span>
            ))}
          </span>
        ) : (
          <span className="bo-hint">—</span>
        ),
    },
    {
      id: 'status',
      header: t('status'),
      cell: ({ row }) => <Badge tone={row.original.is_active ? 'good' : 'bad'}>{row.original.is_active ? t('active') : t('disabled')}</Badge>,
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) => (
        <span className="bo-actions bo-nowrap">
          {manage && (
            <Button
              tone={row.original.is_active ? 'danger' : 'default'}
              disabled={update.isPending}
              onClick={() => update.mutate({ sysname: row.original.sysname, is_active: !row.original.is_active })}
              aria-label={`${row.original.is_active ? t('turnOff') : t('turnOn')} ${row.original.name}`}
            >
              {row.original.is_active ? t('turnOff') : t('turnOn')}
            </Button>
          )}
          {manage && <Button onClick={() => setEditing(row.original)}>{t('edit')}</Button>}
        </span>
      ),
    },
  ];
  if (inCategory && manage) {
    columns.unshift({
      id: 'position',
      header: t('position'),
      cell: ({ row }) => {
        const position = row.original.categories.find((entry) => entry.id === inCategory)?.position;
        return (
          <span className="bo-order">
            <span className="bo-num bo-order-n">{position}</span>
            <Button tone="quiet" aria-label={`${t('up')}: ${row.original.name}`} disabled={move.isPending} onClick={() => move.mutate({ category: inCategory, sysname: row.original.sysname, move: 'up' })}>
              ↑
            </Button>
            <Button tone="quiet" aria-label={`${t('down')}: ${row.original.name}`} disabled={move.isPending} onClick={() => move.mutate({ category: inCategory, sysname: row.original.sysname, move: 'down' })}>
              ↓
            </Button>
          </span>
        );
      },
    });
  }

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!manage && <Notice>{t('readOnly')}</Notice>}
      <form className="bo-filters bo-games-filters" onSubmit={submit} key={JSON.stringify(filters)} role="search">
        <TextField label={t('q')} name="q" defaultValue={filters.q} placeholder={t('qHint')} type="search" className="bo-field-search" />
        <SelectField label={t('provider')} name="provider" defaultValue={filters.provider} options={[any, ...(providers.data ?? []).map((provider) => ({ value: provider.sysname, label: provider.name }))]} />
        <SelectField label={t('category')} name="category" defaultValue={filters.category} options={[any, ...(categories.data ?? []).filter((category) => category.id !== 'all').map((category) => ({ value: category.id, label: categoryName(category, category.id, locale) }))]} />
        <SelectField label={t('status')} name="status" defaultValue={filters.status} options={[any, { value: 'active', label: t('active') }, { value: 'disabled', label: t('disabled') }]} className="bo-field-narrow" />
        <SelectField label={t('badge')} name="badge" defaultValue={filters.badge} options={[any, ...GAME_BADGES.map((badge) => ({ value: badge, label: t(badge) }))]} className="bo-field-narrow" />
        <TextField label={t('blockedIn')} name="blocked_in" defaultValue={filters.blocked_in} placeholder="DE" maxLength={2} error={fieldError(games.error, 'blocked_in')} className="bo-field-narrow" />
        <span className="bo-actions">
          <Button type="submit" tone="primary">
            {t('search')}
          </Button>
          <Button tone="quiet" onClick={() => table.setFilters(Object.fromEntries([...FILTERS, 'sort', 'dir'].map((key) => [key, undefined])))}>
            {t('reset')}
          </Button>
        </span>
      </form>
      {inCategory && <p className="bo-hint">{t('orderHint', { category: categoryName(categoryById.get(inCategory), inCategory, locale) })}</p>}
      {fieldError(games.error, '_') && <Notice tone="bad">{fieldError(games.error, '_')}</Notice>}
      {(update.error || move.error) && !editing && <Notice tone="bad">{(update.error ?? move.error)?.message}</Notice>}
      {saved && <Notice tone="good">{saved}</Notice>}
      {editing && (
        <GameEditor
          key={editing.sysname}
          game={editing}
          t={t}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setSaved(t('saved', { name }));
          }}
        />
      )}
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={games.data?.items}
        total={games.data?.total}
        loading={games.isLoading}
        table={table}
        sortable={inCategory ? ['name', 'position'] : ['name']}
        rowKey={(row) => row.sysname}
        rowTone={(row) => (!row.is_active || !row.provider_active ? 'bad' : row.blocked_countries.length ? 'warn' : undefined)}
      />
      {inCategory && manage && <MoveTo category={inCategory} t={t} />}
    </>
  );
}

/** One game's categories, badges, countries and switch, saved together (one audit row). */
function GameEditor({ game, t, onClose, onSaved }: { game: AdminGameRow; t: T; onClose(): void; onSaved(name: string): void }) {
  const locale = useBackofficeLocale();
  const categories = useQuery(categoriesQuery);
  const update = useGamesWrite<unknown>('games/update');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update.mutate(
      {
        sysname: game.sysname,
        is_active: form.get('is_active') === 'on',
        badges: form.getAll('badges').map(String),
        categories: form.getAll('categories').map(String),
        blocked_countries: String(form.get('blocked_countries') ?? ''),
      },
      { onSuccess: () => onSaved(game.name) },
    );
  }

  const fieldOf = (prefix: string) => {
    const fields = update.error instanceof ApiError ? update.error.fields : {};
    const key = Object.keys(fields).find((name) => name === prefix || name.startsWith(`${prefix}.`));
    return key ? fields[key] : undefined;
  };

  return (
    <Panel title={t('editTitle', { name: game.name })} actions={<Button tone="quiet" onClick={onClose}>{t('close')}</Button>} className="bo-game-editor">
      <form className="bo-form" onSubmit={submit}>
        <label className="bo-check">
          <input type="checkbox" name="is_active" defaultChecked={game.is_active} />
          {t('isActive')}
        </label>
        <fieldset className="bo-fieldset">
          <legend>{t('badges')}</legend>
          {GAME_BADGES.map((badge: GameBadge) => (
            <label key={badge} className="bo-check">
              <input type="checkbox" name="badges" value={badge} defaultChecked={game.badges.includes(badge)} />
              {t(badge)}
            </label>
          ))}
          {fieldOf('badges') && <p className="bo-error-text">{fieldOf('badges')}</p>}
        </fieldset>
        <fieldset className="bo-fieldset">
          <legend>{t('categories')}</legend>
          {(categories.data ?? [])
            .filter((category) => category.id !== 'all')
            .map((category) => (
              <label key={category.id} className="bo-check">
                <input type="checkbox" name="categories" value={category.id} defaultChecked={game.categories.some((entry) => entry.id === category.id)} />
                {categoryName(category, category.id, locale)}
              </label>
            ))}
          <p className="bo-hint">{t('categoriesHint')}</p>
          {fieldOf('categories') && <p className="bo-error-text">{fieldOf('categories')}</p>}
        </fieldset>
        <TextField
          label={t('countries')}
          name="blocked_countries"
          defaultValue={game.blocked_countries.join(', ')}
          placeholder="DE, AT"
          hint={t('countriesHint')}
          error={fieldOf('blocked_countries')}
        />
        {fieldError(update.error, '_') && <Notice tone="bad">{fieldError(update.error, '_')}</Notice>}
        <span className="bo-actions">
          <Button type="submit" tone="primary" disabled={update.isPending}>
            {t('save')}
          </Button>
        </span>
      </form>
    </Panel>
  );
}

/** Moves a game of the chosen category to a position by its sysname (long categories). */
function MoveTo({ category, t }: { category: string; t: T }) {
  const move = useGamesWrite<unknown>('games/move');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    move.mutate({ category, sysname: String(form.get('sysname') ?? '').trim(), move: String(form.get('move') ?? '').trim() });
  }
  return (
    <form className="bo-filters" onSubmit={submit}>
      <TextField label={t('game')} name="sysname" placeholder="golden-croupier" error={fieldError(move.error, 'sysname')} />
      <TextField label={t('moveTo')} name="move" inputMode="numeric" placeholder="1" error={fieldError(move.error, 'move')} className="bo-field-narrow" />
      <Button type="submit" disabled={move.isPending}>
        {t('move')}
      </Button>
    </form>
  );
}
