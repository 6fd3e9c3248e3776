import { describe, expect, it } from 'vitest';
import { baccaratMath } from '../../../../games/engines/baccarat/index.ts';
import { addChip, AREA_RTP, beadRoad, NO_STAKES, oddsLabel, revealSteps, ROAD_COLUMNS, ROAD_ROWS, tally, toPlayBets, totalStaked } from './baccarat-logic.ts';

describe('baccarat table logic', () => {
  it('shows each area\'s odds and the engine\'s enumerated RTP', () => {
    expect(['player', 'banker', 'tie'].map((spot) => oddsLabel(spot as 'player'))).toEqual(['1:1', '0.95:1', '8:1']);
    const { rtp } = baccaratMath();
    expect(AREA_RTP).toEqual({ player: (rtp.player * 100).toFixed(2), banker: (rtp.banker * 100).toFixed(2), tie: (rtp.tie * 100).toFixed(2) });
  });

  it('stacks chips per area up to the table maximum and sends only the areas with chips', () => {
    let stakes = addChip(NO_STAKES, 'banker', '5.00', '10.00')!;
    stakes = addChip(stakes, 'banker', '1.00', '10.00')!;
    stakes = addChip(stakes, 'tie', '1.00', '10.00')!;
    expect(totalStaked(stakes)).toBe('7.00');
    expect(addChip(stakes, 'player', '5.00', '10.00')).toBeNull();
    expect(toPlayBets(stakes)).toEqual([{ on: 'banker', amount: '6.00' }, { on: 'tie', amount: '1.00' }]);
  });

  it('turns the cards over in deal order, third cards last', () => {
    expect(revealSteps({ player: [1, 2], banker: [3, 4] })).toHaveLength(4);
    expect(revealSteps({ player: [1, 2, 5], banker: [3, 4, 6] }).slice(-2)).toEqual([{ player: 3, banker: 2 }, { player: 3, banker: 3 }]);
    expect(revealSteps({ player: [1, 2], banker: [3, 4, 6] }).at(-1)).toEqual({ player: 2, banker: 3 });
  });

  it('fills the bead road column by column and keeps the last columns', () => {
    const road = beadRoad(['player', 'banker', 'tie', 'banker', 'banker', 'player', 'tie']);
    expect(road[6]).toMatchObject({ result: 'tie', column: 1, row: 0 });
    const long = beadRoad(Array.from({ length: ROAD_ROWS * (ROAD_COLUMNS + 2) + 1 }, () => 'banker' as const));
    expect(Math.max(...long.map((bead) => bead.column))).toBe(ROAD_COLUMNS - 1);
    expect(long.at(-1)).toMatchObject({ column: ROAD_COLUMNS - 1, row: 0 });
    expect(tally(['player', 'tie', 'tie'])).toEqual({ player: 1, banker: 0, tie: 2 });
  });
});
