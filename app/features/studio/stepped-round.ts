import { useCallback, useState } from 'react';
import type { Engine, RoundView } from '../../../contract/studio.ts';
import { outcomeOf, type StudioSession } from './types.ts';

/**
 * The round on screen of a game whose rounds stay open between moves (Hi-Lo, video poker): the
 * open round of the launch when there is one (a reload resumes it), the last settled outcomes
 * (newest first, at most `keep`) and the last win. `show` puts a round the studio answered on
 * screen and commits its balance.
 */
export function useSteppedRound<T>(session: Pick<StudioSession, 'launch' | 'commit'>, engine: Engine, keep: number, onSettled?: (outcome: T) => void) {
  const opened = session.launch.open_round?.engine === engine ? session.launch.open_round : null;
  const [round, setRound] = useState<RoundView | null>(opened);
  const [history, setHistory] = useState<T[]>([]);
  const [lastWin, setLastWin] = useState<string | null>(null);
  const show = useCallback(
    (next: RoundView) => {
      setRound(next);
      session.commit(next);
      if (next.status === 'settled') {
        const done = outcomeOf<T>(next);
        setHistory((list) => [done, ...list].slice(0, keep));
        setLastWin(next.win);
        onSettled?.(done);
      }
    },
    [session, keep, onSettled],
  );
  return { round, view: round ? outcomeOf<T>(round) : null, history, lastWin, show };
}
