import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LoyaltyAdminAnswer, LoyaltyCharacterForm, LoyaltyLevelForm, LoyaltyProductForm, LoyaltyRewardForm } from '../../../contract/backoffice-loyalty-tournaments.ts';
import { CURRENCIES } from '../../../contract/money.ts';
import { CharacterPreview, LevelsPreview, ProductPreview } from '../../features/loyalty/preview.tsx';
import { backofficeApi } from '../api.ts';
import { errorUntilChanged } from '../field-errors.ts';
import { defineTexts, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextArea, TextField } from '../ui/controls.tsx';

export const meta = () => [{ title: 'Loyalty · Croupier back office' }];

const texts = defineTexts({
  en: {
    title: 'Loyalty',
    subtitle: 'The {program} programme: levels and how fast they earn, the shop’s products, the characters players pick. Changes reach the site at once.',
    levels: 'Levels',
    shop: 'Shop',
    characters: 'Characters',
    earning: 'Earning',
    earningText: 'A real-money bet earns the level’s rate per 10.00 staked, times the game type’s share (set in the code, docs/loyalty.md):',
    number: 'No.',
    name: 'Name',
    threshold: 'From (lifetime {alias})',
    rate: 'Rate ({alias} per 10.00 on slots)',
    players: 'Players',
    perks: 'Perks',
    price: 'Price ({alias})',
    minLevel: 'From level',
    kind: 'Kind',
    sold: 'Sold',
    state: 'State',
    inShop: 'in the shop',
    offShop: 'off the shop',
    active: 'can be picked',
    hidden: 'hidden',
    edit: 'Edit',
    addLevel: 'Add a level',
    addProduct: 'Add a product',
    addCharacter: 'Add a character',
    editing: 'Editing {name}',
    adding: 'New',
    sysname: 'Sysname',
    nameEn: 'Name (English)',
    nameFr: 'Name (French)',
    perksEn: 'Perks (English), one a line',
    perksFr: 'Perks (French), one a line',
    descriptionEn: 'Description (English)',
    descriptionFr: 'Description (French)',
    image: 'Picture address',
    imageHint: '/path on this site, or https://',
    position: 'Position',
    currency: 'Currency',
    bonus_money: 'Bonus money',
    free_spins: 'Free spins',
    cashback_boost: 'Cashback boost',
    amount: 'Bonus amount',
    wagering: 'Wagering ×',
    maxBet: 'Maximum bet (empty: none)',
    days: 'Valid days',
    game: 'Game (sysname)',
    spins: 'Spins',
    stake: 'Stake per spin',
    percent: 'Cashback %',
    periodDays: 'For days',
    payout: 'Paid',
    request: 'on request',
    auto: 'automatically',
    claimDays: 'Claim within days',
    isActive: 'In the shop / can be picked',
    save: 'Save',
    cancel: 'Close',
    disable: 'Take off the shop',
    enable: 'Put back in the shop',
    saved: 'Saved: the site shows it now.',
    preview: 'Preview on the site',
    previewEn: 'English',
    previewFr: 'French',
    ladderEn: 'English: the levels on the loyalty page',
    ladderFr: 'French: the levels on the loyalty page',
    productEn: 'English: the shop’s card',
    productFr: 'French: the shop’s card',
    characterEn: 'English: the gallery’s card',
    characterFr: 'French: the gallery’s card',
  },
  fr: {
    title: 'Fidélité',
    subtitle: 'Le programme {program} : niveaux et vitesse de gain, articles de la boutique, personnages au choix des joueurs. Les changements arrivent sur le site aussitôt.',
    levels: 'Niveaux',
    shop: 'Boutique',
    characters: 'Personnages',
    earning: 'Gains',
    earningText: 'Une mise en argent réel rapporte le taux du niveau pour 10.00 misés, multiplié par la part du type de jeu (fixée dans le code, docs/loyalty.md) :',
    number: 'N°',
    name: 'Nom',
    threshold: 'Dès ({alias} cumulés)',
    rate: 'Taux ({alias} pour 10.00 sur les machines)',
    players: 'Joueurs',
    perks: 'Avantages',
    price: 'Prix ({alias})',
    minLevel: 'Dès le niveau',
    kind: 'Type',
    sold: 'Vendus',
    state: 'État',
    inShop: 'en boutique',
    offShop: 'retiré',
    active: 'au choix',
    hidden: 'masqué',
    edit: 'Modifier',
    addLevel: 'Ajouter un niveau',
    addProduct: 'Ajouter un article',
    addCharacter: 'Ajouter un personnage',
    editing: 'Modification de {name}',
    adding: 'Nouveau',
    sysname: 'Sysname',
    nameEn: 'Nom (anglais)',
    nameFr: 'Nom (français)',
    perksEn: 'Avantages (anglais), un par ligne',
    perksFr: 'Avantages (français), un par ligne',
    descriptionEn: 'Description (anglais)',
    descriptionFr: 'Description (français)',
    image: 'Adresse de l’image',
    imageHint: '/chemin sur ce site, ou https://',
    position: 'Position',
    currency: 'Devise',
    bonus_money: 'Argent bonus',
    free_spins: 'Tours gratuits',
    cashback_boost: 'Boost de cashback',
    amount: 'Montant du bonus',
    wagering: 'Mise requise ×',
    maxBet: 'Mise maximale (vide : aucune)',
    days: 'Jours de validité',
    game: 'Jeu (sysname)',
    spins: 'Tours',
    stake: 'Mise par tour',
    percent: 'Cashback %',
    periodDays: 'Pendant (jours)',
    payout: 'Versé',
    request: 'sur demande',
    auto: 'automatiquement',
    claimDays: 'À réclamer sous (jours)',
    isActive: 'En boutique / au choix',
    save: 'Enregistrer',
    cancel: 'Fermer',
    disable: 'Retirer de la boutique',
    enable: 'Remettre en boutique',
    saved: 'Enregistré : le site l’affiche déjà.',
    preview: 'Aperçu sur le site',
    previewEn: 'Anglais',
    previewFr: 'Français',
    ladderEn: 'Anglais : les niveaux de la page fidélité',
    ladderFr: 'Français : les niveaux de la page fidélité',
    productEn: 'Anglais : la carte de la boutique',
    productFr: 'Français : la carte de la boutique',
    characterEn: 'Anglais : la carte de la galerie',
    characterFr: 'Français : la carte de la galerie',
  },
});

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;
type Tab = 'levels' | 'shop' | 'characters';
const KEY = ['loyalty-admin'];

/** /backoffice/loyalty: levels, the shop and characters, each edited beside its preview in both languages. */
export default function LoyaltyScreen() {
  const t = useTexts(texts);
  const [params, setParams] = useSearchParams();
  const tab = (['levels', 'shop', 'characters'].includes(params.get('tab') ?? '') ? params.get('tab') : 'levels') as Tab;
  const overview = useQuery({ queryKey: KEY, queryFn: () => backofficeApi<LoyaltyAdminAnswer>('marketing/loyalty/overview') });
  if (overview.error) return <Notice tone="bad">{(overview.error as Error).message}</Notice>;
  const data = overview.data;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { program: data?.program?.name ?? '…' })} />
      <div className="bo-tabs" role="tablist">
        {(['levels', 'shop', 'characters'] as const).map((name) => (
          <button key={name} role="tab" aria-selected={tab === name} onClick={() => setParams({ tab: name }, { replace: true })} data-testid={`loyalty-tab-${name}`}>
            {t(name)}
          </button>
        ))}
      </div>
      {!data ? <p>…</p> : tab === 'levels' ? <LevelsTab data={data} t={t} /> : tab === 'shop' ? <ShopTab data={data} t={t} /> : <CharactersTab data={data} t={t} />}
    </>
  );
}

/**
 * One item edited beside its list (a level, a product, a character): the form held in state,
 * saved through `endpoint` (then the overview is read again, the form closes and "saved" shows),
 * and each field's refusal shown until that field changes (the others stay until the next save).
 */
function useItemEditor<Form extends object>(endpoint: string) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Form | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (form: object) => backofficeApi<unknown>(endpoint, { body: form as Record<string, unknown> }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      setEditing(null);
      setSaved(true);
    },
  });
  return {
    editing,
    setEditing,
    saved,
    save,
    /** Opens the form on `item` (a new one, or a row's), forgetting the last save's refusal. */
    open: (item: Form) => {
      save.reset();
      setEditing(item);
    },
    close: () => setEditing(null),
    err: (path: string) => errorUntilChanged(save.error, save.variables, editing, path),
  };
}

/** The form's end: a refusal that names no field, then save and cancel. */
function EditorButtons({ editor, t, saveTestId }: { editor: { save: { error: unknown; isPending: boolean }; close(): void }; t: T; saveTestId?: string }) {
  const { save } = editor;
  const unnamed = save.error && !Object.keys((save.error as { fields?: object }).fields ?? {}).length ? (save.error as Error).message : null;
  return (
    <>
      {unnamed && <Notice tone="bad">{unnamed}</Notice>}
      <div className="bo-actions">
        <Button tone="primary" type="submit" disabled={save.isPending} data-testid={saveTestId}>
          {t('save')}
        </Button>
        <Button onClick={editor.close}>{t('cancel')}</Button>
      </div>
    </>
  );
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function LevelsTab({ data, t }: { data: LoyaltyAdminAnswer; t: T }) {
  const can = useCan();
  const alias = data.points_alias;
  const editor = useItemEditor<LoyaltyLevelForm & { number: number }>('marketing/loyalty/level/save');
  const { editing, setEditing, saved, save, open, err } = editor;
  const last = data.levels.at(-1);
  const shown = editing ? (data.levels.some((level) => level.id === editing.id) ? data.levels.map((level) => (level.id === editing.id ? editing : level)) : [...data.levels, editing]) : data.levels;
  return (
    <>
      {saved && <Notice tone="good">{t('saved')}</Notice>}
      <div className="bo-split">
        <Panel
          title={t('levels')}
          actions={
            can('marketing.manage') && (
              <Button onClick={() => open({ sysname: '', number: (last?.number ?? 0) + 1, names: { en: '', fr: '' }, threshold: (last?.threshold ?? 0) * 2 || 100, earn_rate: (last?.earn_rate ?? 0) + 1, perks: { en: [], fr: [] } })}>
                {t('addLevel')}
              </Button>
            )
          }
        >
          <div className="bo-scroll-x">
          <table className="bo-table" data-testid="loyalty-levels-table">
            <thead>
              <tr>
                <th>{t('number')}</th>
                <th>{t('name')}</th>
                <th className="bo-num">{t('threshold', { alias })}</th>
                <th className="bo-num">{t('rate', { alias })}</th>
                <th className="bo-num">{t('players')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.levels.map((level) => (
                <tr key={level.id}>
                  <td>{level.number}</td>
                  <td>
                    <strong>{level.names.en}</strong> <span className="bo-hint">/ {level.names.fr}</span>
                  </td>
                  <td className="bo-num">{level.threshold.toLocaleString('en')}</td>
                  <td className="bo-num">{level.earn_rate}</td>
                  <td className="bo-num">{level.players}</td>
                  <td>
                    {can('marketing.manage') && (
                      <Button tone="quiet" onClick={() => open(level)} data-testid={`level-edit-${level.sysname}`}>
                        {t('edit')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
          <h3 className="bo-subhead">{t('earning')}</h3>
          <p className="bo-hint">
            {t('earningText')} {Object.entries(data.game_factors).map(([type, percent]) => `${type} ${percent}%`).join(' · ')}
          </p>
        </Panel>
        {editing && (
          <Panel title={editing.id ? t('editing', { name: editing.names.en }) : t('adding')}>
            <form
              className="bo-form"
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate({ id: editing.id, sysname: editing.sysname, names: editing.names, threshold: editing.threshold, earn_rate: editing.earn_rate, perks: editing.perks });
              }}
            >
              <div className="bo-form-grid">
                <TextField label={t('sysname')} value={editing.sysname} onChange={(event) => setEditing({ ...editing, sysname: event.target.value })} error={err('sysname')} />
                <TextField label={t('nameEn')} value={editing.names.en} onChange={(event) => setEditing({ ...editing, names: { ...editing.names, en: event.target.value } })} error={err('names.en')} />
                <TextField label={t('nameFr')} value={editing.names.fr} onChange={(event) => setEditing({ ...editing, names: { ...editing.names, fr: event.target.value } })} error={err('names.fr')} />
                <TextField label={t('threshold', { alias })} type="number" value={editing.threshold} onChange={(event) => setEditing({ ...editing, threshold: Number(event.target.value) })} error={err('threshold')} data-testid="level-threshold" />
                <TextField label={t('rate', { alias })} type="number" value={editing.earn_rate} onChange={(event) => setEditing({ ...editing, earn_rate: Number(event.target.value) })} error={err('earn_rate')} data-testid="level-rate" />
              </div>
              <TextArea label={t('perksEn')} value={editing.perks.en.join('\n')} onChange={(event) => setEditing({ ...editing, perks: { ...editing.perks, en: lines(event.target.value) } })} error={err('perks.en')} />
              <TextArea label={t('perksFr')} value={editing.perks.fr.join('\n')} onChange={(event) => setEditing({ ...editing, perks: { ...editing.perks, fr: lines(event.target.value) } })} error={err('perks.fr')} />
              <EditorButtons editor={editor} t={t} saveTestId="level-save" />
            </form>
          </Panel>
        )}
      </div>
      <Panel title={t('preview')}>
        <div className="bo-previews" data-testid="loyalty-levels-preview">
          <LevelsPreview levels={shown} current={editing?.number ?? null} alias={alias} locale="en" label={t('ladderEn')} />
          <LevelsPreview levels={shown} current={editing?.number ?? null} alias={alias} locale="fr" label={t('ladderFr')} />
        </div>
      </Panel>
    </>
  );
}

const REWARDS: Record<LoyaltyProductForm['kind'], LoyaltyRewardForm> = {
  bonus_money: { type: 'fixed_bonus', amount: '10.00', wagering: 5, max_bet: null, days: 7 },
  free_spins: { type: 'free_spins', game: 'golden-croupier', spins: 10, stake: '0.20', days: 7 },
  cashback_boost: { type: 'cashback', percent: 5, period_days: 7, payout: 'request', claim_days: 7 },
};

function ShopTab({ data, t }: { data: LoyaltyAdminAnswer; t: T }) {
  const can = useCan();
  const client = useQueryClient();
  const alias = data.points_alias;
  const editor = useItemEditor<LoyaltyProductForm>('marketing/loyalty/product/save');
  const { editing, setEditing, saved, save, open, err } = editor;
  const toggle = useMutation({
    mutationFn: (input: { id: number; active: boolean }) => backofficeApi('marketing/loyalty/product/active', { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
  const shown = editing ?? data.products[0];
  const setReward = (patch: Partial<LoyaltyRewardForm>) => editing && setEditing({ ...editing, reward: { ...editing.reward, ...patch } as LoyaltyRewardForm });
  const number = (value: string) => (value === '' ? 0 : Number(value));
  return (
    <>
      {saved && <Notice tone="good">{t('saved')}</Notice>}
      {toggle.error ? <Notice tone="bad">{(toggle.error as Error).message}</Notice> : null}
      <Panel
        title={t('shop')}
        actions={
          can('marketing.manage') && (
            <Button
              onClick={() =>
                open({
                  sysname: '',
                  kind: 'bonus_money',
                  price: 500,
                  min_level: 1,
                  currency: 'EUR',
                  reward: REWARDS.bonus_money,
                  texts: { en: { name: '', description: '' }, fr: { name: '', description: '' } },
                  image_url: null,
                  position: (data.products.at(-1)?.position ?? 0) + 1,
                  is_active: true,
                })
              }
              data-testid="product-add"
            >
              {t('addProduct')}
            </Button>
          )
        }
      >
        <div className="bo-scroll-x">
        <table className="bo-table" data-testid="loyalty-products-table">
          <thead>
            <tr>
              <th>{t('name')}</th>
              <th>{t('kind')}</th>
              <th className="bo-num">{t('price', { alias })}</th>
              <th className="bo-num">{t('minLevel')}</th>
              <th className="bo-num">{t('sold')}</th>
              <th>{t('state')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.products.map((product) => (
              <tr key={product.id} data-product={product.sysname}>
                <td>
                  <strong>{product.texts.en.name}</strong>
                  <div className="bo-hint">{product.texts.fr.name}</div>
                </td>
                {/* The currency under the kind: a column of its own pushed the row's buttons out of sight at 1024 px. */}
                <td>
                  {t(product.kind)}
                  <div className="bo-hint">{product.currency}</div>
                </td>
                <td className="bo-num">{product.price.toLocaleString('en')}</td>
                <td className="bo-num">{product.min_level}</td>
                <td className="bo-num">{product.sold}</td>
                <td>{product.is_active ? <Badge tone="good">{t('inShop')}</Badge> : <Badge>{t('offShop')}</Badge>}</td>
                {/* The flex row inside the cell: a cell that is itself a flex box leaves the table's layout. */}
                <td>
                  {can('marketing.manage') && (
                    <span className="bo-actions justify-end">
                      <Button tone="quiet" onClick={() => open(product)} data-testid={`product-edit-${product.sysname}`}>
                        {t('edit')}
                      </Button>
                      <Button tone="quiet" onClick={() => toggle.mutate({ id: product.id, active: !product.is_active })} disabled={toggle.isPending} data-testid={`product-toggle-${product.sysname}`}>
                        {product.is_active ? t('disable') : t('enable')}
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </Panel>
      <div className="bo-split">
        {editing && (
          <Panel title={editing.id ? t('editing', { name: editing.texts.en.name }) : t('adding')}>
            <form
              className="bo-form"
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate(editing);
              }}
            >
              <div className="bo-form-grid">
                <TextField label={t('sysname')} value={editing.sysname} onChange={(event) => setEditing({ ...editing, sysname: event.target.value })} error={err('sysname')} data-testid="product-sysname" />
                <SelectField
                  label={t('kind')}
                  value={editing.kind}
                  onChange={(event) => {
                    const kind = event.target.value as LoyaltyProductForm['kind'];
                    setEditing({ ...editing, kind, reward: REWARDS[kind] });
                  }}
                  options={(['bonus_money', 'free_spins', 'cashback_boost'] as const).map((kind) => ({ value: kind, label: t(kind) }))}
                  error={err('kind') ?? err('reward.type')}
                />
                <TextField label={t('price', { alias })} type="number" value={editing.price} onChange={(event) => setEditing({ ...editing, price: number(event.target.value) })} error={err('price')} data-testid="product-price" />
                <SelectField
                  label={t('minLevel')}
                  value={String(editing.min_level)}
                  onChange={(event) => setEditing({ ...editing, min_level: Number(event.target.value) })}
                  options={data.levels.map((level) => ({ value: String(level.number), label: `${level.number} · ${level.names.en}` }))}
                  error={err('min_level')}
                />
                <SelectField label={t('currency')} value={editing.currency} onChange={(event) => setEditing({ ...editing, currency: event.target.value as LoyaltyProductForm['currency'] })} options={Object.keys(CURRENCIES).map((code) => ({ value: code, label: code }))} error={err('currency')} />
                <TextField label={t('position')} type="number" value={editing.position} onChange={(event) => setEditing({ ...editing, position: number(event.target.value) })} error={err('position')} />
                {editing.reward.type === 'fixed_bonus' && (
                  <>
                    <TextField label={t('amount')} inputMode="decimal" value={editing.reward.amount} onChange={(event) => setReward({ amount: event.target.value })} error={err('reward.amount')} />
                    <TextField label={t('wagering')} type="number" value={editing.reward.wagering} onChange={(event) => setReward({ wagering: number(event.target.value) })} error={err('reward.wagering')} />
                    <TextField label={t('maxBet')} inputMode="decimal" value={editing.reward.max_bet ?? ''} onChange={(event) => setReward({ max_bet: event.target.value || null })} error={err('reward.max_bet')} />
                    <TextField label={t('days')} type="number" value={editing.reward.days} onChange={(event) => setReward({ days: number(event.target.value) })} error={err('reward.days')} />
                  </>
                )}
                {editing.reward.type === 'free_spins' && (
                  <>
                    <TextField label={t('game')} value={editing.reward.game} onChange={(event) => setReward({ game: event.target.value })} error={err('reward.game')} />
                    <TextField label={t('spins')} type="number" value={editing.reward.spins} onChange={(event) => setReward({ spins: number(event.target.value) })} error={err('reward.spins')} />
                    <TextField label={t('stake')} inputMode="decimal" value={editing.reward.stake} onChange={(event) => setReward({ stake: event.target.value })} error={err('reward.stake')} />
                    <TextField label={t('days')} type="number" value={editing.reward.days} onChange={(event) => setReward({ days: number(event.target.value) })} error={err('reward.days')} />
                  </>
                )}
                {editing.reward.type === 'cashback' && (
                  <>
                    <TextField label={t('percent')} type="number" value={editing.reward.percent} onChange={(event) => setReward({ percent: number(event.target.value) })} error={err('reward.percent')} />
                    <TextField label={t('periodDays')} type="number" value={editing.reward.period_days} onChange={(event) => setReward({ period_days: number(event.target.value) })} error={err('reward.period_days')} />
                    <SelectField
                      label={t('payout')}
                      value={editing.reward.payout}
                      onChange={(event) => setReward({ payout: event.target.value as 'request' | 'auto' })}
                      options={[
                        { value: 'request', label: t('request') },
                        { value: 'auto', label: t('auto') },
                      ]}
                    />
                    <TextField label={t('claimDays')} type="number" value={editing.reward.claim_days} onChange={(event) => setReward({ claim_days: number(event.target.value) })} error={err('reward.claim_days')} />
                  </>
                )}
                <TextField label={t('nameEn')} value={editing.texts.en.name} onChange={(event) => setEditing({ ...editing, texts: { ...editing.texts, en: { ...editing.texts.en, name: event.target.value } } })} error={err('texts.en.name')} data-testid="product-name-en" />
                <TextField label={t('nameFr')} value={editing.texts.fr.name} onChange={(event) => setEditing({ ...editing, texts: { ...editing.texts, fr: { ...editing.texts.fr, name: event.target.value } } })} error={err('texts.fr.name')} data-testid="product-name-fr" />
                <TextField label={t('image')} hint={t('imageHint')} value={editing.image_url ?? ''} onChange={(event) => setEditing({ ...editing, image_url: event.target.value || null })} error={err('image_url')} />
              </div>
              <TextArea label={t('descriptionEn')} value={editing.texts.en.description} onChange={(event) => setEditing({ ...editing, texts: { ...editing.texts, en: { ...editing.texts.en, description: event.target.value } } })} error={err('texts.en.description')} />
              <TextArea label={t('descriptionFr')} value={editing.texts.fr.description} onChange={(event) => setEditing({ ...editing, texts: { ...editing.texts, fr: { ...editing.texts.fr, description: event.target.value } } })} error={err('texts.fr.description')} />
              <label className="bo-check">
                <input type="checkbox" checked={editing.is_active} onChange={(event) => setEditing({ ...editing, is_active: event.target.checked })} /> {t('isActive')}
              </label>
              <EditorButtons editor={editor} t={t} saveTestId="product-save" />
            </form>
          </Panel>
        )}
        {shown && (
          <Panel title={t('preview')}>
            <div className="bo-previews-row" data-testid="loyalty-product-preview">
              <ProductPreview product={shown} levels={data.levels} alias={alias} locale="en" label={t('productEn')} />
              <ProductPreview product={shown} levels={data.levels} alias={alias} locale="fr" label={t('productFr')} />
            </div>
          </Panel>
        )}
      </div>
    </>
  );
}

function CharactersTab({ data, t }: { data: LoyaltyAdminAnswer; t: T }) {
  const can = useCan();
  const editor = useItemEditor<LoyaltyCharacterForm>('marketing/loyalty/character/save');
  const { editing, setEditing, saved, save, open, err } = editor;
  const shown = editing ?? data.characters[0];
  return (
    <>
      {saved && <Notice tone="good">{t('saved')}</Notice>}
      <div className="bo-split">
        <Panel
          title={t('characters')}
          actions={
            can('marketing.manage') && (
              <Button onClick={() => open({ sysname: '', names: { en: '', fr: '' }, descriptions: { en: '', fr: '' }, image_url: '/loyalty/characters/', position: (data.characters.at(-1)?.position ?? 0) + 1, is_active: true })}>
                {t('addCharacter')}
              </Button>
            )
          }
        >
          <table className="bo-table" data-testid="loyalty-characters-table">
            <thead>
              <tr>
                <th>{t('name')}</th>
                <th>{t('position')}</th>
                <th>{t('state')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.characters.map((character) => (
                <tr key={character.id}>
                  <td>
                    <strong>{character.names.en}</strong> <span className="bo-hint">/ {character.names.fr}</span>
                  </td>
                  <td>{character.position}</td>
                  <td>{character.is_active ? <Badge tone="good">{t('active')}</Badge> : <Badge>{t('hidden')}</Badge>}</td>
                  <td>
                    {can('marketing.manage') && (
                      <Button tone="quiet" onClick={() => open(character)}>
                        {t('edit')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
        <div className="bo-previews">
          {editing && (
            <Panel title={editing.id ? t('editing', { name: editing.names.en }) : t('adding')}>
              <form
                className="bo-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  save.mutate(editing);
                }}
              >
                <div className="bo-form-grid">
                  <TextField label={t('sysname')} value={editing.sysname} onChange={(event) => setEditing({ ...editing, sysname: event.target.value })} error={err('sysname')} />
                  <TextField label={t('nameEn')} value={editing.names.en} onChange={(event) => setEditing({ ...editing, names: { ...editing.names, en: event.target.value } })} error={err('names.en')} />
                  <TextField label={t('nameFr')} value={editing.names.fr} onChange={(event) => setEditing({ ...editing, names: { ...editing.names, fr: event.target.value } })} error={err('names.fr')} />
                  <TextField label={t('image')} hint={t('imageHint')} value={editing.image_url} onChange={(event) => setEditing({ ...editing, image_url: event.target.value })} error={err('image_url')} />
                  <TextField label={t('position')} type="number" value={editing.position} onChange={(event) => setEditing({ ...editing, position: Number(event.target.value) })} error={err('position')} />
                </div>
                <TextArea label={t('descriptionEn')} value={editing.descriptions.en} onChange={(event) => setEditing({ ...editing, descriptions: { ...editing.descriptions, en: event.target.value } })} error={err('descriptions.en')} />
                <TextArea label={t('descriptionFr')} value={editing.descriptions.fr} onChange={(event) => setEditing({ ...editing, descriptions: { ...editing.descriptions, fr: event.target.value } })} error={err('descriptions.fr')} />
                <label className="bo-check">
                  <input type="checkbox" checked={editing.is_active} onChange={(event) => setEditing({ ...editing, is_active: event.target.checked })} /> {t('isActive')}
                </label>
                <EditorButtons editor={editor} t={t} />
              </form>
            </Panel>
          )}
          {shown && (
            <Panel title={t('preview')}>
              <div className="bo-previews-row">
                <CharacterPreview character={shown} locale="en" label={t('characterEn')} />
                <CharacterPreview character={shown} locale="fr" label={t('characterFr')} />
              </div>
            </Panel>
          )}
        </div>
      </div>
    </>
  );
}
