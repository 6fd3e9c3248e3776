import clsx from 'clsx';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { DIALOG_COMPONENTS } from './registry.tsx';
import { useDialogs, type DialogEntry } from './store.ts';

/** One dialog of the stack (dialog-host.tsx): the modal element, its close button and its component. */
export default function DialogFrame({ entry, zIndex }: { entry: DialogEntry; zIndex: number }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useDialogs((state) => state.close);
  const Component = DIALOG_COMPONENTS[entry.component];
  const preventClose = entry.dialogProps.preventClose === true;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      style={{ zIndex }}
      aria-label={entry.dialogProps.title ?? t(`dialogs.${entry.component}.title`, { defaultValue: '' })}
      data-testid={`dialog-${entry.component}`}
      onKeyDown={(event) => {
        // Escape: let the manager decide (preventClose keeps the dialog open). Handled on the key,
        // because Chromium honours preventDefault on a dialog's cancel event only once per user
        // activation: a second Escape would close a non-closable dialog behind the manager's back.
        if (event.key === 'Escape') {
          event.preventDefault();
          close(entry.id);
        }
      }}
      onCancel={(event) => event.preventDefault()}
      onClick={(event) => {
        if (event.target === ref.current) close(entry.id);
      }}
      className={clsx(
        'm-0 max-h-none max-w-none bg-transparent p-0 text-ink-100 backdrop:bg-ink-950/70',
        entry.type === 'curtain'
          ? 'h-dvh w-[min(88vw,360px)]'
          : 'fixed inset-0 m-auto h-fit max-h-[92dvh] w-[min(94vw,480px)] overflow-visible',
      )}
    >
      <div
        className={clsx(
          'relative overflow-y-auto bg-ink-850 shadow-2xl ring-1 ring-white/10',
          entry.type === 'curtain' ? 'h-full p-5' : 'max-h-[92dvh] rounded-2xl p-6',
        )}
      >
        {!preventClose && (
          <button
            type="button"
            onClick={() => close(entry.id)}
            className="absolute top-3 right-3 grid h-9 w-9 place-items-center rounded-lg text-ink-300 hover:bg-white/5 hover:text-white"
            aria-label={t('actions.close')}
            data-testid="dialog-close"
          >
            <Icon name="close" />
          </button>
        )}
        <Suspense fallback={<Skeleton lines={5} />}>
          {Component ? <Component {...entry.componentProps} dialogId={entry.id} /> : null}
        </Suspense>
      </div>
    </dialog>
  );
}
