import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES, GAME_SYSNAMES } from '../../games/index.ts';
import { profileOf } from '../../games/profiles.ts';

/** The RTP the catalogue shows players for an in-house game is the one its engine's maths gives. */
describe('in-house games in the catalogue seed', () => {
  const seed = JSON.parse(readFileSync(new URL('./seed/games.json', import.meta.url), 'utf8')) as { games: Array<{ sysname: string; rtp: string; volatility: string; engine?: string }> };
  it.each(GAME_SYSNAMES)('%s shows its theoretical RTP to 2 decimals', (sysname) => {
    const listed = seed.games.find((game) => game.sysname === sysname);
    expect(listed, sysname).toBeTruthy();
    expect(listed!.rtp).toBe((GAMES[sysname].theoreticalRtp() * 100).toFixed(2));
  });

  const engineGame = { slot: 'golden-croupier', roulette: 'croupier-roulette', blackjack: 'croupier-blackjack', dice: 'croupier-dice', plinko: 'croupier-plinko', limbo: 'croupier-limbo', keno: 'croupier-keno', mines: 'croupier-mines', baccarat: 'croupier-baccarat', hilo: 'croupier-hilo', 'video-poker': 'croupier-video-poker', cascade: 'pearl-cascade' } as const;
  const themed = (seed.games as Array<{ sysname: string; rtp: string; engine?: keyof typeof engineGame }>).filter((game) => game.engine);
  it.each(themed.map((game) => [game.sysname, game] as const))('%s (a theme on an engine) shows its engine\'s RTP', (_name, game) => {
    expect(game.rtp).toBe((GAMES[engineGame[game.engine!]].theoreticalRtp() * 100).toFixed(2));
  });

  const profiled = seed.games.filter((game) => profileOf(game.engine));
  it.each(profiled.map((game) => [game.sysname, game] as const))('%s shows the volatility its engine\'s simulation gives', (_name, game) => {
    expect(game.volatility).toBe(profileOf(game.engine)!.volatility);
  });
});
