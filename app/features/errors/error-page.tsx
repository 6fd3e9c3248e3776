import { isRouteErrorResponse, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createAppError, pageNotFoundMessage, type AppErrorShape } from '../../../contract/errors.ts';
import type { PageErrorData } from '../../lib/page-errors.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { DefaultShell, EmptyShell } from '../shell/default-shell.tsx';
import { PageMeta } from '../pages/page-meta.tsx';

type Kind = 'notFound' | 'forbidden' | 'maintenance' | 'userBlocked' | 'errorsSlot';

/** Normalizes anything thrown into the spec's error object (statusCode, statusMessage, data, fatal). */
export function toAppError(error: unknown): AppErrorShape {
  if (isRouteErrorResponse(error)) {
    const data = (typeof error.data === 'object' && error.data ? error.data : {}) as Partial<PageErrorData>;
    return createAppError({ statusCode: error.status, statusMessage: data.message ?? error.statusText, data, fatal: data.fatal ?? false });
  }
  if (error instanceof Error) return createAppError({ statusCode: 500, statusMessage: error.message, data: { cause: error.cause }, fatal: true });
  return createAppError({ statusCode: 500, statusMessage: 'Unknown error' });
}

export function errorKind(appError: AppErrorShape): Kind {
  const type = (appError.data as Partial<PageErrorData> | undefined)?.type;
  if (appError.statusCode === 503) return 'maintenance';
  if (type === 'UserBannedException') return 'userBlocked';
  if (appError.statusCode === 403) return 'forbidden';
  if (appError.statusCode >= 500) return 'errorsSlot';
  return 'notFound';
}

const LOOK: Record<Kind, { icon: IconName; action?: { to: string; label: string } }> = {
  notFound: { icon: 'compass', action: { to: '/', label: 'actions.goHome' } },
  forbidden: { icon: 'lock', action: { to: '/', label: 'actions.goHome' } },
  maintenance: { icon: 'tools' },
  userBlocked: { icon: 'shield', action: { to: '/support', label: 'actions.contactSupport' } },
  errorsSlot: { icon: 'alert', action: { to: '/gamehall', label: 'actions.toGameHall' } },
};

export function AppErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const location = useLocation();
  const localize = useLocalizedPath();
  const appError = toAppError(error);
  const kind = errorKind(appError);
  const look = LOOK[kind];
  const message = kind === 'notFound' ? pageNotFoundMessage((appError.data as PageErrorData | undefined)?.path ?? location.pathname) : null;

  const body = (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center" data-testid={`error-${kind}`} data-status={appError.statusCode}>
      <div className="relative mb-6 grid h-20 w-20 place-items-center rounded-3xl bg-gradient-to-br from-violet-500/40 to-ink-800 text-gold-300 ring-1 ring-white/10">
        <Icon name={look.icon} size={38} />
      </div>
      <PageMeta title={t(`${kind}.title`)} description={t(`${kind}.description`)} robots="noindex" />
      <p className="text-sm font-semibold tracking-widest text-gold-400">{appError.statusCode}</p>
      <h1 className="mt-2 text-3xl font-extrabold tablet:text-4xl">{t(`${kind}.title`)}</h1>
      <p className="mt-3 text-ink-300">{t(`${kind}.description`)}</p>
      {message && (
        <p className="mt-4 rounded-lg bg-ink-800 px-3 py-2 font-mono text-sm text-ink-200" data-testid="error-message">
          {message}
        </p>
      )}
      {look.action && (
        <ButtonLink to={localize(look.action.to)} className="mt-8" size="lg">
          {t(look.action.label, { ns: 'common' })}
        </ButtonLink>
      )}
      {import.meta.env.DEV && kind === 'errorsSlot' && <ErrorReport appError={appError} error={error} />}
    </section>
  );

  return kind === 'maintenance' || kind === 'forbidden' ? <EmptyShell>{body}</EmptyShell> : <DefaultShell>{body}</DefaultShell>;
}

/** The runtime error report, for developers only (never rendered by a production build). */
function ErrorReport({ appError, error }: { appError: AppErrorShape; error: unknown }) {
  const report = {
    message: error instanceof Error ? error.message : appError.statusMessage,
    statusCode: appError.statusCode,
    statusMessage: appError.statusMessage,
    fatal: appError.fatal,
    unhandled: !isRouteErrorResponse(error),
    data: appError.data,
    cause: error instanceof Error ? String(error.cause ?? '') : '',
    stack: error instanceof Error ? error.stack : '',
  };
  return <pre className="mt-8 w-full overflow-auto rounded-xl bg-ink-950 p-4 text-left text-xs text-ink-300">{JSON.stringify(report, null, 2)}</pre>;
}
