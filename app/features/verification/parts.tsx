import clsx from 'clsx';
import { useRef, useState } from 'react';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { DocumentKind, VerificationDocumentView, VerificationStatus, VerificationView } from '../../../contract/verification.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { useToasts } from '../toasts/store.ts';
import { uploadDocument } from './api.ts';
import { useVerificationT } from './i18n.ts';

const TONE: Record<VerificationStatus, { icon: IconName; ring: string; glow: string; chip: string }> = {
  not_started: { icon: 'shield', ring: 'ring-gold-400/25', glow: 'from-gold-500/15', chip: 'bg-gold-500/15 text-gold-300 ring-gold-400/30' },
  pending: { icon: 'clock', ring: 'ring-violet-400/25', glow: 'from-violet-500/20', chip: 'bg-violet-500/15 text-violet-300 ring-violet-400/30' },
  approved: { icon: 'check', ring: 'ring-jade-400/25', glow: 'from-jade-500/20', chip: 'bg-jade-500/15 text-jade-400 ring-jade-500/30' },
  resubmission: { icon: 'alert', ring: 'ring-gold-400/30', glow: 'from-gold-500/20', chip: 'bg-gold-500/15 text-gold-300 ring-gold-400/30' },
  rejected: { icon: 'alert', ring: 'ring-ruby-500/30', glow: 'from-ruby-500/20', chip: 'bg-ruby-500/15 text-ruby-400 ring-ruby-500/30' },
};

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Where the player stands: the status with its icon and colour, what it means, the reviewer's reason. */
export function StatusBanner({ view, compact = false }: { view: VerificationView; compact?: boolean }) {
  const { t } = useVerificationT();
  const tone = TONE[view.status];
  return (
    <section
      className={clsx('relative overflow-hidden rounded-3xl bg-ink-850/80 ring-1', tone.ring, compact ? 'p-4' : 'p-5 tablet:p-7')}
      data-testid="verification-status"
      data-status={view.status}
    >
      <div className={clsx('pointer-events-none absolute inset-0 bg-gradient-to-br to-transparent', tone.glow)} aria-hidden="true" />
      <div className="relative flex items-start gap-4">
        <span className={clsx('grid shrink-0 place-items-center rounded-2xl ring-1', tone.chip, compact ? 'h-11 w-11' : 'h-14 w-14')}>
          <Icon name={tone.icon} size={compact ? 22 : 28} />
        </span>
        <div className="min-w-0 flex-1">
          <span className={clsx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase ring-1', tone.chip)} data-testid="verification-status-label">
            {t(`status.${view.status}.label`)}
          </span>
          <h2 className={clsx('mt-2 font-extrabold tracking-tight text-white', compact ? 'text-lg' : 'text-xl tablet:text-2xl')}>{t(`status.${view.status}.title`)}</h2>
          <p className="mt-1 text-sm leading-relaxed text-ink-300">{t(`status.${view.status}.text`)}</p>
          {view.reason && (
            <p className="mt-3 rounded-2xl bg-ink-950/50 px-4 py-3 text-sm text-ink-100 ring-1 ring-white/10" data-testid="verification-reason">
              <span className="font-semibold text-ink-300">{t('reason')}: </span>
              {view.reason}
            </p>
          )}
          {view.status === 'rejected' && (
            <LocalLink to="/support" className={clsx(buttonClass('secondary', 'sm'), 'mt-4')}>
              <Icon name="support" size={16} />
              {t('contactSupport')}
            </LocalLink>
          )}
        </div>
      </div>
    </section>
  );
}

type SlotProps = {
  kind: DocumentKind;
  required: boolean;
  documents: VerificationDocumentView[];
  view: VerificationView;
  locale: LocaleCode;
  onChanged: () => void;
};

/**
 * One kind of document: what it is, the file sent or ready to send (with its state), and the
 * upload. The file is checked for size here first (the server checks everything again).
 */
function DocumentSlot({ kind, required, documents, view, locale, onChanged }: SlotProps) {
  const { t } = useVerificationT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = documents.filter((doc) => doc.kind === kind).at(-1);
  const errorId = `verification-${kind}-error`;

  async function send(file: File) {
    setError(null);
    if (file.size > view.max_bytes) {
      setError(t('tooLarge', { max: megabytes(view.max_bytes) }));
      return;
    }
    setBusy(true);
    try {
      await uploadDocument(kind, file, locale);
      onChanged();
    } catch (failure) {
      setError(isApiError(failure) ? (failure.fields.file ?? failure.fields.kind ?? failure.message) : t('uploadFailed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove(doc: VerificationDocumentView) {
    setError(null);
    try {
      await api('verification/remove', { body: { id: doc.id } });
      onChanged();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('uploadFailed'));
    }
  }

  const isImage = current?.content_type.startsWith('image/');
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-ink-900/70 p-4 ring-1 ring-white/5" data-testid={`verification-slot-${kind}`}>
      <div className="flex items-start gap-3">
        <div className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-xl bg-ink-800 text-ink-400 ring-1 ring-white/10">
          {current && isImage ? (
            <img src={`${current.url}?inline=1`} alt="" className="h-full w-full object-cover" loading="lazy" />
          ) : (
            <Icon name={current ? 'receipt' : kind === 'selfie' ? 'user' : kind === 'proof_of_address' ? 'home' : 'cards'} size={26} />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-bold text-white">
            {t(`kinds.${kind}.title`)}
            <span className={clsx('rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1', required ? 'bg-gold-500/10 text-gold-300 ring-gold-400/25' : 'bg-white/5 text-ink-300 ring-white/10')}>
              {t(required ? 'required' : 'optional')}
            </span>
          </p>
          <p className="mt-1 text-sm text-ink-400">{t(`kinds.${kind}.hint`)}</p>
          {current && (
            <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid={`verification-doc-${kind}`} data-doc-status={current.status}>
              <span className="max-w-[12rem] truncate text-ink-200">{current.name}</span>
              <span className="text-ink-500">{megabytes(current.size)}</span>
              <DocStatus status={current.status} />
            </p>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm text-ruby-400" data-testid={`verification-error-${kind}`}>
          <Icon name="alert" size={16} className="mt-0.5 shrink-0" />
          {error}
        </p>
      )}
      {(view.can_upload || current) && (
        <div className="flex flex-wrap gap-2">
          {view.can_upload && (
            <>
              <input
                ref={input}
                type="file"
                accept={view.accept.join(',')}
                className="sr-only"
                id={`verification-file-${kind}`}
                data-testid={`verification-file-${kind}`}
                aria-describedby={error ? errorId : undefined}
                disabled={busy}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) void send(file);
                }}
              />
              <label htmlFor={`verification-file-${kind}`} className={clsx(buttonClass(current?.status === 'draft' ? 'secondary' : 'primary', 'sm'), busy && 'pointer-events-none opacity-60', 'cursor-pointer')}>
                <Icon name={busy ? 'clock' : 'download'} size={16} className={busy ? '' : 'rotate-180'} />
                {busy ? t('uploading') : t(current?.status === 'draft' ? 'replace' : 'choose')}
              </label>
            </>
          )}
          {current && (
            <a href={current.url} className={buttonClass('ghost', 'sm')} data-testid={`verification-open-${kind}`}>
              {t('view')}
            </a>
          )}
          {current?.status === 'draft' && view.can_upload && (
            <Button variant="ghost" size="sm" onClick={() => void remove(current)} data-testid={`verification-remove-${kind}`}>
              {t('remove')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function DocStatus({ status }: { status: VerificationDocumentView['status'] }) {
  const { t } = useVerificationT();
  const tone = { draft: 'text-gold-300', submitted: 'text-violet-300', approved: 'text-jade-400', rejected: 'text-ruby-400' }[status];
  return <span className={clsx('font-semibold', tone)}>· {t(`docStatus.${status}`)}</span>;
}

/** The documents asked for (required first), each with its upload, and Send for review. */
export function DocumentList({ view, locale, onChanged, onSubmitted }: { view: VerificationView; locale: LocaleCode; onChanged: () => void; onSubmitted: (next: VerificationView) => void }) {
  const { t } = useVerificationT();
  const show = useToasts((state) => state.show);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kinds = [...view.required.map((kind) => ({ kind, required: true })), ...view.optional.map((kind) => ({ kind, required: false }))];

  async function submit() {
    setSending(true);
    setError(null);
    try {
      const next = await api<VerificationView>('setUserOnVerification', { body: {} });
      onSubmitted(next);
      show({ kind: 'success', title: t('sent') });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('uploadFailed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="space-y-4">
      <ul className="grid gap-3 laptop:grid-cols-2" data-testid="verification-documents">
        {kinds.map(({ kind, required }) => (
          <DocumentSlot key={kind} kind={kind} required={required} documents={view.documents} view={view} locale={locale} onChanged={onChanged} />
        ))}
      </ul>
      <p className="text-xs text-ink-500">{t('formats', { max: megabytes(view.max_bytes) })}</p>
      {view.can_upload && (
        <div className="flex flex-col gap-3 rounded-2xl bg-white/[0.03] p-4 ring-1 ring-white/5 tablet:flex-row tablet:items-center tablet:justify-between">
          <p className="text-sm text-ink-300">{view.can_submit ? t(`status.${view.status}.text`) : t('submitHint')}</p>
          <Button size="lg" disabled={!view.can_submit || sending} onClick={() => void submit()} data-testid="verification-submit" className="w-full tablet:w-auto">
            <Icon name="shield" size={18} />
            {sending ? t('submitting') : t('submit')}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-ruby-400" data-testid="verification-submit-error">
          {error}
        </p>
      )}
    </div>
  );
}
