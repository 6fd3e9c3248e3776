import type { ComponentType } from 'react';
import { preloadable } from './preloadable.ts';
import type { DialogComponentProps } from './types.ts';

/** Fetched ahead by the inactivity logout (signed-in players): it must show even if the network is gone by then. */
export const InactivityWarningDialog = preloadable(() => import('../session/inactivity-warning.tsx') as Promise<{ default: ComponentType<DialogComponentProps> }>);
