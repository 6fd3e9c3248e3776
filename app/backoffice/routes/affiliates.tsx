import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type { AffiliateView } from '../../../contract/backoffice-affiliates.ts';
import { AFFILIATES_QUERY, AffiliateFields, AffiliateStatusBadge, affiliateInput, affiliateTexts, useDealText } from '../affiliates-shared.tsx';
import { backofficeApi } from '../api.ts';
import { defineTexts, useTexts } from '../i18n.ts';
import { Can } from '../session.tsx';
import { Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';

const texts = defineTexts({
  en: {
    title: 'Affiliates',
    subtitle: 'Partners who send players, with their deal. A visitor is theirs when their first tracked visit came through one of their links (30 days); the account keeps it from sign-up.',
    caption: 'Affiliates',
    affiliate: 'Affiliate',
    deal: 'Deal',
    links: 'Links',
    signups: 'Sign-ups',
    ftds: 'First deposits',
    status: 'Status',
    any: 'Any',
    search: 'Name contains',
    filter: 'Filter',
    add: 'New affiliate',
    create: 'Create affiliate',
    created: 'Affiliate {name} created: add its first link below.',
    report: 'Monthly report',
  },
  fr: {
    title: 'Affiliés',
    subtitle: 'Les partenaires qui apportent des joueurs, avec leur accord. Un visiteur leur revient quand sa première visite suivie est passée par un de leurs liens (30 jours) ; le compte le garde dès l’inscription.',
    caption: 'Affiliés',
    affiliate: 'Affilié',
    deal: 'Accord',
    links: 'Liens',
    signups: 'Inscriptions',
    ftds: 'Premiers dépôts',
    status: 'Statut',
    any: 'Tous',
    search: 'Le nom contient',
    filter: 'Filtrer',
    add: 'Nouvel affilié',
    create: 'Créer l’affilié',
    created: 'Affilié {name} créé : ajoutez son premier lien ci-dessous.',
    report: 'Rapport mensuel',
  },
});

export default function AffiliatesScreen() {
  const t = useTexts(texts);
  const a = useTexts(affiliateTexts);
  const deal = useDealText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const table = useTableParams({ pageSize: 500 });
  const filters = { status: table.filter('status'), q: table.filter('q') };
  const list = useQuery({ queryKey: [...AFFILIATES_QUERY, filters], queryFn: () => backofficeApi<AffiliateView[]>('affiliates/list', { query: filters }), refetchOnMount: 'always' });
  const [formKey, setFormKey] = useState(0);
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => backofficeApi<AffiliateView>('affiliates/create', { body }),
    onSuccess: (created) => {
      setFormKey((key) => key + 1);
      void client.invalidateQueries({ queryKey: AFFILIATES_QUERY });
      void navigate(`${BACKOFFICE_PATH}/affiliates/${created.id}?created=1`);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(affiliateInput(new FormData(event.currentTarget)));
  }
  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    table.setFilters({ status: String(form.get('status') ?? ''), q: String(form.get('q') ?? '').trim() });
  }

  const columns: ColumnDef<AffiliateView, unknown>[] = [
    {
      id: 'name',
      header: t('affiliate'),
      cell: ({ row }) => (
        <>
          <Link to={`${BACKOFFICE_PATH}/affiliates/${row.original.id}`} className="font-semibold">
            {row.original.name}
          </Link>
          <div className="bo-hint">{row.original.contact_email}</div>
        </>
      ),
    },
    { id: 'deal', header: t('deal'), cell: ({ row }) => deal(row.original) },
    { id: 'links', header: t('links'), cell: ({ row }) => <span className="bo-num block">{row.original.links}</span> },
    { id: 'signups', header: t('signups'), cell: ({ row }) => <span className="bo-num block">{row.original.signups}</span> },
    { id: 'ftds', header: t('ftds'), cell: ({ row }) => <span className="bo-num block">{row.original.first_deposits}</span> },
    { id: 'status', header: t('status'), cell: ({ row }) => <AffiliateStatusBadge status={row.original.status} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Link className="bo-button bo-button-default" to={`${BACKOFFICE_PATH}/affiliates/report`}>
            {t('report')}
          </Link>
        }
      />
      {create.error && !Object.keys((create.error as { fields?: object }).fields ?? {}).length && <Notice tone="bad">{create.error.message}</Notice>}
      <Can permission="affiliates.manage">
        <Panel title={t('add')}>
          <form key={formKey} className="bo-form" onSubmit={submit} data-testid="affiliate-create">
            <AffiliateFields error={create.error} />
            <Button type="submit" tone="primary" disabled={create.isPending}>
              {t('create')}
            </Button>
          </form>
        </Panel>
      </Can>
      <form className="bo-filters" onSubmit={filter}>
        <TextField label={t('search')} name="q" defaultValue={filters.q} />
        <SelectField
          label={t('status')}
          name="status"
          defaultValue={filters.status}
          options={[
            { value: '', label: t('any') },
            { value: 'active', label: a('active') },
            { value: 'disabled', label: a('disabled') },
          ]}
        />
        <Button type="submit">{t('filter')}</Button>
      </form>
      <DataTable caption={t('caption')} columns={columns} rows={list.data} total={list.data?.length} loading={list.isLoading} table={table} rowKey={(row) => String(row.id)} onOpen={(row) => void navigate(`${BACKOFFICE_PATH}/affiliates/${row.id}`)} />
    </>
  );
}
