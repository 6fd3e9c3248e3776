import { lazy, Suspense, useSyncExternalStore } from 'react';
import { insideTelegram } from './inside-telegram.ts';

// Nearly every visit is outside Telegram: the mini-app's code (its sign-in, its texts) loads only
// inside it, which keeps it off the home page's first load (the JS budget).
const TelegramMiniApp = lazy(() => import('./telegram-mini-app.tsx').then((module) => ({ default: module.TelegramMiniApp })));

const neverChanges = () => () => {};

/** Mounted once for every page (app-providers): the Telegram mini-app side, only inside Telegram. */
export function TelegramGate() {
  // The server cannot know (false there and while hydrating); the browser answers right after.
  const inside = useSyncExternalStore(neverChanges, insideTelegram, () => false);
  if (!inside) return null;
  return (
    <Suspense fallback={null}>
      <TelegramMiniApp />
    </Suspense>
  );
}
