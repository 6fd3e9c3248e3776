import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Engine } from '../../../contract/studio.ts';
import type { StudioClientProps } from './types.ts';

/** One chunk per engine: a game page downloads only its own client. */
export const CLIENTS: Record<Engine, LazyExoticComponent<ComponentType<StudioClientProps>>> = {
  slot: lazy(() => import('./slot/slot-client.tsx')),
  roulette: lazy(() => import('./roulette/roulette-client.tsx')),
  blackjack: lazy(() => import('./blackjack/blackjack-client.tsx')),
  dice: lazy(() => import('./dice/dice-client.tsx')),
  plinko: lazy(() => import('./plinko/plinko-client.tsx')),
  limbo: lazy(() => import('./limbo/limbo-client.tsx')),
  keno: lazy(() => import('./keno/keno-client.tsx')),
  mines: lazy(() => import('./mines/mines-client.tsx')),
  baccarat: lazy(() => import('./baccarat/baccarat-client.tsx')),
  hilo: lazy(() => import('./hilo/hilo-client.tsx')),
  'video-poker': lazy(() => import('./video-poker/video-poker-client.tsx')),
  coins: lazy(() => import('./coins/coins-client.tsx')),
  cascade: lazy(() => import('./cascade/cascade-client.tsx')),
};
