import { create } from 'zustand';
import { TOAST_DEFAULT_MS } from '../../../contract/constants.ts';
import { randomId } from '../../lib/id.ts';

/** Toasts (spec 2 section 4): added and removed by id; each removes itself after its time. */
export type ToastKind = 'success' | 'error' | 'info';
export type ToastEntry = { id: string; kind: ToastKind; title: string; message?: string; durationMs: number };

type ToastState = {
  toasts: ToastEntry[];
  show(input: Omit<ToastEntry, 'id' | 'durationMs'> & { durationMs?: number }): string;
  dismiss(id: string): void;
};

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(input) {
    const entry: ToastEntry = { durationMs: TOAST_DEFAULT_MS, ...input, id: randomId() };
    set((state) => ({ toasts: [...state.toasts, entry] }));
    timers.set(entry.id, setTimeout(() => get().dismiss(entry.id), entry.durationMs));
    return entry.id;
  },
  dismiss(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));
