import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { OPERATOR_REWARD_TYPES, type CampaignDetail, type CampaignSpecInput, type OperatorRewardType } from '../../../contract/backoffice-marketing.ts';
import { CURRENCIES } from '../../../contract/money.ts';
import { CAMPAIGN_PLACEMENTS, CAMPAIGN_TRIGGERS } from '../../../contract/promotions.ts';
import { ApiError, backofficeApi, fieldError } from '../api.ts';
import { errorUntilChanged } from '../field-errors.ts';
import { defineTexts, useTexts } from '../i18n.ts';
import { CAMPAIGNS_QUERY, CampaignStatusBadge, marketingTexts } from '../marketing-shared.tsx';
import { useCan } from '../session.tsx';
import { Button, Notice, PageHeader, Panel, SelectField, TextArea, TextField } from '../ui/controls.tsx';

const texts = defineTexts({
  en: {
    newTitle: 'New campaign',
    back: '← Campaigns',
    save: 'Save draft',
    saveChanges: 'Save changes',
    saved: 'Saved.',
    publish: 'Publish',
    unpublish: 'Unpublish',
    published: 'Published: players see it inside its schedule.',
    unpublished: 'Unpublished: players no longer see it; bonuses given keep running.',
    confirmPublish: 'Publish “{title}”? Players in its audience will see it and can take it.',
    confirmUnpublish: 'Unpublish “{title}”? Players will no longer see or take it.',
    unsaved: 'Unsaved changes: save before publishing, the preview shows what is saved.',
    invalid: 'Some fields need a look: {fields}.',
    general: 'Campaign',
    sysname: 'Address (sysname)',
    sysnameHint: '/promotions/{sysname}: lower-case letters, digits and dashes',
    currency: 'Currency',
    trigger: 'How players take it',
    priority: 'Priority',
    priorityHint: 'Higher first in lists',
    image: 'Image address',
    imageHint: 'Empty: art drawn from the reward',
    reward: 'Reward',
    rewardType: 'Type',
    percent: 'Percent',
    cap: 'Up to',
    min_deposit: 'Minimum deposit',
    wagering: 'Wagering (× bonus)',
    max_bet: 'Maximum bet while wagering',
    maxBetHint: 'Empty: no maximum',
    days: 'Days to use it',
    amount: 'Amount',
    game: 'Game (sysname)',
    spins: 'Spins',
    stake: 'Stake per spin',
    boost_percent: 'Boost (%)',
    period_days: 'Period (days)',
    payout: 'Payout',
    payout_request: 'the player asks for it',
    payout_auto: 'paid automatically',
    claim_days: 'Days to ask for it',
    audience: 'Audience',
    audienceHint: 'Empty rules: everyone.',
    new_players_days: 'New players: registered within (days), no deposit yet',
    depositors: 'Only players who have deposited',
    countries: 'Countries',
    countriesHint: 'ISO codes separated by commas: FR, BE',
    locales: 'Languages',
    requires_code: 'Only players who entered one of its promo codes',
    schedule: 'Schedule and placements',
    starts_at: 'Starts',
    ends_at: 'Ends',
    endsHint: 'Empty: until it is stopped',
    placements: 'Shown in',
    textsTitle: 'Texts',
    textsHint: 'English is needed; French falls back to English when left empty.',
    english: 'English',
    french: 'French',
    title: 'Title',
    summary: 'Summary',
    body: 'Description',
    terms: 'Terms',
    button: 'Button',
    preview: 'Preview on the site',
    previewHint: 'The site’s own components, in both languages, at a phone’s width. Placements the campaign does not use are marked.',
    previewNew: 'Save the draft to preview it.',
    loading: 'Loading…',
    readOnly: 'You may read this campaign; changing it needs marketing.manage.',
  },
  fr: {
    newTitle: 'Nouvelle campagne',
    back: '← Campagnes',
    save: 'Enregistrer le brouillon',
    saveChanges: 'Enregistrer les modifications',
    saved: 'Enregistré.',
    publish: 'Publier',
    unpublish: 'Dépublier',
    published: 'Publiée : les joueurs la voient pendant son calendrier.',
    unpublished: 'Dépubliée : les joueurs ne la voient plus ; les bonus accordés continuent.',
    confirmPublish: 'Publier « {title} » ? Les joueurs de son public la verront et pourront la prendre.',
    confirmUnpublish: 'Dépublier « {title} » ? Les joueurs ne pourront plus la voir ni la prendre.',
    unsaved: 'Modifications non enregistrées : enregistrez avant de publier, l’aperçu montre ce qui est enregistré.',
    invalid: 'Certains champs sont à revoir : {fields}.',
    general: 'Campagne',
    sysname: 'Adresse (sysname)',
    sysnameHint: '/promotions/{sysname} : lettres minuscules, chiffres et tirets',
    currency: 'Devise',
    trigger: 'Comment les joueurs la prennent',
    priority: 'Priorité',
    priorityHint: 'La plus haute en premier dans les listes',
    image: 'Adresse de l’image',
    imageHint: 'Vide : un visuel dessiné d’après la récompense',
    reward: 'Récompense',
    rewardType: 'Type',
    percent: 'Pourcentage',
    cap: 'Jusqu’à',
    min_deposit: 'Dépôt minimum',
    wagering: 'Mise requise (× bonus)',
    max_bet: 'Mise maximale pendant la mise requise',
    maxBetHint: 'Vide : pas de maximum',
    days: 'Jours pour l’utiliser',
    amount: 'Montant',
    game: 'Jeu (sysname)',
    spins: 'Tours',
    stake: 'Mise par tour',
    boost_percent: 'Boost (%)',
    period_days: 'Période (jours)',
    payout: 'Versement',
    payout_request: 'le joueur le demande',
    payout_auto: 'versé automatiquement',
    claim_days: 'Jours pour le demander',
    audience: 'Public',
    audienceHint: 'Aucune règle : tout le monde.',
    new_players_days: 'Nouveaux joueurs : inscrits depuis (jours), sans dépôt',
    depositors: 'Seulement les joueurs qui ont déposé',
    countries: 'Pays',
    countriesHint: 'Codes ISO séparés par des virgules : FR, BE',
    locales: 'Langues',
    requires_code: 'Seulement les joueurs qui ont saisi un de ses codes promo',
    schedule: 'Calendrier et emplacements',
    starts_at: 'Début',
    ends_at: 'Fin',
    endsHint: 'Vide : jusqu’à l’arrêt',
    placements: 'Affichée dans',
    textsTitle: 'Textes',
    textsHint: 'L’anglais est requis ; le français reprend l’anglais s’il est laissé vide.',
    english: 'Anglais',
    french: 'Français',
    title: 'Titre',
    summary: 'Résumé',
    body: 'Description',
    terms: 'Conditions',
    button: 'Bouton',
    preview: 'Aperçu sur le site',
    previewHint: 'Les composants du site, dans les deux langues, à la largeur d’un téléphone. Les emplacements non utilisés par la campagne sont signalés.',
    previewNew: 'Enregistrez le brouillon pour le prévisualiser.',
    loading: 'Chargement…',
    readOnly: 'Vous pouvez lire cette campagne ; la modifier demande marketing.manage.',
  },
});

type Key = keyof (typeof texts)['en'];
type Language = 'en' | 'fr';
const TEXT_FIELDS = ['title', 'summary', 'body', 'terms', 'button'] as const;
type TextsDraft = Record<(typeof TEXT_FIELDS)[number], string>;

/** The form's state: every input as typed; the body sent is built from it (toSpec). */
type Draft = {
  sysname: string;
  currency: string;
  trigger: string;
  priority: string;
  image_url: string;
  rewardType: OperatorRewardType;
  reward: Record<string, string>;
  new_players_days: string;
  depositors: boolean;
  countries: string;
  locales: string[];
  requires_code: boolean;
  placements: string[];
  starts_at: string;
  ends_at: string;
  texts: Record<Language, TextsDraft>;
};

/** The fields of each reward type, named as the server names them (`reward.<field>`). */
const REWARD_FIELDS: Record<OperatorRewardType, string[]> = {
  deposit_match: ['percent', 'cap', 'min_deposit', 'wagering', 'max_bet', 'days'],
  fixed_bonus: ['amount', 'wagering', 'max_bet', 'days'],
  free_spins: ['game', 'spins', 'stake', 'days'],
  free_bet: ['amount', 'days'],
  odds_boost: ['boost_percent', 'days'],
  cashback: ['percent', 'period_days', 'payout', 'claim_days'],
};
const NUMBER_FIELDS = new Set(['percent', 'wagering', 'days', 'spins', 'boost_percent', 'period_days', 'claim_days']);
const MONEY_FIELDS = new Set(['cap', 'min_deposit', 'max_bet', 'amount', 'stake']);
const NULLABLE_FIELDS = new Set(['max_bet']);

const emptyTexts = (): TextsDraft => ({ title: '', summary: '', body: '', terms: '', button: '' });

/** A date-time input's value (local time, to the minute) of an ISO instant, and back. */
const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function draftOf(spec: CampaignSpecInput | null): Draft {
  if (!spec) {
    return {
      sysname: '',
      currency: 'EUR',
      trigger: 'promo_code',
      priority: '0',
      image_url: '',
      rewardType: 'fixed_bonus',
      reward: { amount: '10.00', wagering: '5', max_bet: '5.00', days: '7' },
      new_players_days: '',
      depositors: false,
      countries: '',
      locales: [],
      requires_code: false,
      placements: ['offers', 'promotions'],
      starts_at: toLocalInput(new Date().toISOString()),
      ends_at: '',
      texts: { en: emptyTexts(), fr: emptyTexts() },
    };
  }
  const { type, ...reward } = spec.reward;
  const textsOf = (language: Language): TextsDraft => ({ ...emptyTexts(), ...Object.fromEntries(Object.entries(spec.texts[language] ?? {}).map(([key, value]) => [key, value ?? ''])) });
  return {
    sysname: spec.sysname,
    currency: spec.currency,
    trigger: spec.trigger,
    priority: String(spec.priority),
    image_url: spec.image_url ?? '',
    rewardType: type,
    reward: Object.fromEntries(Object.entries(reward).map(([key, value]) => [key, value === null ? '' : String(value)])),
    new_players_days: spec.audience.new_players_days ? String(spec.audience.new_players_days) : '',
    depositors: !!spec.audience.depositors,
    countries: (spec.audience.countries ?? []).join(', '),
    locales: spec.audience.locales ?? [],
    requires_code: !!spec.audience.requires_code,
    placements: spec.placements,
    starts_at: toLocalInput(spec.starts_at),
    ends_at: toLocalInput(spec.ends_at),
    texts: { en: textsOf('en'), fr: textsOf('fr') },
  };
}

/** A typed number stays a number; anything else goes as typed, so the server names the field. */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number.isFinite(Number(value)) ? Number(value) : value);

/** The body of create and update: the operator format, checked by the server's schema. */
function toSpec(draft: Draft): Record<string, unknown> {
  const reward: Record<string, unknown> = { type: draft.rewardType };
  for (const field of REWARD_FIELDS[draft.rewardType]) {
    const value = draft.reward[field] ?? '';
    if (NULLABLE_FIELDS.has(field)) reward[field] = value.trim() === '' ? null : value.trim();
    else if (NUMBER_FIELDS.has(field)) reward[field] = numberOf(value);
    else reward[field] = value.trim() === '' ? undefined : value.trim();
  }
  const textsOf = (language: Language) => {
    const entry = draft.texts[language];
    if (language !== 'en' && TEXT_FIELDS.every((field) => !entry[field].trim())) return undefined;
    return { title: entry.title.trim(), summary: entry.summary, body: entry.body, terms: entry.terms, ...(entry.button.trim() ? { button: entry.button.trim() } : {}) };
  };
  const countries = draft.countries
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return {
    sysname: draft.sysname.trim(),
    texts: { en: textsOf('en'), ...(textsOf('fr') ? { fr: textsOf('fr') } : {}) },
    image_url: draft.image_url.trim() || null,
    currency: draft.currency,
    trigger: draft.trigger,
    reward,
    audience: {
      ...(draft.new_players_days.trim() ? { new_players_days: numberOf(draft.new_players_days) } : {}),
      ...(draft.depositors ? { depositors: true } : {}),
      ...(countries.length ? { countries } : {}),
      ...(draft.locales.length ? { locales: draft.locales } : {}),
      ...(draft.requires_code ? { requires_code: true } : {}),
    },
    placements: draft.placements,
    starts_at: fromLocalInput(draft.starts_at) ?? undefined,
    ends_at: fromLocalInput(draft.ends_at),
    priority: numberOf(draft.priority),
  };
}

/** `/backoffice/campaigns/new` and `/backoffice/campaigns/:id`: the form, publish and unpublish, and the preview. */
export default function CampaignScreen() {
  const { id } = useParams();
  const isNew = id === 'new';
  const campaign = useQuery({
    queryKey: [...CAMPAIGNS_QUERY, 'one', id],
    queryFn: () => backofficeApi<CampaignDetail>('marketing/campaigns/get', { query: { id } }),
    enabled: !isNew,
  });
  const t = useTexts(texts);
  // Kept above the form: a publish reloads the campaign, which starts the form again.
  const [notice, setNotice] = useState<Notice | null>(null);
  if (!isNew && !campaign.data) return <p>{campaign.error ? (campaign.error as Error).message : t('loading')}</p>;
  // A new key per saved version: the form starts again from what the server holds.
  return <CampaignForm key={campaign.data ? `${campaign.data.id}:${campaign.data.updated_at}` : 'new'} detail={campaign.data ?? null} notice={notice} setNotice={setNotice} />;
}

type Notice = { tone: 'good' | 'bad'; text: string };

function CampaignForm({ detail, notice, setNotice }: { detail: CampaignDetail | null; notice: Notice | null; setNotice(notice: Notice | null): void }) {
  const t = useTexts(texts);
  const m = useTexts(marketingTexts);
  const can = useCan();
  const editable = can('marketing.manage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(detail?.spec ?? null));
  const [dirty, setDirty] = useState(false);

  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setDirty(true);
  };
  const setReward = (field: string, value: string) => change({ reward: { ...draft.reward, [field]: value } });
  const setText = (language: Language, field: (typeof TEXT_FIELDS)[number], value: string) => change({ texts: { ...draft.texts, [language]: { ...draft.texts[language], [field]: value } } });

  const save = useMutation({
    mutationFn: (spec: Record<string, unknown>) =>
      detail ? backofficeApi<CampaignDetail>('marketing/campaigns/update', { body: { id: detail.id, ...spec } }) : backofficeApi<CampaignDetail>('marketing/campaigns/create', { body: spec }),
    onSuccess: async (saved) => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY });
      if (!detail) navigate(`${BACKOFFICE_PATH}/campaigns/${saved.id}`, { replace: true });
    },
  });
  const publish = useMutation({
    mutationFn: (on: boolean) => backofficeApi<CampaignDetail>(on ? 'marketing/campaigns/publish' : 'marketing/campaigns/unpublish', { body: { id: detail!.id } }),
    onSuccess: (_saved, on) => {
      setNotice({ tone: 'good', text: t(on ? 'published' : 'unpublished') });
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY });
    },
    onError: (error) => setNotice({ tone: 'bad', text: fieldError(error, 'id') ?? (error as Error).message }),
  });

  const error = save.error;
  // A refused field's message goes once the field is corrected; the others stay until the next save.
  const spec = toSpec(draft);
  const err = (field: string) => errorUntilChanged(error, save.variables, spec, field);
  const failed = error instanceof ApiError ? Object.keys(error.fields).filter((field) => err(field)) : [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    save.mutate(spec);
  }

  const title = detail?.spec.texts.en?.title || t('newTitle');
  const rewardField = (field: string) => {
    if (field === 'payout') {
      return (
        <SelectField
          key={field}
          label={t('payout')}
          value={draft.reward.payout ?? 'request'}
          onChange={(event) => setReward('payout', event.target.value)}
          options={[
            { value: 'request', label: t('payout_request') },
            { value: 'auto', label: t('payout_auto') },
          ]}
          error={err('reward.payout')}
        />
      );
    }
    const money = MONEY_FIELDS.has(field);
    return (
      <TextField
        key={field}
        label={money ? `${t(field as Key)} (${draft.currency})` : t(field as Key)}
        name={`reward.${field}`}
        value={draft.reward[field] ?? ''}
        inputMode={NUMBER_FIELDS.has(field) || money ? 'decimal' : undefined}
        placeholder={money ? '10.00' : field === 'game' ? 'golden-croupier' : undefined}
        hint={field === 'max_bet' ? t('maxBetHint') : undefined}
        onChange={(event) => setReward(field, event.target.value)}
        error={err(`reward.${field}`)}
      />
    );
  };

  return (
    <form onSubmit={submit} className="bo-form" data-testid="campaign-form">
      <PageHeader
        title={title}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Link to={`${BACKOFFICE_PATH}/campaigns`}>{t('back')}</Link>
            {detail && <CampaignStatusBadge status={detail.status} running={detail.running} />}
          </span>
        }
        actions={
          editable && (
            <>
              <Button type="submit" tone="primary" disabled={save.isPending} data-testid="campaign-save">
                {detail ? t('saveChanges') : t('save')}
              </Button>
              {detail && detail.status !== 'active' && detail.status !== 'ended' && (
                <Button disabled={dirty || publish.isPending} onClick={() => window.confirm(t('confirmPublish', { title })) && publish.mutate(true)} data-testid="campaign-publish">
                  {t('publish')}
                </Button>
              )}
              {detail?.status === 'active' && (
                <Button tone="danger" disabled={publish.isPending} onClick={() => window.confirm(t('confirmUnpublish', { title })) && publish.mutate(false)} data-testid="campaign-unpublish">
                  {t('unpublish')}
                </Button>
              )}
            </>
          )
        }
      />
      {!editable && <Notice>{t('readOnly')}</Notice>}
      {save.isSuccess && !dirty && <Notice tone="good">{t('saved')}</Notice>}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {dirty && detail && <Notice>{t('unsaved')}</Notice>}
      {failed.length > 0 && <Notice tone="bad">{t('invalid', { fields: failed.join(', ') })}</Notice>}

      <fieldset disabled={!editable} className="m-0 min-w-0 border-0 p-0">
        {/* Two a row: four panels made three and a lone one at 1440 px. */}
        <div className="grid grid-cols-2 gap-4">
          <Panel title={t('general')}>
            <div className="bo-form">
              <TextField label={t('sysname')} name="sysname" value={draft.sysname} onChange={(event) => change({ sysname: event.target.value })} hint={t('sysnameHint')} error={err('sysname')} />
              <div className="grid grid-cols-2 gap-3">
                <SelectField label={t('currency')} value={draft.currency} onChange={(event) => change({ currency: event.target.value })} options={Object.keys(CURRENCIES).map((code) => ({ value: code, label: code }))} error={err('currency')} />
                <TextField label={t('priority')} value={draft.priority} inputMode="numeric" onChange={(event) => change({ priority: event.target.value })} hint={t('priorityHint')} error={err('priority')} />
              </div>
              <SelectField label={t('trigger')} name="trigger" value={draft.trigger} onChange={(event) => change({ trigger: event.target.value })} options={CAMPAIGN_TRIGGERS.map((trigger) => ({ value: trigger, label: m(`trigger_${trigger}`) }))} error={err('trigger')} />
              <TextField label={t('image')} value={draft.image_url} onChange={(event) => change({ image_url: event.target.value })} hint={t('imageHint')} error={err('image_url')} />
            </div>
          </Panel>

          <Panel title={t('reward')}>
            <div className="bo-form">
              <SelectField
                label={t('rewardType')}
                name="reward.type"
                value={draft.rewardType}
                onChange={(event) => change({ rewardType: event.target.value as OperatorRewardType })}
                options={OPERATOR_REWARD_TYPES.map((type) => ({ value: type, label: m(`reward_${type}`) }))}
                error={err('reward.type') ?? err('reward')}
              />
              <div className="grid grid-cols-2 gap-3">{REWARD_FIELDS[draft.rewardType].map(rewardField)}</div>
            </div>
          </Panel>

          <Panel title={t('audience')}>
            <div className="bo-form">
              <p className="bo-hint">{t('audienceHint')}</p>
              <TextField label={t('new_players_days')} value={draft.new_players_days} inputMode="numeric" onChange={(event) => change({ new_players_days: event.target.value })} error={err('audience.new_players_days')} />
              <Check label={t('depositors')} checked={draft.depositors} onChange={(on) => change({ depositors: on })} />
              <TextField label={t('countries')} value={draft.countries} onChange={(event) => change({ countries: event.target.value })} hint={t('countriesHint')} error={err('audience.countries') ?? err('audience.countries.0')} />
              <Group label={t('locales')}>
                {(['en', 'fr'] as const).map((language) => (
                  <Check
                    key={language}
                    label={language === 'en' ? t('english') : t('french')}
                    checked={draft.locales.includes(language)}
                    onChange={(on) => change({ locales: on ? [...draft.locales, language] : draft.locales.filter((item) => item !== language) })}
                  />
                ))}
              </Group>
              <Check label={t('requires_code')} checked={draft.requires_code} onChange={(on) => change({ requires_code: on })} />
            </div>
          </Panel>

          <Panel title={t('schedule')}>
            <div className="bo-form">
              <div className="grid grid-cols-[repeat(auto-fit,minmax(14rem,1fr))] gap-3">
                <TextField label={t('starts_at')} type="datetime-local" value={draft.starts_at} onChange={(event) => change({ starts_at: event.target.value })} error={err('starts_at')} />
                <TextField label={t('ends_at')} type="datetime-local" value={draft.ends_at} onChange={(event) => change({ ends_at: event.target.value })} hint={t('endsHint')} error={err('ends_at')} />
              </div>
              <Group label={t('placements')} error={err('placements') ?? err('placements.0')}>
                {CAMPAIGN_PLACEMENTS.map((placement) => (
                  <Check
                    key={placement}
                    label={m(`placement_${placement}`)}
                    checked={draft.placements.includes(placement)}
                    onChange={(on) => change({ placements: on ? [...draft.placements, placement] : draft.placements.filter((item) => item !== placement) })}
                  />
                ))}
              </Group>
            </div>
          </Panel>
        </div>

        <Panel title={t('textsTitle')} className="mt-4">
          <p className="bo-hint mb-3">{t('textsHint')}</p>
          {err('texts') && <p className="bo-error-text mb-3">{err('texts')}</p>}
          <div className="grid grid-cols-2 gap-4">
            {(['en', 'fr'] as const).map((language) => (
              <div key={language} className="bo-form" data-testid={`campaign-texts-${language}`}>
                <h3 className="text-[14px]">{language === 'en' ? t('english') : t('french')}</h3>
                <TextField label={t('title')} name={`texts.${language}.title`} value={draft.texts[language].title} onChange={(event) => setText(language, 'title', event.target.value)} error={err(`texts.${language}.title`)} />
                <TextField label={t('summary')} value={draft.texts[language].summary} onChange={(event) => setText(language, 'summary', event.target.value)} error={err(`texts.${language}.summary`)} />
                <TextArea label={t('body')} value={draft.texts[language].body} onChange={(event) => setText(language, 'body', event.target.value)} error={err(`texts.${language}.body`)} />
                <TextArea label={t('terms')} value={draft.texts[language].terms} onChange={(event) => setText(language, 'terms', event.target.value)} error={err(`texts.${language}.terms`)} />
                <TextField label={t('button')} value={draft.texts[language].button} onChange={(event) => setText(language, 'button', event.target.value)} error={err(`texts.${language}.button`)} />
              </div>
            ))}
          </div>
        </Panel>
      </fieldset>

      <Panel title={t('preview')}>
        {detail ? (
          <>
            <p className="bo-hint mb-3">{t('previewHint')}</p>
            <div className="grid grid-cols-2 gap-4" data-testid="campaign-previews">
              {(['en', 'fr'] as const).map((language) => (
                <PreviewFrame key={`${language}:${detail.updated_at}`} id={detail.id} language={language} label={language === 'en' ? t('english') : t('french')} />
              ))}
            </div>
          </>
        ) : (
          <p className="bo-hint">{t('previewNew')}</p>
        )}
      </Panel>
    </form>
  );
}

/** One language's preview: the site's page in a frame, as tall as what it draws. */
function PreviewFrame({ id, language, label }: { id: number; language: 'en' | 'fr'; label: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(900);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let observer: ResizeObserver | null = null;
    const watch = () => {
      const view = element.contentWindow as (Window & typeof globalThis) | null;
      const body = element.contentDocument?.body;
      if (!view || !body) return;
      observer?.disconnect();
      observer = new view.ResizeObserver(() => setHeight(Math.max(400, element.contentDocument?.documentElement.scrollHeight ?? 900)));
      observer.observe(body);
    };
    element.addEventListener('load', watch);
    return () => {
      element.removeEventListener('load', watch);
      observer?.disconnect();
    };
  }, []);
  return (
    <figure className="m-0 min-w-0">
      <figcaption className="mb-2 font-semibold">{label}</figcaption>
      <iframe
        ref={frame}
        title={label}
        src={`${BACKOFFICE_PATH}/campaign-preview/${id}?language=${language}`}
        className="block w-full rounded-lg border border-[#dde1ea]"
        height={height}
        data-testid={`campaign-preview-${language}`}
      />
    </figure>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <label className="inline-flex items-center gap-2">
      <input type="checkbox" className="[color-scheme:light]" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

function Group({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className="m-0 flex flex-wrap gap-x-4 gap-y-1 border-0 p-0">
      <legend className="mb-1 text-[13px] font-[550]">{label}</legend>
      {children}
      {error && <p className="bo-error-text w-full">{error}</p>}
    </fieldset>
  );
}
