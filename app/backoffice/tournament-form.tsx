import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TournamentForm, TournamentGameOption, TournamentPrizeForm } from '../../contract/backoffice-loyalty-tournaments.ts';
import { CURRENCIES } from '../../contract/money.ts';
import { TOURNAMENT_SCORINGS, type TournamentView } from '../../contract/tournaments.ts';
import { TournamentPreview, draftTournamentView } from '../features/tournaments/preview.tsx';
import { useClock } from '../features/tournaments/use-clock.ts';
import { backofficeApi, fieldError } from './api.ts';
import { defineTexts, useTexts } from './i18n.ts';
import { Button, Panel, SelectField, TextArea, TextField } from './ui/controls.tsx';

/**
 * A tournament's form (docs/backoffice.md, "Marketing: loyalty and tournaments"): texts in both
 * languages, the window, eligible games, scoring, bets and the prize table, each field showing
 * the server's refusal under it; and the preview of what the site will show, in both languages.
 */
const texts = defineTexts({
  en: {
    identity: 'Name and texts',
    sysname: 'Address (sysname)',
    sysnameHint: '/tournaments/{sysname}: lower-case letters, digits and dashes',
    nameEn: 'Name (English)',
    nameFr: 'Name (French)',
    descriptionEn: 'Description (English)',
    descriptionFr: 'Description (French)',
    schedule: 'Schedule and rules',
    startsAt: 'Starts (your time)',
    endsAt: 'Ends (your time)',
    startNow: 'Start now',
    currency: 'Currency',
    scoring: 'Scoring',
    total_win: 'Total of wins',
    biggest_multiplier: 'Biggest multiplier',
    wagered: 'Total wagered',
    minBet: 'Minimum bet',
    buyIn: 'Buy-in (0.00: free)',
    games: 'Eligible games',
    allGames: 'Every in-house game',
    gamesHint: 'Ctrl or ⌘ click to pick several.',
    prizes: 'Prize table',
    prizesHint: 'Ranks rise without gaps or overlaps; amounts above zero, in the tournament’s currency.',
    from: 'From rank',
    to: 'To rank',
    amount: 'Amount',
    kind: 'Paid as',
    money: 'Money',
    bonus: 'Bonus money',
    wagering: 'Wagering ×',
    days: 'Days',
    addPrize: 'Add a rank range',
    remove: 'Remove',
    preview: 'Preview on the site',
    previewEn: 'English: the list’s card and the tournament’s page',
    previewFr: 'French: the list’s card and the tournament’s page',
  },
  fr: {
    identity: 'Nom et textes',
    sysname: 'Adresse (sysname)',
    sysnameHint: '/tournaments/{sysname} : lettres minuscules, chiffres et tirets',
    nameEn: 'Nom (anglais)',
    nameFr: 'Nom (français)',
    descriptionEn: 'Description (anglais)',
    descriptionFr: 'Description (français)',
    schedule: 'Calendrier et règles',
    startsAt: 'Début (votre heure)',
    endsAt: 'Fin (votre heure)',
    startNow: 'Commencer maintenant',
    currency: 'Devise',
    scoring: 'Classement',
    total_win: 'Total des gains',
    biggest_multiplier: 'Plus gros multiplicateur',
    wagered: 'Total misé',
    minBet: 'Mise minimale',
    buyIn: 'Droit d’entrée (0.00 : gratuit)',
    games: 'Jeux éligibles',
    allGames: 'Tous les jeux maison',
    gamesHint: 'Ctrl ou ⌘ clic pour en choisir plusieurs.',
    prizes: 'Tableau des prix',
    prizesHint: 'Les rangs montent sans trou ni chevauchement ; montants supérieurs à zéro, dans la devise du tournoi.',
    from: 'Du rang',
    to: 'Au rang',
    amount: 'Montant',
    kind: 'Versé en',
    money: 'Argent',
    bonus: 'Argent bonus',
    wagering: 'Mise requise ×',
    days: 'Jours',
    addPrize: 'Ajouter une tranche',
    remove: 'Retirer',
    preview: 'Aperçu sur le site',
    previewEn: 'Anglais : la carte de la liste et la page du tournoi',
    previewFr: 'Français : la carte de la liste et la page du tournoi',
  },
});

const DAY = 86_400_000;

/** A new tournament's form: a week from now, one prize. */
export const emptyTournamentForm = (): TournamentForm => ({
  sysname: '',
  names: { en: '', fr: '' },
  descriptions: { en: '', fr: '' },
  image_url: null,
  currency: 'EUR',
  starts_at: new Date(Date.now() + DAY).toISOString(),
  ends_at: new Date(Date.now() + 8 * DAY).toISOString(),
  games: null,
  scoring: 'total_win',
  min_bet: '0.10',
  buy_in: '0.00',
  prizes: [{ from: 1, to: 1, amount: '100.00', kind: 'money' }],
});

/** `datetime-local` speaks the browser's time without a zone; the form keeps ISO 8601 in UTC. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

export function TournamentFormFields({ form, onChange, error, disabled }: { form: TournamentForm; onChange(next: TournamentForm): void; error: unknown; disabled?: boolean }) {
  const t = useTexts(texts);
  const games = useQuery({ queryKey: ['tournament-games'], queryFn: () => backofficeApi<TournamentGameOption[]>('marketing/tournaments/games'), staleTime: 300_000 });
  const set = <K extends keyof TournamentForm>(key: K, value: TournamentForm[K]) => onChange({ ...form, [key]: value });
  const err = (path: string) => fieldError(error, path);
  const setPrize = (index: number, patch: Partial<TournamentPrizeForm>) => {
    const prizes = form.prizes.map((prize, at) => (at === index ? { ...prize, ...patch } : prize));
    set('prizes', prizes);
  };
  return (
    <fieldset className="bo-tournament-form" disabled={disabled}>
      <Panel title={t('identity')}>
        <div className="bo-form-grid">
          <TextField label={t('sysname')} hint={t('sysnameHint')} value={form.sysname} onChange={(event) => set('sysname', event.target.value)} error={err('sysname')} data-testid="tournament-sysname" />
          <TextField label={t('nameEn')} value={form.names.en} onChange={(event) => set('names', { ...form.names, en: event.target.value })} error={err('names.en')} data-testid="tournament-name-en" />
          <TextField label={t('nameFr')} value={form.names.fr} onChange={(event) => set('names', { ...form.names, fr: event.target.value })} error={err('names.fr')} data-testid="tournament-name-fr" />
          <TextArea label={t('descriptionEn')} value={form.descriptions.en} onChange={(event) => set('descriptions', { ...form.descriptions, en: event.target.value })} error={err('descriptions.en')} />
          <TextArea label={t('descriptionFr')} value={form.descriptions.fr} onChange={(event) => set('descriptions', { ...form.descriptions, fr: event.target.value })} error={err('descriptions.fr')} />
        </div>
      </Panel>
      <Panel title={t('schedule')}>
        <div className="bo-form-grid">
          <div className="bo-field-row">
            <TextField label={t('startsAt')} type="datetime-local" value={toLocalInput(form.starts_at)} onChange={(event) => set('starts_at', fromLocalInput(event.target.value))} error={err('starts_at')} data-testid="tournament-starts" />
            <Button onClick={() => set('starts_at', new Date().toISOString())} data-testid="tournament-start-now">
              {t('startNow')}
            </Button>
          </div>
          <TextField label={t('endsAt')} type="datetime-local" value={toLocalInput(form.ends_at)} onChange={(event) => set('ends_at', fromLocalInput(event.target.value))} error={err('ends_at')} data-testid="tournament-ends" />
          <SelectField label={t('currency')} value={form.currency} onChange={(event) => set('currency', event.target.value as TournamentForm['currency'])} options={Object.keys(CURRENCIES).map((code) => ({ value: code, label: code }))} error={err('currency')} />
          <SelectField
            label={t('scoring')}
            value={form.scoring}
            onChange={(event) => set('scoring', event.target.value as TournamentForm['scoring'])}
            options={TOURNAMENT_SCORINGS.map((scoring) => ({ value: scoring, label: t(scoring) }))}
            error={err('scoring')}
            data-testid="tournament-scoring"
          />
          <TextField label={t('minBet')} inputMode="decimal" value={form.min_bet} onChange={(event) => set('min_bet', event.target.value)} error={err('min_bet')} />
          <TextField label={t('buyIn')} inputMode="decimal" value={form.buy_in} onChange={(event) => set('buy_in', event.target.value)} error={err('buy_in')} />
        </div>
        <div className="bo-field bo-games">
          <label>
            <input type="checkbox" checked={form.games === null} onChange={(event) => set('games', event.target.checked ? null : [])} data-testid="tournament-all-games" /> {t('allGames')}
          </label>
          {form.games !== null && (
            <>
              <label htmlFor="tournament-games">{t('games')}</label>
              <select
                id="tournament-games"
                multiple
                size={8}
                value={form.games}
                aria-invalid={err('games') || form.games.some((_, index) => err(`games.${index}`)) ? true : undefined}
                onChange={(event) => set('games', [...event.target.selectedOptions].map((option) => option.value))}
                data-testid="tournament-games"
              >
                {(games.data ?? []).map((game) => (
                  <option key={game.sysname} value={game.sysname}>
                    {game.name} · {game.type} · {game.provider}
                  </option>
                ))}
              </select>
              <p className="bo-hint">{t('gamesHint')}</p>
              {[err('games'), ...form.games.map((_, index) => err(`games.${index}`))].filter(Boolean).map((message) => (
                <p key={message} className="bo-error-text">
                  {message}
                </p>
              ))}
            </>
          )}
        </div>
      </Panel>
      <Panel title={t('prizes')}>
        <p className="bo-hint">{t('prizesHint')}</p>
        {err('prizes') && <p className="bo-error-text">{err('prizes')}</p>}
        <table className="bo-table bo-prize-table" data-testid="tournament-prize-table">
          <thead>
            <tr>
              <th>{t('from')}</th>
              <th>{t('to')}</th>
              <th>{t('amount')}</th>
              <th>{t('kind')}</th>
              <th>{t('wagering')}</th>
              <th>{t('days')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {form.prizes.map((prize, index) => {
              const at = (name: string) => err(`prizes.${index}.${name}`);
              const cell = (name: 'from' | 'to' | 'wagering' | 'days', value: number | undefined) => (
                <td>
                  <input
                    className="bo-cell-input"
                    type="number"
                    min={name === 'wagering' ? 0 : 1}
                    value={value ?? ''}
                    aria-label={t(name)}
                    aria-invalid={at(name) ? true : undefined}
                    onChange={(event) => setPrize(index, { [name]: event.target.value === '' ? undefined : Number(event.target.value) })}
                    data-testid={`prize-${index}-${name}`}
                  />
                  {at(name) && <p className="bo-error-text">{at(name)}</p>}
                </td>
              );
              return (
                <tr key={index}>
                  {cell('from', prize.from)}
                  {cell('to', prize.to)}
                  <td>
                    <input
                      className="bo-cell-input"
                      inputMode="decimal"
                      value={prize.amount}
                      aria-label={t('amount')}
                      aria-invalid={at('amount') ? true : undefined}
                      onChange={(event) => setPrize(index, { amount: event.target.value })}
                      data-testid={`prize-${index}-amount`}
                    />
                    {at('amount') && <p className="bo-error-text">{at('amount')}</p>}
                  </td>
                  <td>
                    <select
                      className="bo-cell-input"
                      value={prize.kind}
                      aria-label={t('kind')}
                      onChange={(event) =>
                        setPrize(index, event.target.value === 'bonus' ? { kind: 'bonus', wagering: prize.wagering ?? 10, days: prize.days ?? 30 } : { kind: 'money', wagering: undefined, days: undefined })
                      }
                    >
                      <option value="money">{t('money')}</option>
                      <option value="bonus">{t('bonus')}</option>
                    </select>
                    {at('kind') && <p className="bo-error-text">{at('kind')}</p>}
                  </td>
                  {prize.kind === 'bonus' ? cell('wagering', prize.wagering) : <td>—</td>}
                  {prize.kind === 'bonus' ? cell('days', prize.days) : <td>—</td>}
                  <td>
                    <Button tone="quiet" onClick={() => set('prizes', form.prizes.filter((_, at) => at !== index))} disabled={form.prizes.length === 1}>
                      {t('remove')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="bo-actions bo-prize-actions">
          <Button
            onClick={() => {
              const last = form.prizes.at(-1);
              const from = (last?.to ?? 0) + 1;
              set('prizes', [...form.prizes, { from, to: from, amount: last?.amount ?? '10.00', kind: 'money' }]);
            }}
            data-testid="tournament-add-prize"
          >
            {t('addPrize')}
          </Button>
        </div>
      </Panel>
    </fieldset>
  );
}

/** The tournament as the site will show it, in English then French. */
export function TournamentPreviews({ form, saved }: { form: TournamentForm; saved: { en: TournamentView; fr: TournamentView } | null }) {
  const t = useTexts(texts);
  const [opened] = useState(() => Date.now());
  // Ticks every second, as the site's countdowns do.
  const now = useClock(opened);
  return (
    <Panel title={t('preview')}>
      <div className="bo-previews" data-testid="tournament-previews">
        <TournamentPreview tournament={draftTournamentView(form, 'en', saved?.en ?? null, now)} locale="en" label={t('previewEn')} now={now} />
        <TournamentPreview tournament={draftTournamentView(form, 'fr', saved?.fr ?? null, now)} locale="fr" label={t('previewFr')} now={now} />
      </div>
    </Panel>
  );
}
