import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ContentEntryRow, ContentKind, ContentListAnswer } from '../../../contract/backoffice-content.ts';
import { backofficeApi } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { Can } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextField } from '../ui/controls.tsx';
import { formatTime } from '../ui/format.ts';
import { CONTENT_LIST_QUERY, contentTexts, editorPath, LiveBadge } from '../content-shared.tsx';
import '../content.css';

const texts = defineTexts({
  en: {
    title: 'Content',
    subtitle: 'Content pages, the SEO texts under listing pages and the SEO records of page heads, in English and French.',
    filterKind: 'Kind',
    all: 'All',
    search: 'Search',
    searchHint: 'Slug, path or title',
    key: 'Slug or path',
    entry: 'Entry',
    language: 'Language',
    state: 'State',
    changed: 'Changed',
    versionShort: 'v{n}',
    draftWaiting: 'draft v{n} waiting',
    none: 'Nothing matches.',
    create: 'New entry',
    createHint: 'A page takes a slug (bonus-terms), a SEO text or record the page’s path without the language (/gamehall/slot).',
    open: 'Open the editor',
    caption: 'Content entries',
    loading: 'Loading…',
  },
  fr: {
    title: 'Contenu',
    subtitle: 'Les pages de contenu, les textes SEO sous les pages de liste et les fiches SEO de l’en-tête des pages, en anglais et en français.',
    filterKind: 'Type',
    all: 'Tous',
    search: 'Rechercher',
    searchHint: 'Slug, chemin ou titre',
    key: 'Slug ou chemin',
    entry: 'Contenu',
    language: 'Langue',
    state: 'État',
    changed: 'Modifié',
    versionShort: 'v{n}',
    draftWaiting: 'brouillon v{n} en attente',
    none: 'Aucun résultat.',
    create: 'Nouveau contenu',
    createHint: 'Une page prend un slug (bonus-terms), un texte ou une fiche SEO le chemin de la page sans la langue (/gamehall/slot).',
    open: 'Ouvrir l’éditeur',
    caption: 'Contenus',
    loading: 'Chargement…',
  },
});

export default function ContentScreen() {
  const t = useTexts(texts);
  const shared = useTexts(contentTexts);
  const locale = useBackofficeLocale();
  const navigate = useNavigate();
  const [kind, setKind] = useState<ContentKind | ''>('');
  const [search, setSearch] = useState('');
  const list = useQuery({ queryKey: CONTENT_LIST_QUERY, queryFn: () => backofficeApi<ContentListAnswer>('content/list') });
  const needle = search.trim().toLowerCase();
  const rows = (list.data?.items ?? []).filter((row) => (!kind || row.kind === kind) && (!needle || row.key.toLowerCase().includes(needle) || row.title.toLowerCase().includes(needle)));
  const strapi = list.data?.source === 'strapi';

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    navigate(editorPath(String(form.get('kind')) as ContentKind, String(form.get('key')).trim(), String(form.get('locale'))));
  }

  return (
    <div className="bo-content-screen">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {strapi && <Notice tone="bad">{shared('strapi')}</Notice>}
      <div className="bo-filters">
        <SelectField
          label={t('filterKind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as ContentKind | '')}
          options={[{ value: '', label: t('all') }, ...(['page', 'seo', 'record'] as const).map((value) => ({ value, label: shared(value) }))]}
        />
        <TextField label={t('search')} placeholder={t('searchHint')} value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      <div className="bo-table-wrap">
        <table className="bo-table" data-testid="bo-content-list">
          <caption className="sr-only">{t('caption')}</caption>
          <thead>
            <tr>
              <th>{t('entry')}</th>
              <th>{t('filterKind')}</th>
              <th>{t('language')}</th>
              <th>{t('state')}</th>
              <th>{t('changed')}</th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && (
              <tr>
                <td colSpan={5} className="bo-empty">
                  {t('loading')}
                </td>
              </tr>
            )}
            {!list.isPending && rows.length === 0 && (
              <tr>
                <td colSpan={5} className="bo-empty">
                  {t('none')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <ContentRow key={`${row.kind} ${row.key} ${row.locale}`} row={row} kindLabel={shared(row.kind)} changed={formatTime(row.updated_at, locale)} t={t} shared={shared} />
            ))}
          </tbody>
        </table>
      </div>
      <Can permission="content.manage">
        {!strapi && (
          <Panel title={t('create')}>
            <form className="bo-content-create" onSubmit={create}>
              <SelectField label={t('filterKind')} name="kind" defaultValue="page" options={(['page', 'seo', 'record'] as const).map((value) => ({ value, label: shared(value) }))} />
              <TextField label={t('key')} name="key" required placeholder="bonus-terms" hint={t('createHint')} />
              <SelectField
                label={t('language')}
                name="locale"
                defaultValue="en"
                options={[
                  { value: 'en', label: 'English' },
                  { value: 'fr', label: 'Français' },
                ]}
              />
              <Button type="submit" tone="primary">
                {t('open')}
              </Button>
            </form>
          </Panel>
        )}
      </Can>
    </div>
  );
}

function ContentRow({
  row,
  kindLabel,
  changed,
  t,
  shared,
}: {
  row: ContentEntryRow;
  kindLabel: string;
  changed: string;
  t: ReturnType<typeof useTexts<keyof typeof texts.en>>;
  shared: ReturnType<typeof useTexts<keyof typeof contentTexts.en>>;
}) {
  return (
    <tr>
      <td>
        <Link to={editorPath(row.kind, row.key, row.locale)} className="bo-content-link">
          <strong>{row.title || row.key}</strong>
        </Link>
        <div className="bo-hint bo-mono">{row.key}</div>
      </td>
      <td>{kindLabel}</td>
      <td>{row.locale.toUpperCase()}</td>
      <td>
        <span className="bo-content-state">
          <LiveBadge live={row.live} t={shared} />
          {row.published_version !== null && row.live === 'published' && <Badge>{t('versionShort', { n: row.published_version })}</Badge>}
          {row.draft && row.version !== null && <Badge tone="warn">{t('draftWaiting', { n: row.version })}</Badge>}
        </span>
      </td>
      <td>{changed}</td>
    </tr>
  );
}
