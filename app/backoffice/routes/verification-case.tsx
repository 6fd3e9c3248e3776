import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useLiveRefresh } from '../live.ts';
import { STATUS_TONE, verificationTexts, type VerificationTextKey } from '../protection-texts.ts';
import { Can, useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel } from '../ui/controls.tsx';
import { formatTime } from '../ui/format.ts';
import '../protection.css';

const texts = defineTexts({
  en: {
    back: '← Verification queue',
    title: 'Verification of {who}',
    subtitle: 'Player #{id} · {status} · reviewed by {provider}',
    documents: 'Documents',
    earlier: 'Earlier documents ({n})',
    noDocuments: 'No document on record.',
    open: 'Open in a new tab',
    pdfNote: 'PDFs are shown by the browser’s own viewer; if it shows nothing, open the file in a new tab.',
    uploaded: 'uploaded {at}',
    size: '{kb} KB',
    pixels: '{w} × {h} px',
    decision: 'Decision',
    approve: 'Approve',
    confirmApprove: 'Approve this verification? The player is told by mail and on the site, and withdrawals held for it open.',
    yesApprove: 'Yes, approve',
    cancel: 'Cancel',
    reason: 'Reason the player reads',
    reasonHint: 'Needed to ask for new documents or to reject. Written to the player, in their words: what to send again and why.',
    resubmit: 'Ask for new documents',
    reject: 'Reject for good',
    confirmReject: 'Reject for good? The player can no longer send documents and is sent to support.',
    keys: 'Keys: a approve · r write a reason · Esc cancel',
    done: 'Decision saved: {status}. The player is told by mail and on the site.',
    notWaiting: 'This case is not waiting for a review: nothing to decide.',
    sumsubCase: 'Sumsub reviews this case: its decisions come by webhook.',
    history: 'History',
    noHistory: 'Nothing yet.',
    webhooks: 'Sumsub webhooks',
    noWebhooks: 'No webhook received for this applicant.',
    applicant: 'Applicant {id}',
    reasonShown: 'Reason shown to the player',
    reviewer: 'Last decided by',
    upload: 'Upload',
    submitted: 'Sent for review',
    player: 'player',
    loading: 'Loading the case…',
  },
  fr: {
    back: '← File de vérification',
    title: 'Vérification de {who}',
    subtitle: 'Joueur n° {id} · {status} · examiné par {provider}',
    documents: 'Documents',
    earlier: 'Documents précédents ({n})',
    noDocuments: 'Aucun document enregistré.',
    open: 'Ouvrir dans un nouvel onglet',
    pdfNote: 'Les PDF sont affichés par la visionneuse du navigateur ; si rien ne s’affiche, ouvrez le fichier dans un nouvel onglet.',
    uploaded: 'envoyé le {at}',
    size: '{kb} Ko',
    pixels: '{w} × {h} px',
    decision: 'Décision',
    approve: 'Approuver',
    confirmApprove: 'Approuver cette vérification ? Le joueur est prévenu par e-mail et sur le site, et les retraits en attente s’ouvrent.',
    yesApprove: 'Oui, approuver',
    cancel: 'Annuler',
    reason: 'Motif lu par le joueur',
    reasonHint: 'Nécessaire pour demander de nouveaux documents ou refuser. Écrit pour le joueur : quoi renvoyer et pourquoi.',
    resubmit: 'Demander de nouveaux documents',
    reject: 'Refuser définitivement',
    confirmReject: 'Refuser définitivement ? Le joueur ne pourra plus envoyer de documents et sera dirigé vers le support.',
    keys: 'Touches : a approuver · r écrire un motif · Échap annuler',
    done: 'Décision enregistrée : {status}. Le joueur est prévenu par e-mail et sur le site.',
    notWaiting: 'Ce dossier n’attend pas d’examen : rien à décider.',
    sumsubCase: 'Sumsub examine ce dossier : ses décisions arrivent par webhook.',
    history: 'Historique',
    noHistory: 'Rien pour l’instant.',
    webhooks: 'Webhooks Sumsub',
    noWebhooks: 'Aucun webhook reçu pour ce candidat.',
    applicant: 'Candidat {id}',
    reasonShown: 'Motif montré au joueur',
    reviewer: 'Dernière décision par',
    upload: 'Envoi',
    submitted: 'Envoyé pour examen',
    player: 'joueur',
    loading: 'Chargement du dossier…',
  },
});

type Status = keyof typeof STATUS_TONE;
type CaseDocument = {
  id: string;
  kind: VerificationTextKey;
  status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'replaced';
  content_type: string;
  size: number;
  sha256: string;
  name: string;
  uploaded_at: string;
  width: number | null;
  height: number | null;
  url: string;
};
type CaseView = {
  user_id: number;
  status: Status;
  provider: 'builtin' | 'sumsub';
  external_id: string | null;
  reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  reviewed_by: string | null;
  can_decide: boolean;
  player: { email: string | null; phone: string | null; locale: string; status: string };
  documents: CaseDocument[];
  history: Array<{ at: string; event: string; actor: string; status: string | null; reason: string | null; kind?: VerificationTextKey }>;
  webhooks: Array<{ id: number; received_at: string; type: string | null; review_status: string | null; answer: string | null; reject_type: string | null; comment: string | null }>;
};

const KIND_ORDER: string[] = ['identity_front', 'identity_back', 'proof_of_address', 'selfie'];
const DOC_TONE = { draft: 'neutral', submitted: 'info', approved: 'good', rejected: 'bad', replaced: 'neutral' } as const;

/** One document: an image inline, a PDF in the browser's viewer (same-origin frame), its facts, a link to open it alone. */
function DocumentView({ doc }: { doc: CaseDocument }) {
  const t = useTexts(texts);
  const v = useTexts(verificationTexts);
  const locale = useBackofficeLocale();
  const pdf = doc.content_type === 'application/pdf';
  return (
    <article className="bo-doc" data-testid={`bo-doc-${doc.kind}`}>
      <div className="bo-doc-head">
        <h3>{v(doc.kind)}</h3>
        <Badge tone={DOC_TONE[doc.status]}>{doc.status}</Badge>
      </div>
      {pdf ? (
        <iframe className="bo-doc-view" src={doc.url} title={`${v(doc.kind)} · ${doc.name}`} />
      ) : (
        <a href={doc.url} target="_blank" rel="noreferrer">
          <img className="bo-doc-view" src={doc.url} alt={`${v(doc.kind)} · ${doc.name}`} />
        </a>
      )}
      <p className="bo-doc-meta">
        <span>{doc.name}</span>
        <span>{doc.content_type}</span>
        <span>{t('size', { kb: Math.max(1, Math.round(doc.size / 1024)) })}</span>
        {doc.width && doc.height && <span>{t('pixels', { w: doc.width, h: doc.height })}</span>}
        <span>{t('uploaded', { at: formatTime(doc.uploaded_at, locale) })}</span>
        <span className="bo-mono" title={doc.sha256}>
          sha256 {doc.sha256.slice(0, 12)}…
        </span>
      </p>
      <p className="bo-doc-meta">
        <a href={doc.url} target="_blank" rel="noreferrer">
          {t('open')}
        </a>
        {pdf && <span>{t('pdfNote')}</span>}
      </p>
    </article>
  );
}

/** The decisions: approve (a), or a reason (r) then ask for new documents or reject for good. */
function DecisionPanel({ found, onDecided }: { found: CaseView; onDecided(status: string): void }) {
  const t = useTexts(texts);
  const can = useCan();
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const reason = useRef<HTMLTextAreaElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const allowed = can('verification.decide') && found.can_decide;

  useEffect(() => {
    if (!allowed) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.ctrlKey || event.metaKey || event.altKey || target.closest('input, textarea, select')) return;
      if (event.key === 'a') {
        event.preventDefault();
        setConfirming('approve');
      } else if (event.key === 'r') {
        event.preventDefault();
        reason.current?.focus();
      } else if (event.key === 'Escape') setConfirming(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [allowed]);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function decide(decision: 'approve' | 'resubmission' | 'reject') {
    setBusy(true);
    setError(null);
    try {
      const after = await backofficeApi<{ status: string }>('verification/decide', { body: { user_id: found.user_id, decision, reason: decision === 'approve' ? undefined : (reason.current?.value ?? '') } });
      setConfirming(null);
      onDecided(after.status);
    } catch (caught) {
      setError(caught);
      setConfirming(null);
      if (decision !== 'approve') reason.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (found.provider === 'sumsub' && found.status === 'pending') return <Notice>{t('sumsubCase')}</Notice>;
  if (!found.can_decide) return <Notice>{t('notWaiting')}</Notice>;
  return (
    <div className="bo-decide">
      {confirming === 'approve' ? (
        <div className="bo-confirm" role="group" aria-label={t('approve')}>
          <p>{t('confirmApprove')}</p>
          <div className="bo-decide-buttons">
            <button ref={confirmButton} type="button" className="bo-button bo-button-primary" disabled={busy} onClick={() => void decide('approve')}>
              {t('yesApprove')}
            </button>
            <Button onClick={() => setConfirming(null)}>{t('cancel')}</Button>
          </div>
        </div>
      ) : (
        <Button tone="primary" disabled={!allowed || busy} onClick={() => setConfirming('approve')}>
          {t('approve')}
        </Button>
      )}
      <div className="bo-field">
        <label htmlFor="bo-decision-reason">{t('reason')}</label>
        <textarea
          ref={reason}
          id="bo-decision-reason"
          name="reason"
          maxLength={1000}
          disabled={!allowed}
          aria-invalid={fieldError(error, 'reason') ? true : undefined}
          aria-describedby={fieldError(error, 'reason') ? 'bo-decision-reason-error' : 'bo-decision-reason-hint'}
        />
        {fieldError(error, 'reason') ? (
          <p id="bo-decision-reason-error" className="bo-error-text" role="alert">
            {fieldError(error, 'reason')}
          </p>
        ) : (
          <p id="bo-decision-reason-hint" className="bo-hint">
            {t('reasonHint')}
          </p>
        )}
      </div>
      {confirming === 'reject' ? (
        <div className="bo-confirm" role="group" aria-label={t('reject')}>
          <p>{t('confirmReject')}</p>
          <div className="bo-decide-buttons">
            <button ref={confirmButton} type="button" className="bo-button bo-button-danger" disabled={busy} onClick={() => void decide('reject')}>
              {t('reject')}
            </button>
            <Button onClick={() => setConfirming(null)}>{t('cancel')}</Button>
          </div>
        </div>
      ) : (
        <div className="bo-decide-buttons">
          <Button disabled={!allowed || busy} onClick={() => void decide('resubmission')}>
            {t('resubmit')}
          </Button>
          <Button tone="danger" disabled={!allowed || busy} onClick={() => setConfirming('reject')}>
            {t('reject')}
          </Button>
        </div>
      )}
      {fieldError(error, 'user_id') && <Notice tone="bad">{fieldError(error, 'user_id')}</Notice>}
      {fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
      <p className="bo-keys">{t('keys')}</p>
    </div>
  );
}

/** A case: the player's documents in a viewer, the decision, the history and Sumsub's webhooks. */
export default function VerificationCase() {
  const t = useTexts(texts);
  const v = useTexts(verificationTexts);
  const locale = useBackofficeLocale();
  const { userId } = useParams();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const queryKey = ['backoffice', 'verification', 'case', userId];
  const found = useQuery({ queryKey, queryFn: () => backofficeApi<CaseView>('verification/case', { query: { user_id: userId } }) });
  useLiveRefresh('verification', queryKey);

  if (found.isError) {
    return (
      <>
        <Link to={`${BACKOFFICE_PATH}/verification`}>{t('back')}</Link>
        <Notice tone="bad">{found.error.message}</Notice>
      </>
    );
  }
  if (!found.data) return <p>{t('loading')}</p>;
  const data = found.data;
  const who = data.player.email ?? data.player.phone ?? `#${data.user_id}`;
  // This round's documents in the order the player's page asks for them (identity first).
  const current = data.documents.filter((doc) => doc.status !== 'replaced').sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  const earlier = data.documents.filter((doc) => doc.status === 'replaced');
  const eventName = (event: string) => (event === 'upload' ? t('upload') : event === 'submitted' ? t('submitted') : event);

  return (
    <>
      <Link to={`${BACKOFFICE_PATH}/verification`}>{t('back')}</Link>
      <PageHeader
        title={t('title', { who })}
        subtitle={t('subtitle', { id: data.user_id, status: v(data.status), provider: v(data.provider) })}
        actions={<Badge tone={STATUS_TONE[data.status]}>{v(data.status)}</Badge>}
      />
      {done && <Notice tone="good">{t('done', { status: v(done as Status) })}</Notice>}
      <div className="bo-case">
        <div className="bo-form">
          <Panel title={t('documents')}>
            {current.length ? (
              <div className="bo-docs">
                {current.map((doc) => (
                  <DocumentView key={doc.id} doc={doc} />
                ))}
              </div>
            ) : (
              <p className="bo-hint">{t('noDocuments')}</p>
            )}
            {earlier.length > 0 && (
              <details>
                <summary>{t('earlier', { n: earlier.length })}</summary>
                <div className="bo-docs">
                  {earlier.map((doc) => (
                    <DocumentView key={doc.id} doc={doc} />
                  ))}
                </div>
              </details>
            )}
          </Panel>
          {(data.provider === 'sumsub' || data.webhooks.length > 0) && (
            <Panel title={t('webhooks')} actions={data.external_id && <span className="bo-mono">{t('applicant', { id: data.external_id })}</span>}>
              {data.webhooks.length ? (
                <ul className="bo-history">
                  {data.webhooks.map((hook) => (
                    <li key={hook.id}>
                      <time dateTime={hook.received_at}>{formatTime(hook.received_at, locale)}</time>
                      <p>
                        <span className="bo-mono">{hook.type}</span> {hook.review_status} {hook.answer && <Badge tone={hook.answer === 'GREEN' ? 'good' : 'bad'}>{hook.answer}</Badge>} {hook.reject_type}
                        {hook.comment && <span className="bo-hint"> · {hook.comment}</span>}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="bo-hint">{t('noWebhooks')}</p>
              )}
            </Panel>
          )}
        </div>
        <div className="bo-case-side">
          <Can permission="verification.decide">
            <Panel title={t('decision')}>
              <DecisionPanel
                found={data}
                onDecided={(status) => {
                  setDone(status);
                  void queryClient.invalidateQueries({ queryKey: ['backoffice', 'verification'] });
                }}
              />
            </Panel>
          </Can>
          {(data.reason || data.reviewed_by) && (
            <Panel>
              <dl className="bo-dl">
                {data.reason && (
                  <>
                    <dt>{t('reasonShown')}</dt>
                    <dd>{data.reason}</dd>
                  </>
                )}
                {data.reviewed_by && (
                  <>
                    <dt>{t('reviewer')}</dt>
                    <dd>
                      {data.reviewed_by} · {formatTime(data.reviewed_at, locale)}
                    </dd>
                  </>
                )}
              </dl>
            </Panel>
          )}
          <Panel title={t('history')}>
            {data.history.length ? (
              <ol className="bo-history" data-testid="bo-verification-history">
                {data.history.map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    <time dateTime={entry.at}>{formatTime(entry.at, locale)}</time>
                    <p>
                      <strong>{eventName(entry.event)}</strong> {entry.kind && v(entry.kind)} {entry.status && <Badge tone={STATUS_TONE[entry.status as Status] ?? 'neutral'}>{entry.status in STATUS_TONE ? v(entry.status as Status) : entry.status}</Badge>}
                      <span className="bo-hint"> · {entry.actor === 'player' ? t('player') : entry.actor}</span>
                      {entry.reason && <span className="bo-hint"> · {entry.reason}</span>}
                    </p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="bo-hint">{t('noHistory')}</p>
            )}
          </Panel>
        </div>
      </div>
    </>
  );
}
