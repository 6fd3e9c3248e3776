import { create } from 'zustand';
import { randomId } from '../../lib/id.ts';

/**
 * The dialog manager (spec 2 section 4): a stack of dialogs with ids. Only the topmost dialog of
 * each type is visible; stacking order is list order. Opening locks page scroll, the last close
 * unlocks it. A close is refused while the dialog has preventClose, unless asked immediately.
 */
export type DialogType = 'popup' | 'confirm' | 'curtain';

export type DialogEntry = {
  id: string;
  type: DialogType;
  /** Name of a registered dialog component (see registry.tsx). */
  component: string;
  dialogProps: { preventClose?: boolean; title?: string };
  componentProps: Record<string, unknown>;
  onClose?: (result?: unknown) => void;
};

/** `underneath`: beneath every dialog already open, shown once they close (a prompt that should not cover what the player just got). */
type OpenOptions = { underneath?: boolean };

type OpenInput = Omit<DialogEntry, 'id' | 'dialogProps' | 'componentProps' | 'type'> &
  Partial<Pick<DialogEntry, 'dialogProps' | 'componentProps' | 'type'>>;

type DialogState = {
  dialogs: DialogEntry[];
  open(input: OpenInput, options?: OpenOptions): string;
  /** Asks to close a dialog; answers false when preventClose refused it. */
  close(id: string, options?: { result?: unknown; immediate?: boolean }): boolean;
  closeAll(): void;
  setPreventClose(id: string, preventClose: boolean): void;
};

export function isVisible(dialogs: readonly DialogEntry[], entry: DialogEntry): boolean {
  const topOfType = dialogs.filter((dialog) => dialog.type === entry.type).at(-1);
  return topOfType?.id === entry.id;
}

function syncScrollLock(count: number) {
  if (typeof document === 'undefined') return;
  if (count > 0) document.body.setAttribute('data-scroll-locked', '');
  else document.body.removeAttribute('data-scroll-locked');
}

export const useDialogs = create<DialogState>((set, get) => ({
  dialogs: [],
  open(input, options = {}) {
    const entry: DialogEntry = {
      type: 'popup',
      dialogProps: {},
      componentProps: {},
      ...input,
      id: randomId(),
    };
    set((state) => ({ dialogs: options.underneath ? [entry, ...state.dialogs] : [...state.dialogs, entry] }));
    syncScrollLock(get().dialogs.length);
    return entry.id;
  },
  close(id, options = {}) {
    const entry = get().dialogs.find((dialog) => dialog.id === id);
    if (!entry) return false;
    if (entry.dialogProps.preventClose && !options.immediate) return false;
    set((state) => ({ dialogs: state.dialogs.filter((dialog) => dialog.id !== id) }));
    syncScrollLock(get().dialogs.length);
    entry.onClose?.(options.result);
    return true;
  },
  closeAll() {
    const closing = get().dialogs;
    set({ dialogs: [] });
    syncScrollLock(0);
    closing.forEach((entry) => entry.onClose?.());
  },
  setPreventClose(id, preventClose) {
    set((state) => ({
      dialogs: state.dialogs.map((dialog) =>
        dialog.id === id ? { ...dialog, dialogProps: { ...dialog.dialogProps, preventClose } } : dialog,
      ),
    }));
  },
}));
