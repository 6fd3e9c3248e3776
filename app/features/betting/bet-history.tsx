import type { BetsPage } from '../../../contract/betting.ts';
import { BetsList } from './bets-list.tsx';
import type { OddsFormat } from './odds.ts';
import { OddsFormatProvider } from './odds-format.tsx';

export type BetHistoryData = { bets: BetsPage | null; oddsFormat: OddsFormat };

/** The cashier history's bets tab: every bet of the player, newest first, in their odds format. */
export function BetHistory({ data }: { data: BetHistoryData }) {
  return (
    <OddsFormatProvider initial={data.oddsFormat}>
      <BetsList filter="all" first={data.bets} compact />
    </OddsFormatProvider>
  );
}
