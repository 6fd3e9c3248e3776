import { useCallback, useEffect } from 'react';
import { BETTING_LIVE_EVENTS, BETTING_METHODS, type BettingOddsMessage, type SlipSelectionView } from '../../../contract/betting.ts';
import { api } from '../../lib/api-client.ts';
import { connectLive, useLiveEvent } from '../../lib/live.ts';
import { useLocale, useRootData } from '../../lib/locale.ts';
import { useSlip } from './slip-store.ts';

/**
 * Keeps the slip's prices current: the saved slip is read back from localStorage once the page
 * has hydrated, its selections are checked again (betting/getSlip: current odds, still taking
 * bets?, and their names in the page's language, again when the language changes), and every
 * `betting.odds` message of the live channel moves them, through the player's odds-change
 * policy. Mounted once, by the betting layout.
 */
export function useSlipSync() {
  const applyPrices = useSlip((state) => state.applyPrices);
  const locale = useLocale();
  // Guests too: prices are public events (the signed-in player's stream is opened by the shell already).
  const uid = useRootData()?.user.uid || null;
  useEffect(() => connectLive(uid), [uid]);

  useEffect(() => {
    let cancelled = false;
    void Promise.resolve(useSlip.persist.rehydrate()).then(async () => {
      const ids = useSlip.getState().picks.map((pick) => pick.selectionId);
      if (!ids.length || cancelled) return;
      const answer = await api<{ items: SlipSelectionView[] }>(BETTING_METHODS.slip, { query: { ids }, locale }).catch(() => null);
      if (!answer || cancelled) return;
      const found = new Map(answer.items.map((item) => [item.selection_id, item]));
      useSlip.getState().applyNames(
        answer.items.flatMap((item) => {
          const selection = item.market.selections.find((candidate) => candidate.id === item.selection_id);
          if (!selection) return [];
          return [{ selectionId: item.selection_id, eventName: `${item.event.home} – ${item.event.away}`, marketName: item.market.name, selectionName: selection.name }];
        }),
      );
      useSlip.getState().applyPrices(
        ids.map((id) => {
          const item = found.get(id);
          // A selection the book no longer knows stays in the slip, locked, until the player removes it.
          return item ? { selectionId: id, odds: item.odds, suspended: !item.available } : { selectionId: id, odds: currentOdds(id), suspended: true };
        }),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  const onOdds = useCallback(
    (data: unknown) => {
      const message = data as BettingOddsMessage;
      const picks = useSlip.getState().picks.filter((pick) => pick.eventId === message.event_id);
      if (!picks.length) return;
      const prices = message.markets.flatMap((market) =>
        market.selections.map((selection) => ({ selectionId: selection.id, odds: selection.odds, suspended: market.status !== 'open' })),
      );
      applyPrices(prices.filter((price) => picks.some((pick) => pick.selectionId === price.selectionId)));
    },
    [applyPrices],
  );
  useLiveEvent(BETTING_LIVE_EVENTS.odds, onOdds);
}

const currentOdds = (id: number) => useSlip.getState().picks.find((pick) => pick.selectionId === id)?.current ?? '';
