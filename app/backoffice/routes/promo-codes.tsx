import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import type { BulkCodesAnswer, PromoCodeItem, PromoCodeUseItem } from '../../../contract/backoffice-marketing.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { CampaignSelect, downloadText, marketingTexts } from '../marketing-shared.tsx';
import { PaymentPlayerCell } from '../money-cells.tsx';
import { Can, useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatTime } from '../ui/format.ts';
import '../money.css';

const texts = defineTexts({
  en: {
    title: 'Promo codes',
    subtitle: 'Codes name a campaign: a player who enters one gets its reward (or unlocks its deposit offer). Make one code, or many unique ones with a prefix, and see who used which code when.',
    one: 'One code',
    many: 'Many unique codes',
    code: 'Code',
    codeHint: '3 to 64 letters, digits, - or _; stored upper case',
    maxUses: 'Uses at most',
    maxUsesHint: 'Empty: no limit',
    maxUsesEach: 'Uses per code',
    expires: 'Expires',
    expiresHint: 'Empty: with its campaign',
    prefix: 'Prefix',
    prefixHint: 'Codes read PREFIX-XXXXXXXX',
    count: 'How many',
    create: 'Create the code',
    createMany: 'Create and download CSV',
    created: 'Code {code} created.',
    createdMany: '{count} codes created; their CSV is downloaded.',
    downloadAgain: 'Download again',
    filter: 'Filter',
    startsWith: 'Code begins with',
    status: 'Status',
    any: 'Any',
    active: 'active',
    paused: 'paused',
    ended: 'disabled',
    csv: 'Download CSV',
    caption: 'Promo codes',
    uses: 'Uses',
    expiresCol: 'Expires',
    createdAt: 'created {at}',
    never: '—',
    showUses: 'Who used it',
    disable: 'Disable',
    confirmDisable: 'Disable {code}? Players can no longer use it; bonuses already given stay.',
    disabled: '{code} is disabled.',
    usesTitle: 'Uses',
    usesOf: 'Uses of {code}',
    usesAll: 'Latest uses',
    allCodes: 'All codes',
    player: 'Player',
    usedAt: 'Used',
    usesCaption: 'Uses of promo codes',
    noUses: 'Nobody has used it yet.',
  },
  fr: {
    title: 'Codes promo',
    subtitle: 'Un code désigne une campagne : le joueur qui le saisit reçoit sa récompense (ou débloque son offre de dépôt). Créez un code, ou plusieurs codes uniques avec un préfixe, et voyez qui a utilisé quel code et quand.',
    one: 'Un code',
    many: 'Plusieurs codes uniques',
    code: 'Code',
    codeHint: '3 à 64 lettres, chiffres, - ou _ ; enregistré en majuscules',
    maxUses: 'Utilisations au plus',
    maxUsesHint: 'Vide : sans limite',
    maxUsesEach: 'Utilisations par code',
    expires: 'Expire',
    expiresHint: 'Vide : avec sa campagne',
    prefix: 'Préfixe',
    prefixHint: 'Les codes s’écrivent PREFIXE-XXXXXXXX',
    count: 'Combien',
    create: 'Créer le code',
    createMany: 'Créer et télécharger le CSV',
    created: 'Code {code} créé.',
    createdMany: '{count} codes créés ; leur CSV est téléchargé.',
    downloadAgain: 'Télécharger à nouveau',
    filter: 'Filtrer',
    startsWith: 'Le code commence par',
    status: 'Statut',
    any: 'Tous',
    active: 'actif',
    paused: 'en pause',
    ended: 'désactivé',
    csv: 'Télécharger le CSV',
    caption: 'Codes promo',
    uses: 'Utilisations',
    expiresCol: 'Expire',
    createdAt: 'créé le {at}',
    never: '—',
    showUses: 'Qui l’a utilisé',
    disable: 'Désactiver',
    confirmDisable: 'Désactiver {code} ? Les joueurs ne pourront plus l’utiliser ; les bonus déjà accordés restent.',
    disabled: '{code} est désactivé.',
    usesTitle: 'Utilisations',
    usesOf: 'Utilisations de {code}',
    usesAll: 'Dernières utilisations',
    allCodes: 'Tous les codes',
    player: 'Joueur',
    usedAt: 'Utilisé',
    usesCaption: 'Utilisations des codes promo',
    noUses: 'Personne ne l’a encore utilisé.',
  },
});

const QUERY = ['backoffice', 'marketing', 'codes'] as const;
const PAGE = 50;
const statusTone = { active: 'good', paused: 'warn', ended: 'neutral' } as const;

/** An optional whole number as typed: a number, null when empty, the text itself when it is not one (the server names it). */
const wholeOrNull = (value: FormDataEntryValue | null) => {
  const text = String(value ?? '').trim();
  return text === '' ? null : Number.isInteger(Number(text)) ? Number(text) : text;
};
const instantOrNull = (value: FormDataEntryValue | null) => (String(value ?? '') ? new Date(String(value)).toISOString() : null);

/** `/backoffice/promo-codes`: create one or many, list and filter, CSV, uses, disable. */
export default function PromoCodesScreen() {
  const t = useTexts(texts);
  const m = useTexts(marketingTexts);
  const locale = useBackofficeLocale();
  const can = useCan();
  const queryClient = useQueryClient();
  const table = useTableParams({ pageSize: PAGE });
  const filters = { campaign_id: table.filter('campaign_id'), q: table.filter('q'), status: table.filter('status') };
  const codes = useQuery({
    queryKey: [...QUERY, filters, table.page],
    queryFn: () => backofficeApi<{ items: PromoCodeItem[]; total: number }>('marketing/codes/list', { query: { ...filters, page: table.page, limit: PAGE } }),
  });
  const [selected, setSelected] = useState<PromoCodeItem | null>(null);
  const uses = useQuery({
    queryKey: [...QUERY, 'uses', selected?.id ?? null, filters.campaign_id],
    queryFn: () => backofficeApi<{ items: PromoCodeUseItem[]; total: number }>('marketing/codes/uses', { query: selected ? { code_id: selected.id } : { campaign_id: filters.campaign_id, limit: 20 } }),
  });
  const [notice, setNotice] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'marketing'] });

  const createOne = useMutation({
    mutationFn: (body: Record<string, unknown>) => backofficeApi<PromoCodeItem>('marketing/codes/create', { body }),
    onSuccess: (code) => {
      setNotice({ tone: 'good', text: t('created', { code: code.code }) });
      void refresh();
    },
  });
  const [bulk, setBulk] = useState<BulkCodesAnswer | null>(null);
  const createMany = useMutation({
    mutationFn: (body: Record<string, unknown>) => backofficeApi<BulkCodesAnswer>('marketing/codes/bulk', { body }),
    onSuccess: (answer) => {
      setBulk(answer);
      setNotice({ tone: 'good', text: t('createdMany', { count: answer.count }) });
      downloadText(answer.filename, answer.csv);
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: (code: PromoCodeItem) => backofficeApi<PromoCodeItem>('marketing/codes/disable', { body: { id: code.id } }),
    onSuccess: (code) => setNotice({ tone: 'good', text: t('disabled', { code: code.code }) }),
    onError: (error) => setNotice({ tone: 'bad', text: fieldError(error, 'id') ?? (error as Error).message }),
    onSettled: () => refresh(),
  });

  function submitOne(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const form = new FormData(event.currentTarget);
    createOne.mutate({ campaign_id: String(form.get('campaign_id') ?? ''), code: String(form.get('code') ?? ''), max_uses: wholeOrNull(form.get('max_uses')), expires_at: instantOrNull(form.get('expires_at')) });
  }
  function submitMany(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const form = new FormData(event.currentTarget);
    createMany.mutate({
      campaign_id: String(form.get('campaign_id') ?? ''),
      prefix: String(form.get('prefix') ?? ''),
      count: wholeOrNull(form.get('count')) ?? '',
      max_uses: wholeOrNull(form.get('max_uses')),
      expires_at: instantOrNull(form.get('expires_at')),
    });
  }
  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSelected(null);
    table.setFilters({ campaign_id: String(form.get('campaign_id') ?? ''), q: String(form.get('q') ?? '').trim(), status: String(form.get('status') ?? '') });
  }
  async function exportCsv() {
    const file = await backofficeApi<{ filename: string; csv: string }>('marketing/codes/csv', { query: filters });
    downloadText(file.filename, file.csv);
  }

  const columns: ColumnDef<PromoCodeItem, unknown>[] = [
    // When it was made goes under the code: a column of its own pushed the row's buttons out of sight at 1024 px.
    {
      id: 'code',
      header: t('code'),
      cell: ({ row }) => (
        <div className="whitespace-nowrap">
          <span className="bo-mono font-semibold">{row.original.code}</span>
          <div className="bo-hint">{t('createdAt', { at: formatTime(row.original.created_at, locale) })}</div>
        </div>
      ),
    },
    { id: 'campaign', header: m('campaign'), cell: ({ row }) => <span className="bo-mono">{row.original.campaign}</span> },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge tone={statusTone[row.original.status]}>{t(row.original.status)}</Badge> },
    { id: 'uses', header: t('uses'), cell: ({ row }) => <span className="bo-num block">{row.original.max_uses === null ? row.original.uses : `${row.original.uses} / ${row.original.max_uses}`}</span> },
    { id: 'expires', header: t('expiresCol'), cell: ({ row }) => (row.original.expires_at ? formatTime(row.original.expires_at, locale) : t('never')) },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) => (
        <span className="bo-actions flex-nowrap justify-end">
          <Button tone="quiet" onClick={() => setSelected(row.original)} data-testid="code-uses">
            {t('showUses')}
          </Button>
          {can('marketing.manage') && row.original.status !== 'ended' && (
            <Button tone="danger" disabled={disable.isPending} onClick={() => window.confirm(t('confirmDisable', { code: row.original.code })) && disable.mutate(row.original)}>
              {t('disable')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {notice && (
        <Notice tone={notice.tone}>
          {notice.text}
          {bulk && notice.tone === 'good' && notice.text === t('createdMany', { count: bulk.count }) && (
            <>
              {' '}
              <Button tone="quiet" onClick={() => downloadText(bulk.filename, bulk.csv)}>
                {t('downloadAgain')}
              </Button>
            </>
          )}
        </Notice>
      )}
      <Can permission="marketing.manage">
        <div className="bo-grid">
          <Panel title={t('one')}>
            <form className="bo-form" onSubmit={submitOne} data-testid="code-one">
              <CampaignSelect name="campaign_id" error={fieldError(createOne.error, 'campaign_id')} />
              <TextField label={t('code')} name="code" hint={t('codeHint')} error={fieldError(createOne.error, 'code')} autoComplete="off" />
              <div className="grid grid-cols-2 gap-3">
                <TextField label={t('maxUses')} name="max_uses" inputMode="numeric" hint={t('maxUsesHint')} error={fieldError(createOne.error, 'max_uses')} />
                <TextField label={t('expires')} name="expires_at" type="datetime-local" hint={t('expiresHint')} error={fieldError(createOne.error, 'expires_at')} />
              </div>
              <Button type="submit" tone="primary" disabled={createOne.isPending}>
                {t('create')}
              </Button>
            </form>
          </Panel>
          <Panel title={t('many')}>
            <form className="bo-form" onSubmit={submitMany} data-testid="code-many">
              <CampaignSelect name="campaign_id" error={fieldError(createMany.error, 'campaign_id')} />
              <div className="grid grid-cols-2 gap-3">
                <TextField label={t('prefix')} name="prefix" hint={t('prefixHint')} error={fieldError(createMany.error, 'prefix')} autoComplete="off" />
                <TextField label={t('count')} name="count" inputMode="numeric" defaultValue="100" error={fieldError(createMany.error, 'count')} />
                <TextField label={t('maxUsesEach')} name="max_uses" inputMode="numeric" defaultValue="1" hint={t('maxUsesHint')} error={fieldError(createMany.error, 'max_uses')} />
                <TextField label={t('expires')} name="expires_at" type="datetime-local" hint={t('expiresHint')} error={fieldError(createMany.error, 'expires_at')} />
              </div>
              <Button type="submit" tone="primary" disabled={createMany.isPending}>
                {t('createMany')}
              </Button>
            </form>
          </Panel>
        </div>
      </Can>

      <form className="bo-filters" onSubmit={filter}>
        <CampaignSelect name="campaign_id" defaultValue={filters.campaign_id} anyLabel={m('anyCampaign')} />
        <TextField label={t('startsWith')} name="q" defaultValue={filters.q} />
        <SelectField
          label={t('status')}
          name="status"
          defaultValue={filters.status}
          options={[{ value: '', label: t('any') }, ...(['active', 'paused', 'ended'] as const).map((status) => ({ value: status, label: t(status) }))]}
        />
        <Button type="submit">{t('filter')}</Button>
        <Button onClick={() => void exportCsv()}>{t('csv')}</Button>
      </form>
      <DataTable caption={t('caption')} columns={columns} rows={codes.data?.items} total={codes.data?.total} loading={codes.isLoading} table={table} rowKey={(row) => String(row.id)} />

      <Panel
        title={selected ? t('usesOf', { code: selected.code }) : t('usesAll')}
        actions={
          selected && (
            <Button tone="quiet" onClick={() => setSelected(null)}>
              {t('allCodes')}
            </Button>
          )
        }
      >
        <div className="bo-table-wrap">
          <table className="bo-table" data-testid="code-uses-table">
            <caption className="sr-only">{t('usesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('player')}</th>
                <th scope="col">{t('code')}</th>
                <th scope="col">{m('campaign')}</th>
                <th scope="col">{t('usedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {(uses.data?.items ?? []).map((use) => (
                <tr key={`${use.code}:${use.user_id}`}>
                  <td>
                    <PaymentPlayerCell userId={use.user_id} player={use.player} />
                  </td>
                  <td className="bo-mono">{use.code}</td>
                  <td className="bo-mono">{use.campaign}</td>
                  <td>{formatTime(use.used_at, locale)}</td>
                </tr>
              ))}
              {!uses.data?.items.length && (
                <tr>
                  <td colSpan={4} className="bo-empty">
                    {uses.isLoading ? '…' : t('noUses')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Panel>
    </>
  );
}
