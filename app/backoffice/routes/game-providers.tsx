import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type { AdminProvider } from '../../../contract/backoffice-games.ts';
import { providersQuery, useGamesWrite } from '../games-shared.tsx';
import { defineTexts, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import '../games.css';

const texts = defineTexts({
  en: {
    title: 'Providers',
    subtitle: 'The studios whose games the catalogue offers. A provider turned off hides all its games from players and refuses their launch; each game keeps its own switch for when it is back.',
    caption: 'Game providers',
    provider: 'Provider',
    integration: 'Integration',
    in_house: 'In-house',
    demo: 'Demo studio',
    external: 'External',
    games: 'Games',
    gamesOn: '{on} of {all} on',
    status: 'Status',
    on: 'On',
    off: 'Off',
    turnOff: 'Turn off',
    turnOn: 'Turn on',
    confirmOff: 'Hide every game of {name} from players now?',
    open: 'See its games',
    readOnly: 'Your role may look, not change.',
  },
  fr: {
    title: 'Fournisseurs',
    subtitle: 'Les studios dont le catalogue propose les jeux. Un fournisseur désactivé masque tous ses jeux aux joueurs et refuse leur lancement ; chaque jeu garde son propre interrupteur pour son retour.',
    caption: 'Fournisseurs de jeux',
    provider: 'Fournisseur',
    integration: 'Intégration',
    in_house: 'Maison',
    demo: 'Studio de démo',
    external: 'Externe',
    games: 'Jeux',
    gamesOn: '{on} sur {all} actifs',
    status: 'Statut',
    on: 'Actif',
    off: 'Inactif',
    turnOff: 'Désactiver',
    turnOn: 'Activer',
    confirmOff: 'Masquer maintenant tous les jeux de {name} aux joueurs ?',
    open: 'Voir ses jeux',
    readOnly: 'Votre rôle permet de consulter, pas de modifier.',
  },
});

export default function ProvidersScreen() {
  const t = useTexts(texts);
  const manage = useCan()('games.manage');
  const table = useTableParams({ pageSize: 100 });
  const providers = useQuery(providersQuery);
  const setActive = useGamesWrite('games/provider-active');

  const columns: ColumnDef<AdminProvider, unknown>[] = [
    {
      id: 'name',
      header: t('provider'),
      cell: ({ row }) => (
        <>
          <strong>{row.original.name}</strong>
          <div className="bo-hint bo-mono">{row.original.sysname}</div>
        </>
      ),
    },
    { id: 'integration', header: t('integration'), cell: ({ row }) => t(row.original.integration as 'in_house' | 'demo' | 'external') },
    {
      id: 'games',
      header: t('games'),
      cell: ({ row }) => (
        <Link to={`${BACKOFFICE_PATH}/games?provider=${row.original.sysname}`}>{t('gamesOn', { on: row.original.active_games, all: row.original.games_count })}</Link>
      ),
    },
    {
      id: 'status',
      header: t('status'),
      cell: ({ row }) => (
        <span className="bo-actions">
          <Badge tone={row.original.is_active ? 'good' : 'bad'}>{row.original.is_active ? t('on') : t('off')}</Badge>
          {manage && (
            <Button
              tone={row.original.is_active ? 'danger' : 'default'}
              disabled={setActive.isPending}
              aria-label={`${row.original.is_active ? t('turnOff') : t('turnOn')} ${row.original.name}`}
              onClick={() => {
                if (row.original.is_active && !window.confirm(t('confirmOff', { name: row.original.name }))) return;
                setActive.mutate({ sysname: row.original.sysname, is_active: !row.original.is_active });
              }}
            >
              {row.original.is_active ? t('turnOff') : t('turnOn')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!manage && <Notice>{t('readOnly')}</Notice>}
      {setActive.error && <Notice tone="bad">{setActive.error.message}</Notice>}
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={providers.data}
        total={providers.data?.length}
        loading={providers.isLoading}
        table={table}
        rowKey={(row) => row.sysname}
        rowTone={(row) => (row.is_active ? undefined : 'bad')}
      />
    </>
  );
}
