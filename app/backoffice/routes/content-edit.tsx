import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { diffLines } from 'diff';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import type { ContentEntryView, ContentImageView, ContentKind, ContentListAnswer, ContentVersionRow, PageFields, SeoTextFields } from '../../../contract/backoffice-content.ts';
import { markdownToSections } from '../../../contract/content-markdown.ts';
import { BACKOFFICE_API } from '../../../contract/backoffice.ts';
import { ContentPageBody } from '../../features/pages/content-body.tsx';
import { SeoTextBlock } from '../../features/pages/seo-text.tsx';
import { ApiError, backofficeApi, fieldError } from '../api.ts';
import { CONTENT_LIST_QUERY, contentTexts, editorPath, LiveBadge } from '../content-shared.tsx';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, TextArea, TextField } from '../ui/controls.tsx';
import { formatTime } from '../ui/format.ts';
import { unwrapAnswer } from '../../lib/api-error.ts';
import '../support.css';
import '../content.css';

const texts = defineTexts({
  en: {
    back: '← Content',
    edit: 'Editor',
    history: 'History',
    language: 'Language',
    other: 'Open the {lang} version',
    newEntry: 'New entry: nothing is saved yet. Save a draft, then publish it.',
    title: 'Title',
    description: 'Description',
    heading: 'Heading',
    markdown: 'Text (markdown)',
    markdownHint: '## starts a section, a blank line a paragraph, - a list item. Links keep their words; bold and italics show as plain text, as on the site.',
    toolHeading: 'Section heading',
    toolList: 'List item',
    toolLink: 'Link',
    toolImage: 'Image…',
    uploading: 'Uploading…',
    uploaded: 'Image uploaded and inserted ({w}×{h}, metadata removed).',
    preview: 'Live preview',
    previewHint: 'Drawn by the site’s own components, as players will see it.',
    canonical: 'Canonical address',
    robots: 'Robots',
    extra: 'Other fields (JSON: openGraph, meta, schemaFaq, schemaArticle, organization, product, replacements)',
    badJson: 'Not JSON: {message}',
    snippet: 'Search result',
    save: 'Save draft',
    saved: 'Saved as version {n}: players do not see it until it is published.',
    publish: 'Publish version {n}',
    published: 'Version {n} is live: players see it now.',
    unpublish: 'Unpublish',
    confirmUnpublish: 'Take this entry off the site? A page answers “not found”, a SEO text or record is left out. The text and its versions are kept.',
    unpublished: 'Taken off the site.',
    unsaved: 'Unsaved changes',
    draftWaiting: 'Version {n} is saved but not live.',
    liveVersion: 'Live: version {n}',
    liveOld: 'Live: the text from before the editor',
    stale: 'Someone saved a newer version meanwhile: reload before saving.',
    reload: 'Reload',
    readOnly: 'You can read this entry; your role cannot change it.',
    versions: 'Versions',
    noVersions: 'No version yet: the first save keeps the live text as version 1 (baseline), so it can be rolled back to.',
    version: 'Version',
    source: 'Made by',
    who: 'Who',
    when: 'When',
    publishedAt: 'Published',
    baseline: 'the text before the editor',
    opsSource: 'ops command (content:put)',
    saveSource: 'save',
    rollbackSource: 'rollback to v{n}',
    live: 'live',
    compare: 'Compare',
    rollback: 'Roll back',
    confirmRollback: 'Make version {n}’s text live again? It is saved as a new version and players see it at once.',
    rolledBack: 'Version {from} restored as version {n}, live now.',
    diffTitle: 'Changes from version {from} to version {to}',
    diffFrom: 'From',
    diffTo: 'To',
    noDiff: 'The two versions are the same.',
    versionPreview: 'Version {n} as players would see it',
    loading: 'Loading…',
  },
  fr: {
    back: '← Contenu',
    edit: 'Éditeur',
    history: 'Historique',
    language: 'Langue',
    other: 'Ouvrir la version {lang}',
    newEntry: 'Nouveau contenu : rien n’est encore enregistré. Enregistrez un brouillon, puis publiez-le.',
    title: 'Titre',
    description: 'Description',
    heading: 'Titre du bloc',
    markdown: 'Texte (markdown)',
    markdownHint: '## ouvre une section, une ligne vide un paragraphe, - un élément de liste. Les liens gardent leurs mots ; gras et italique s’affichent en texte simple, comme sur le site.',
    toolHeading: 'Titre de section',
    toolList: 'Élément de liste',
    toolLink: 'Lien',
    toolImage: 'Image…',
    uploading: 'Envoi…',
    uploaded: 'Image envoyée et insérée ({w}×{h}, métadonnées retirées).',
    preview: 'Aperçu en direct',
    previewHint: 'Dessiné par les composants du site, tel que les joueurs le verront.',
    canonical: 'Adresse canonique',
    robots: 'Robots',
    extra: 'Autres champs (JSON : openGraph, meta, schemaFaq, schemaArticle, organization, product, replacements)',
    badJson: 'JSON invalide : {message}',
    snippet: 'Résultat de recherche',
    save: 'Enregistrer le brouillon',
    saved: 'Enregistré en version {n} : les joueurs ne la voient pas avant sa publication.',
    publish: 'Publier la version {n}',
    published: 'La version {n} est en ligne : les joueurs la voient maintenant.',
    unpublish: 'Dépublier',
    confirmUnpublish: 'Retirer ce contenu du site ? Une page répond « introuvable », un texte ou une fiche SEO est omis. Le texte et ses versions sont gardés.',
    unpublished: 'Retiré du site.',
    unsaved: 'Modifications non enregistrées',
    draftWaiting: 'La version {n} est enregistrée mais pas en ligne.',
    liveVersion: 'En ligne : version {n}',
    liveOld: 'En ligne : le texte d’avant l’éditeur',
    stale: 'Quelqu’un a enregistré une version plus récente entre-temps : rechargez avant d’enregistrer.',
    reload: 'Recharger',
    readOnly: 'Vous pouvez lire ce contenu ; votre rôle ne permet pas de le modifier.',
    versions: 'Versions',
    noVersions: 'Aucune version : le premier enregistrement garde le texte en ligne en version 1 (initiale), pour pouvoir y revenir.',
    version: 'Version',
    source: 'Origine',
    who: 'Qui',
    when: 'Quand',
    publishedAt: 'Publiée',
    baseline: 'le texte d’avant l’éditeur',
    opsSource: 'commande ops (content:put)',
    saveSource: 'enregistrement',
    rollbackSource: 'retour à la v{n}',
    live: 'en ligne',
    compare: 'Comparer',
    rollback: 'Revenir à cette version',
    confirmRollback: 'Remettre en ligne le texte de la version {n} ? Il est enregistré en nouvelle version et les joueurs le voient aussitôt.',
    rolledBack: 'Version {from} rétablie en version {n}, en ligne.',
    diffTitle: 'Modifications de la version {from} à la version {to}',
    diffFrom: 'De',
    diffTo: 'À',
    noDiff: 'Les deux versions sont identiques.',
    versionPreview: 'La version {n} telle que les joueurs la verraient',
    loading: 'Chargement…',
  },
});

type T = ReturnType<typeof useTexts<keyof typeof texts.en>>;
type Fields = Record<string, unknown>;

const EMPTY: Record<ContentKind, Fields> = {
  page: { title: '', description: '', markdown: '' },
  seo: { heading: '', markdown: '' },
  record: { title: '', description: '' },
};
/** The SEO record fields with inputs of their own; the rest are edited as JSON. */
const RECORD_INPUTS = ['title', 'description', 'canonical', 'robots'] as const;

const entryKey = (kind: string, key: string, locale: string) => ['backoffice', 'content', 'entry', kind, key, locale] as const;
const versionsKey = (kind: string, key: string, locale: string) => ['backoffice', 'content', 'versions', kind, key, locale] as const;

/** Sends one image as the browser sends a form; answers the stored image or throws the typed refusal. */
async function uploadImage(file: File): Promise<ContentImageView> {
  const form = new FormData();
  form.set('file', file);
  const response = await fetch(`${BACKOFFICE_API}/content/image`, { method: 'POST', body: form, credentials: 'same-origin' });
  return unwrapAnswer<ContentImageView>(response.status, await response.json().catch(() => null));
}

/** A SEO record's fields without their own inputs, as the JSON box shows them. */
const extraOf = (fields: Fields) => JSON.stringify(Object.fromEntries(Object.entries(fields).filter(([name]) => !(RECORD_INPUTS as readonly string[]).includes(name))), null, 2);

/** A version's fields as lines to compare: the named fields first, then the text. */
function asText(kind: ContentKind, fields: Fields): string {
  if (kind === 'record') return `${JSON.stringify(fields, null, 2)}\n`;
  const { markdown, ...rest } = fields as { markdown?: string };
  return `${Object.entries(rest)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n')}\n\n${markdown ?? ''}\n`;
}

export default function ContentEditScreen() {
  const t = useTexts(texts);
  const [params, setParams] = useSearchParams();
  const kind = (params.get('kind') ?? 'page') as ContentKind;
  const key = params.get('key') ?? '';
  const language = params.get('locale') === 'fr' ? 'fr' : 'en';
  const tab = params.get('tab') === 'history' ? 'history' : 'edit';
  const query = { kind, key, language };
  const entry = useQuery({ queryKey: entryKey(kind, key, language), queryFn: () => backofficeApi<ContentEntryView<Fields>>('content/entry', { query }), retry: false });
  const source = useQuery({ queryKey: CONTENT_LIST_QUERY, queryFn: () => backofficeApi<ContentListAnswer>('content/list') });
  const shared = useTexts(contentTexts);
  const strapi = source.data?.source === 'strapi';
  const title = (entry.data?.fields as { title?: string; heading?: string } | null)?.title || (entry.data?.fields as { heading?: string } | null)?.heading || key;
  const otherLanguage = language === 'en' ? 'fr' : 'en';

  return (
    <div className="bo-content-screen">
      <Link to={`${BACKOFFICE_PATH}/content`} className="bo-hint">
        {t('back')}
      </Link>
      <PageHeader
        title={title}
        subtitle={
          <span className="bo-content-state">
            <Badge tone="info">{shared(kind)}</Badge>
            <span className="bo-mono">{key}</span>
            <Badge>{language.toUpperCase()}</Badge>
            {entry.data && <LiveBadge live={entry.data.live} t={shared} />}
            <Link to={editorPath(kind, key, otherLanguage, tab === 'history' ? 'history' : undefined)}>{t('other', { lang: otherLanguage === 'fr' ? 'français' : 'English' })}</Link>
          </span>
        }
      />
      {strapi && <Notice tone="bad">{shared('strapi')}</Notice>}
      <div className="bo-tabs" role="tablist">
        {(['edit', 'history'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className="bo-tab"
            onClick={() => setParams((current) => {
              const next = new URLSearchParams(current);
              if (name === 'history') next.set('tab', 'history');
              else next.delete('tab');
              return next;
            })}
          >
            {t(name)}
          </button>
        ))}
      </div>
      {entry.isPending && <p className="bo-empty">{t('loading')}</p>}
      {entry.error && <Notice tone="bad">{entry.error instanceof ApiError ? (Object.values(entry.error.fields)[0] ?? entry.error.message) : String(entry.error)}</Notice>}
      {entry.data && tab === 'edit' && <Editor key={`${kind} ${key} ${language}`} entry={entry.data} t={t} strapi={strapi} />}
      {entry.data && tab === 'history' && <History entry={entry.data} t={t} strapi={strapi} />}
    </div>
  );
}

/** What players would see of `fields`, drawn by the site's own components. */
function Preview({ kind, fields, language }: { kind: ContentKind; fields: Fields; language: string }) {
  const body = markdownToSections(String(fields.markdown ?? ''));
  if (kind === 'page') {
    const page = fields as PageFields;
    return (
      <div className="bo-site-frame" lang={language} data-testid="bo-content-preview">
        <article className="mx-auto max-w-3xl">
          <ContentPageBody page={{ title: page.title, description: page.description, body }} />
        </article>
      </div>
    );
  }
  if (kind === 'seo') {
    const text = fields as SeoTextFields;
    return (
      <div className="bo-site-frame" lang={language} data-testid="bo-content-preview">
        <SeoTextBlock text={{ path: '', locale: language, heading: text.heading, body }} />
      </div>
    );
  }
  const record = fields as { title?: string; description?: string; canonical?: string };
  return (
    <div className="bo-snippet" lang={language} data-testid="bo-content-preview">
      <div className="bo-snippet-url">{record.canonical || 'croupier.example'}</div>
      <div className="bo-snippet-title">{record.title || '—'}</div>
      <p>{record.description || '—'}</p>
    </div>
  );
}

function Editor({ entry, t, strapi }: { entry: ContentEntryView<Fields>; t: T; strapi: boolean }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const writable = can('content.manage') && !strapi;
  const opened = entry.fields ?? EMPTY[entry.kind];
  // What the editor opened with; the entry read again after a save holds the same text, so it is clean again.
  const [fields, setFields] = useState<Fields>(opened);
  const [extra, setExtra] = useState(() => extraOf(opened));
  // A save or publish reads the entry again: the editor takes the stored text (trimmed, defaults filled) as its new start.
  const [openedAt, setOpenedAt] = useState(entry.version);
  if (entry.version !== openedAt) {
    setOpenedAt(entry.version);
    setFields(opened);
    setExtra(extraOf(opened));
  }
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const dirty = JSON.stringify(fields) !== JSON.stringify(opened);
  const body = { kind: entry.kind, key: entry.key, locale: entry.locale };

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: entryKey(entry.kind, entry.key, entry.locale) }),
      queryClient.invalidateQueries({ queryKey: versionsKey(entry.kind, entry.key, entry.locale) }),
      queryClient.invalidateQueries({ queryKey: CONTENT_LIST_QUERY }),
    ]);
  };
  const run = useMutation({
    mutationFn: async (action: 'save' | 'publish' | 'unpublish') => {
      if (action === 'save') return { action, answer: await backofficeApi<{ version: number }>('content/save', { body: { ...body, fields, base_version: entry.version } }) };
      if (action === 'publish') return { action, answer: await backofficeApi<{ version: number }>('content/publish', { body: { ...body, version: entry.version } }) };
      return { action, answer: await backofficeApi<{ version: number | null }>('content/unpublish', { body }) };
    },
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSuccess: async ({ action, answer }) => {
      // The entry read again holds what was saved: the editor is clean, the buttons follow its state.
      await refresh();
      setNotice(action === 'save' ? t('saved', { n: answer.version ?? '' }) : action === 'publish' ? t('published', { n: answer.version ?? '' }) : t('unpublished'));
    },
    onError: setError,
  });

  const set = (name: string, value: unknown) => {
    setFields((current) => ({ ...current, [name]: value }));
    setNotice(null);
  };
  const setExtraJson = (text: string) => {
    setExtra(text);
    try {
      const parsed = text.trim() ? (JSON.parse(text) as unknown) : {};
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('an object { ... }');
      setJsonError(null);
      setFields((current) => ({ ...Object.fromEntries(RECORD_INPUTS.filter((name) => current[name] !== undefined).map((name) => [name, current[name]])), ...(parsed as Fields) }));
    } catch (caught) {
      setJsonError(t('badJson', { message: caught instanceof Error ? caught.message : String(caught) }));
    }
  };

  /** Puts `text` at the cursor of the markdown (on a line of its own when `block`). */
  const insert = (text: string, block = true) => {
    const element = area.current;
    const markdown = String(fields.markdown ?? '');
    const start = element?.selectionStart ?? markdown.length;
    const end = element?.selectionEnd ?? markdown.length;
    const before = markdown.slice(0, start);
    const lead = block && before && !before.endsWith('\n\n') ? (before.endsWith('\n') ? '\n' : '\n\n') : '';
    const next = `${before}${lead}${text}${block ? '\n\n' : ''}${markdown.slice(end)}`;
    set('markdown', next);
    requestAnimationFrame(() => {
      element?.focus();
      const at = (before + lead + text).length;
      element?.setSelectionRange(at, at);
    });
  };
  const selected = () => {
    const element = area.current;
    return element ? String(fields.markdown ?? '').slice(element.selectionStart, element.selectionEnd) : '';
  };

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const image = await uploadImage(file);
      insert(`![${file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '')}](${image.src})`);
      setNotice(t('uploaded', { w: image.width, h: image.height }));
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'content', 'images'] });
    } catch (caught) {
      setError(caught);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const err = (name: string) => fieldError(error, `fields.${name}`);
  const stale = error instanceof ApiError && error.status === 409 && 'base_version' in error.fields;
  const general = error instanceof ApiError && !stale && !Object.keys(error.fields).some((field) => field.startsWith('fields.')) ? (Object.values(error.fields)[0] ?? error.message) : null;
  const textField = entry.kind !== 'record';

  const status: ReactNode[] = [];
  if (entry.live === 'published') status.push(entry.published_version !== null ? t('liveVersion', { n: entry.published_version }) : t('liveOld'));
  if (entry.draft && entry.version !== null) status.push(t('draftWaiting', { n: entry.version }));

  return (
    <div className="bo-content-editor">
      <div className="bo-content-form">
        {entry.version === null && entry.live === 'none' && <Notice>{t('newEntry')}</Notice>}
        {!can('content.manage') && <Notice>{t('readOnly')}</Notice>}
        {status.length > 0 && <p className="bo-hint" data-testid="bo-content-status">{status.join(' · ')}</p>}
        {notice && <Notice tone="good">{notice}</Notice>}
        {stale && (
          <Notice tone="bad">
            {t('stale')}{' '}
            <button type="button" className="bo-linklike" onClick={() => void refresh()}>
              {t('reload')}
            </button>
          </Notice>
        )}
        {general && <Notice tone="bad">{general}</Notice>}
        <fieldset disabled={!writable} className="bo-content-fields">
          {entry.kind === 'page' && (
            <>
              <TextField label={t('title')} value={String(fields.title ?? '')} error={err('title')} maxLength={120} onChange={(event) => set('title', event.target.value)} />
              <TextField label={t('description')} value={String(fields.description ?? '')} error={err('description')} maxLength={300} onChange={(event) => set('description', event.target.value)} />
            </>
          )}
          {entry.kind === 'seo' && <TextField label={t('heading')} value={String(fields.heading ?? '')} error={err('heading')} maxLength={160} onChange={(event) => set('heading', event.target.value)} />}
          {entry.kind === 'record' && (
            <>
              {RECORD_INPUTS.map((name) => (
                <TextField key={name} label={t(name)} value={String(fields[name] ?? '')} error={err(name)} onChange={(event) => set(name, event.target.value || undefined)} />
              ))}
              <TextArea
                label={t('extra')}
                className="bo-content-json"
                value={extra}
                rows={12}
                spellCheck={false}
                error={jsonError ?? Object.entries(error instanceof ApiError ? error.fields : {}).find(([field]) => field.startsWith('fields.') && !(RECORD_INPUTS as readonly string[]).includes(field.slice(7)))?.join(': ')}
                onChange={(event) => setExtraJson(event.target.value)}
              />
            </>
          )}
          {textField && (
            <div className="bo-field bo-content-markdown">
              <label htmlFor="bo-content-markdown">{t('markdown')}</label>
              <div className="bo-content-toolbar" role="toolbar" aria-label={t('markdown')}>
                <Button tone="quiet" onClick={() => insert(`## ${selected() || t('toolHeading')}`)}>
                  H2
                </Button>
                <Button tone="quiet" onClick={() => insert(`- ${selected() || t('toolList')}`)}>
                  • {t('toolList')}
                </Button>
                <Button tone="quiet" onClick={() => insert(`[${selected() || t('toolLink')}](/terms)`, false)}>
                  {t('toolLink')}
                </Button>
                <Button tone="quiet" disabled={uploading} onClick={() => fileInput.current?.click()}>
                  {uploading ? t('uploading') : t('toolImage')}
                </Button>
                <input ref={fileInput} type="file" accept="image/jpeg,image/png" hidden data-testid="bo-content-image-input" onChange={(event) => void upload(event.target.files?.[0])} />
              </div>
              <textarea
                id="bo-content-markdown"
                ref={area}
                value={String(fields.markdown ?? '')}
                rows={18}
                spellCheck
                aria-invalid={err('markdown') ? true : undefined}
                onChange={(event) => set('markdown', event.target.value)}
              />
              {err('markdown') ? (
                <p className="bo-error-text" role="alert">
                  {err('markdown')}
                </p>
              ) : (
                <p className="bo-hint">{t('markdownHint')}</p>
              )}
              {fieldError(error, 'file') && (
                <p className="bo-error-text" role="alert">
                  {fieldError(error, 'file')}
                </p>
              )}
            </div>
          )}
        </fieldset>
        {writable && (
          <div className="bo-actions bo-content-actions">
            {dirty && <Badge tone="warn">{t('unsaved')}</Badge>}
            <Button tone="primary" disabled={!dirty || run.isPending || jsonError !== null} onClick={() => run.mutate('save')}>
              {t('save')}
            </Button>
            {entry.version !== null && (entry.version !== entry.published_version || entry.live !== 'published') && (
              <Button disabled={dirty || run.isPending} onClick={() => run.mutate('publish')}>
                {t('publish', { n: entry.version })}
              </Button>
            )}
            {entry.live === 'published' && (
              <Button tone="danger" disabled={run.isPending} onClick={() => window.confirm(t('confirmUnpublish')) && run.mutate('unpublish')}>
                {t('unpublish')}
              </Button>
            )}
          </div>
        )}
      </div>
      <Panel title={t('preview')} className="bo-content-preview">
        <p className="bo-hint">{t('previewHint')}</p>
        <Preview kind={entry.kind} fields={fields} language={entry.locale} />
      </Panel>
    </div>
  );
}

function History({ entry, t, strapi }: { entry: ContentEntryView<Fields>; t: T; strapi: boolean }) {
  const can = useCan();
  const locale = useBackofficeLocale();
  const queryClient = useQueryClient();
  const query = { kind: entry.kind, key: entry.key, language: entry.locale };
  const versions = useQuery({ queryKey: versionsKey(entry.kind, entry.key, entry.locale), queryFn: () => backofficeApi<ContentVersionRow[]>('content/versions', { query }) });
  const rows = versions.data ?? [];
  const newest = rows[0]?.version;
  const live = rows.find((row) => row.live)?.version;
  const [pair, setPair] = useState<{ from?: number; to?: number }>({});
  const to = pair.to ?? newest;
  const from = pair.from ?? (live !== undefined && live !== to ? live : rows.find((row) => row.version !== to)?.version);
  const version = (n: number | undefined) => ({
    queryKey: ['backoffice', 'content', 'version', entry.kind, entry.key, entry.locale, n],
    queryFn: () => backofficeApi<{ version: number; fields: Fields }>('content/version', { query: { ...query, version: n } }),
    enabled: n !== undefined,
  });
  const fromVersion = useQuery(version(from));
  const toVersion = useQuery(version(to));
  const [notice, setNotice] = useState<string | null>(null);
  const rollback = useMutation({
    mutationFn: (n: number) => backofficeApi<{ version: number; restored: number }>('content/rollback', { body: { kind: entry.kind, key: entry.key, locale: entry.locale, version: n, base_version: entry.version } }),
    onSuccess: async (answer) => {
      setNotice(t('rolledBack', { from: answer.restored, n: answer.version }));
      setPair({});
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'content'] });
    },
  });
  const sourceText = (row: ContentVersionRow) =>
    row.source === 'baseline' ? t('baseline') : row.source === 'ops' ? t('opsSource') : row.source === 'rollback' ? t('rollbackSource', { n: row.restored_from ?? '?' }) : t('saveSource');
  const parts = fromVersion.data && toVersion.data ? diffLines(asText(entry.kind, fromVersion.data.fields), asText(entry.kind, toVersion.data.fields)) : [];
  const writable = can('content.manage') && !strapi;

  return (
    <div className="bo-content-history">
      {notice && <Notice tone="good">{notice}</Notice>}
      {rollback.error && <Notice tone="bad">{rollback.error instanceof ApiError ? (Object.values(rollback.error.fields)[0] ?? rollback.error.message) : String(rollback.error)}</Notice>}
      <Panel title={t('versions')}>
        {rows.length === 0 && !versions.isPending && <p className="bo-empty">{t('noVersions')}</p>}
        {rows.length > 0 && (
          <div className="bo-table-wrap">
            <table className="bo-table" data-testid="bo-content-versions">
              <thead>
                <tr>
                  <th>{t('version')}</th>
                  <th>{t('source')}</th>
                  <th>{t('who')}</th>
                  <th>{t('when')}</th>
                  <th>{t('publishedAt')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.version} className={row.version === to || row.version === from ? 'bo-content-picked' : undefined}>
                    <td>
                      <strong>v{row.version}</strong> {row.live && <Badge tone="good">{t('live')}</Badge>}
                    </td>
                    <td>{sourceText(row)}</td>
                    <td className="bo-hint break-all">{row.created_by.replace(/^staff:\d+ /, '')}</td>
                    <td className="whitespace-nowrap">{formatTime(row.created_at, locale)}</td>
                    <td className="whitespace-nowrap">{row.published_at ? formatTime(row.published_at, locale) : '—'}</td>
                    {/* The flex row inside the cell: a cell that is itself a flex box leaves the table's layout. */}
                    <td>
                      <span className="bo-actions justify-end">
                        <Button tone="quiet" onClick={() => setPair({ from: row.version, to: row.version === to ? from : to })}>
                          {t('compare')}
                        </Button>
                        {writable && !row.live && (
                          <Button
                            tone="danger"
                            disabled={rollback.isPending}
                            onClick={() => window.confirm(t('confirmRollback', { n: row.version })) && rollback.mutate(row.version)}
                          >
                            {t('rollback')}
                          </Button>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      {from !== undefined && to !== undefined && (
        <div className="bo-content-compare">
          <Panel
            title={t('diffTitle', { from, to })}
            actions={
              <span className="bo-content-state">
                <label>
                  {t('diffFrom')}{' '}
                  <select value={from} onChange={(event) => setPair({ from: Number(event.target.value), to })}>
                    {rows.map((row) => (
                      <option key={row.version} value={row.version}>
                        v{row.version}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t('diffTo')}{' '}
                  <select value={to} onChange={(event) => setPair({ from, to: Number(event.target.value) })}>
                    {rows.map((row) => (
                      <option key={row.version} value={row.version}>
                        v{row.version}
                      </option>
                    ))}
                  </select>
                </label>
              </span>
            }
          >
            {parts.length > 0 && parts.every((part) => !part.added && !part.removed) ? (
              <p className="bo-empty">{t('noDiff')}</p>
            ) : (
              <pre className="bo-diff" data-testid="bo-content-diff">
                {parts.map((part, index) => (
                  <span key={index} className={part.added ? 'bo-diff-add' : part.removed ? 'bo-diff-del' : undefined}>
                    {part.value
                      .replace(/\n$/, '')
                      .split('\n')
                      .map((line) => `${part.added ? '+ ' : part.removed ? '- ' : '  '}${line}`)
                      .join('\n')}
                    {'\n'}
                  </span>
                ))}
              </pre>
            )}
          </Panel>
          {toVersion.data && (
            <Panel title={t('versionPreview', { n: to })} className="bo-content-preview">
              <Preview kind={entry.kind} fields={toVersion.data.fields} language={entry.locale} />
            </Panel>
          )}
        </div>
      )}
    </div>
  );
}
