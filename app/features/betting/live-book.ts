import { useCallback, useState } from 'react';
import {
  BETTING_LIVE_EVENTS,
  type BettingEventMessage,
  type BettingOddsMessage,
  type EventView,
  type MarketView,
} from '../../../contract/betting.ts';
import { useLiveEvent } from '../../lib/live.ts';

/**
 * Events kept current by the page's live stream (app/lib/live.ts, the channel of balances and
 * toasts): `betting.odds` replaces a market's prices and status when its version is newer than
 * the page's, `betting.event` the score, clock and status. The page never reloads for it.
 */
export function mergeOdds(events: readonly EventView[], message: BettingOddsMessage): EventView[] {
  let touched = false;
  const next = events.map((event) => {
    if (event.id !== message.event_id) return event;
    const markets = event.markets.map((market): MarketView => {
      const update = message.markets.find((item) => item.id === market.id);
      if (!update || update.version <= market.version) return market;
      touched = true;
      const prices = new Map(update.selections.map((selection) => [selection.id, selection]));
      return {
        ...market,
        status: update.status,
        version: update.version,
        selections: market.selections.map((selection) => {
          const price = prices.get(selection.id);
          return price ? { ...selection, odds: price.odds, result: price.result } : selection;
        }),
      };
    });
    return touched ? { ...event, markets } : event;
  });
  return touched ? next : (events as EventView[]);
}

export function mergeEvent(events: readonly EventView[], message: BettingEventMessage): EventView[] {
  if (!events.some((event) => event.id === message.id)) return events as EventView[];
  return events.map((event) => (event.id === message.id ? { ...event, status: message.status, score: message.score, clock: message.clock } : event));
}

export function useLiveEvents(initial: readonly EventView[]): EventView[] {
  const [events, setEvents] = useState<EventView[]>([...initial]);
  // A new list from the loader (another sport, a revalidation) starts again from it.
  const [source, setSource] = useState(initial);
  if (source !== initial) {
    setSource(initial);
    setEvents([...initial]);
  }
  const onOdds = useCallback((data: unknown) => setEvents((current) => mergeOdds(current, data as BettingOddsMessage)), []);
  const onEvent = useCallback((data: unknown) => setEvents((current) => mergeEvent(current, data as BettingEventMessage)), []);
  useLiveEvent(BETTING_LIVE_EVENTS.odds, onOdds);
  useLiveEvent(BETTING_LIVE_EVENTS.event, onEvent);
  return events;
}
