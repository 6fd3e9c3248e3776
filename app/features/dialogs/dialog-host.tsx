import { Suspense } from 'react';
import { DialogFrame } from './frame-loader.ts';
import { isVisible, useDialogs } from './store.ts';

/** Renders the dialog stack: only the topmost dialog of each type is shown, in list order. */
export function DialogHost() {
  const dialogs = useDialogs((state) => state.dialogs);
  return (
    <Suspense fallback={null}>
      {dialogs.map((entry, index) => (isVisible(dialogs, entry) ? <DialogFrame key={entry.id} entry={entry} zIndex={50 + index} /> : null))}
    </Suspense>
  );
}
