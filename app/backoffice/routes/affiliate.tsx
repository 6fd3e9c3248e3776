import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type { AffiliateLinkView, AffiliateView, PostbackView } from '../../../contract/backoffice-affiliates.ts';
import { AFFILIATES_QUERY, AffiliateFields, AffiliateStatusBadge, affiliateInput, affiliateTexts, useDealText } from '../affiliates-shared.tsx';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, TextField } from '../ui/controls.tsx';
import { formatTime } from '../ui/format.ts';
import { StaticTable } from '../ui/static-table.tsx';

type Detail = { affiliate: AffiliateView; links: AffiliateLinkView[]; postbacks: PostbackView[] };

const texts = defineTexts({
  en: {
    back: 'All affiliates',
    edit: 'Deal and contact',
    save: 'Save',
    saved: 'Saved.',
    created: 'Affiliate created: give it a link below, then send the partner its address.',
    secret: 'Postback secret',
    secretHint: 'Give it to the partner: each postback carries signature = HMAC-SHA256 of the URL before it, with this secret.',
    rotate: 'New secret',
    confirmRotate: 'Make a new secret? The partner must be given it: postbacks are signed with it from now on.',
    rotated: 'New secret made.',
    links: 'Links',
    newLink: 'New link and postback secret',
    linksCaption: 'Links of this affiliate',
    code: 'Code',
    codeHint: 'Its address is /go/{code}',
    address: 'Address',
    landing: 'Landing path',
    landingHint: 'A path of this site, like / or /fr/casino',
    trackId: 'track_id',
    trackIdHint: 'Empty: the code. Also works as /?track_id=…',
    signups: 'Sign-ups',
    status: 'Status',
    addLink: 'Add link',
    disable: 'Disable',
    enable: 'Enable',
    noLinks: 'No link yet.',
    postbacks: 'Postbacks',
    postbacksCaption: 'Last postbacks sent to the partner',
    event: 'Event',
    player: 'Player',
    attempts: 'Attempts',
    lastAnswer: 'Last answer',
    at: 'Created',
    deliveredAt: 'Delivered',
    noPostbacks: 'No postback yet.',
    signup: 'Sign-up',
    first_deposit: 'First deposit',
    pending: 'Retrying',
    delivered: 'Delivered',
    failed: 'Failed',
    readOnly: 'Your role may look, not change.',
    report: 'Its monthly report',
  },
  fr: {
    back: 'Tous les affiliés',
    edit: 'Accord et contact',
    save: 'Enregistrer',
    saved: 'Enregistré.',
    created: 'Affilié créé : ajoutez-lui un lien ci-dessous, puis envoyez son adresse au partenaire.',
    secret: 'Secret de postback',
    secretHint: 'À donner au partenaire : chaque postback porte signature = HMAC-SHA256 de l’URL qui la précède, avec ce secret.',
    rotate: 'Nouveau secret',
    confirmRotate: 'Créer un nouveau secret ? Il faut le donner au partenaire : les postbacks sont signés avec lui dès maintenant.',
    rotated: 'Nouveau secret créé.',
    links: 'Liens',
    newLink: 'Nouveau lien et secret de postback',
    linksCaption: 'Liens de cet affilié',
    code: 'Code',
    codeHint: 'Son adresse est /go/{code}',
    address: 'Adresse',
    landing: 'Page d’arrivée',
    landingHint: 'Un chemin de ce site, comme / ou /fr/casino',
    trackId: 'track_id',
    trackIdHint: 'Vide : le code. Marche aussi en /?track_id=…',
    signups: 'Inscriptions',
    status: 'Statut',
    addLink: 'Ajouter le lien',
    disable: 'Désactiver',
    enable: 'Activer',
    noLinks: 'Aucun lien pour l’instant.',
    postbacks: 'Postbacks',
    postbacksCaption: 'Derniers postbacks envoyés au partenaire',
    event: 'Événement',
    player: 'Joueur',
    attempts: 'Essais',
    lastAnswer: 'Dernière réponse',
    at: 'Créé',
    deliveredAt: 'Livré',
    noPostbacks: 'Aucun postback pour l’instant.',
    signup: 'Inscription',
    first_deposit: 'Premier dépôt',
    pending: 'En reprise',
    delivered: 'Livré',
    failed: 'Échoué',
    readOnly: 'Votre rôle permet de consulter, pas de modifier.',
    report: 'Son rapport mensuel',
  },
});

const postbackTone = { pending: 'warn', delivered: 'good', failed: 'bad' } as const;

export default function AffiliateScreen() {
  const t = useTexts(texts);
  const a = useTexts(affiliateTexts);
  const deal = useDealText();
  const locale = useBackofficeLocale();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const manage = useCan()('affiliates.manage');
  const client = useQueryClient();
  const key = [...AFFILIATES_QUERY, 'detail', id];
  // Sign-ups and postbacks move while nobody looks here: read them again on each visit.
  const detail = useQuery({ queryKey: key, queryFn: () => backofficeApi<Detail>('affiliates/get', { query: { id } }), refetchOnMount: 'always' });
  const [notice, setNotice] = useState<string | null>(params.get('created') ? t('created') : null);
  const [linkFormKey, setLinkFormKey] = useState(0);
  const refresh = () => client.invalidateQueries({ queryKey: AFFILIATES_QUERY });

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => backofficeApi<AffiliateView>('affiliates/update', { body }),
    onSuccess: () => {
      setNotice(t('saved'));
      void refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: () => backofficeApi<AffiliateView>('affiliates/rotate-secret', { body: { id } }),
    onSuccess: () => {
      setNotice(t('rotated'));
      void refresh();
    },
  });
  const addLink = useMutation({
    mutationFn: (body: Record<string, unknown>) => backofficeApi<AffiliateLinkView>('affiliates/links/create', { body }),
    onSuccess: () => {
      setLinkFormKey((value) => value + 1);
      void refresh();
    },
  });
  const linkStatus = useMutation({
    mutationFn: (body: { id: number; status: 'active' | 'disabled' }) => backofficeApi<AffiliateLinkView>('affiliates/links/status', { body }),
    onSettled: () => refresh(),
  });

  if (detail.error) return <Notice tone="bad">{detail.error.message}</Notice>;
  if (!detail.data) return <p className="bo-empty">…</p>;
  const { affiliate, links, postbacks } = detail.data;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    save.mutate({ id, ...affiliateInput(new FormData(event.currentTarget)) });
  }
  function submitLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    addLink.mutate({ affiliate_id: id, code: String(form.get('code') ?? ''), landing_path: String(form.get('landing_path') ?? ''), track_id: String(form.get('track_id') ?? '') });
  }

  return (
    <>
      <PageHeader
        title={affiliate.name}
        subtitle={
          <>
            <AffiliateStatusBadge status={affiliate.status} /> {deal(affiliate)} · {affiliate.contact_email}
          </>
        }
        actions={
          <>
            <Link className="bo-button bo-button-quiet" to={`${BACKOFFICE_PATH}/affiliates`}>
              {t('back')}
            </Link>
            <Link className="bo-button bo-button-default" to={`${BACKOFFICE_PATH}/affiliates/report?affiliate_id=${id}`}>
              {t('report')}
            </Link>
          </>
        }
      />
      {notice && <Notice tone="good">{notice}</Notice>}
      {!manage && <Notice>{t('readOnly')}</Notice>}
      {(rotate.error ?? linkStatus.error) && <Notice tone="bad">{(rotate.error ?? linkStatus.error)!.message}</Notice>}
      <div className="bo-grid">
        <Panel title={t('edit')}>
          {manage ? (
            <form key={affiliate.updated_at} className="bo-form" onSubmit={submit} data-testid="affiliate-edit">
              <AffiliateFields initial={affiliate} error={save.error} />
              <Button type="submit" tone="primary" disabled={save.isPending}>
                {t('save')}
              </Button>
            </form>
          ) : (
            <dl className="bo-facts">
              <dt>{a('deal')}</dt>
              <dd>{deal(affiliate)}</dd>
              <dt>{a('postback')}</dt>
              <dd className="bo-mono break-all">{affiliate.postback_url ?? '—'}</dd>
            </dl>
          )}
        </Panel>
        {manage && (
          <Panel title={t('newLink')}>
            <>
              <div className="bo-field mb-4">
                <span className="bo-hint">{t('secret')}</span>
                <div className="bo-actions">
                  <code className="bo-mono break-all" data-testid="postback-secret">
                    {affiliate.postback_secret}
                  </code>
                  <Button tone="quiet" disabled={rotate.isPending} onClick={() => window.confirm(t('confirmRotate')) && rotate.mutate()}>
                    {t('rotate')}
                  </Button>
                </div>
                <p className="bo-hint">{t('secretHint')}</p>
              </div>
              <form key={linkFormKey} className="bo-form" onSubmit={submitLink} data-testid="link-create">
                <div className="grid grid-cols-3 gap-3">
                  <TextField label={t('code')} name="code" hint={t('codeHint')} error={fieldError(addLink.error, 'code')} autoComplete="off" />
                  <TextField label={t('landing')} name="landing_path" defaultValue="/" hint={t('landingHint')} error={fieldError(addLink.error, 'landing_path')} />
                  <TextField label={t('trackId')} name="track_id" hint={t('trackIdHint')} error={fieldError(addLink.error, 'track_id')} autoComplete="off" />
                </div>
                <Button type="submit" tone="primary" disabled={addLink.isPending}>
                  {t('addLink')}
                </Button>
              </form>
            </>
          </Panel>
        )}
      </div>

      <Panel title={t('links')}>
        <StaticTable caption={t('linksCaption')} headers={[t('address'), t('landing'), t('trackId'), t('signups'), t('status')]} testId="links-table" empty={links.length ? null : t('noLinks')}>
          {links.map((link) => (
            <tr key={link.id}>
              <td className="bo-mono">/go/{link.code}</td>
              <td className="bo-mono">{link.landing_path}</td>
              <td className="bo-mono">{link.track_id}</td>
              <td className="bo-num">{link.signups}</td>
              <td>
                <span className="bo-actions flex-nowrap">
                  <AffiliateStatusBadge status={link.status} />
                  {manage && (
                    <Button tone={link.status === 'active' ? 'danger' : 'default'} disabled={linkStatus.isPending} onClick={() => linkStatus.mutate({ id: link.id, status: link.status === 'active' ? 'disabled' : 'active' })}>
                      {link.status === 'active' ? t('disable') : t('enable')}
                    </Button>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </StaticTable>
      </Panel>

      <Panel title={t('postbacks')}>
        <StaticTable
          caption={t('postbacksCaption')}
          headers={[t('event'), t('player'), t('status'), t('attempts'), t('lastAnswer'), t('at'), t('deliveredAt')]}
          testId="postbacks-table"
          empty={postbacks.length ? null : t('noPostbacks')}
        >
          {postbacks.map((row) => (
            <tr key={row.id}>
              <td>{t(row.event)}</td>
              <td>
                <Link to={`${BACKOFFICE_PATH}/players/${row.user_id}`}>#{row.user_id}</Link>
              </td>
              <td>
                <Badge tone={postbackTone[row.status]}>{t(row.status)}</Badge>
              </td>
              <td className="bo-num">{row.attempts}</td>
              <td className="bo-mono">{row.last_error ?? (row.last_status ? `HTTP ${row.last_status}` : '—')}</td>
              <td>{formatTime(row.created_at, locale)}</td>
              <td>{row.delivered_at ? formatTime(row.delivered_at, locale) : '—'}</td>
            </tr>
          ))}
        </StaticTable>
      </Panel>
    </>
  );
}
