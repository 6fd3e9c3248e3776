import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES, GAME_SYSNAMES, type GameSysname } from '../../games/index.ts';
import { profileOf } from '../../games/profiles.ts';
import { ENGINE_GAMES, type Engine } from '../../contract/studio.ts';

/** The RTP the catalogue shows players for an in-house game is the one its engine's maths gives. */
describe('in-house games in the catalogue seed', () => {
  const seed = JSON.parse(readFileSync(new URL('./seed/games.json', import.meta.url), 'utf8')) as { games: Array<{ sysname: string; name: string; names?: { fr?: string }; rtp: string; volatility: string; tags: string[]; engine?: Engine }> };
  it.each(GAME_SYSNAMES)('%s shows its theoretical RTP to 2 decimals', (sysname) => {
    const listed = seed.games.find((game) => game.sysname === sysname);
    expect(listed, sysname).toBeTruthy();
    expect(listed!.rtp).toBe((GAMES[sysname].theoreticalRtp() * 100).toFixed(2));
  });

  const themed = seed.games.filter((game) => game.engine);
  it.each(themed.map((game) => [game.sysname, game] as const))('%s (a theme on an engine) shows its engine\'s RTP', (_name, game) => {
    expect(game.rtp).toBe((GAMES[ENGINE_GAMES[game.engine!].sysname as GameSysname].theoreticalRtp() * 100).toFixed(2));
  });

  it('names for each engine a game of its own that plays on it', () => {
    for (const [engine, { sysname, names }] of Object.entries(ENGINE_GAMES)) {
      const seeded = seed.games.find((game) => game.sysname === sysname);
      expect(seeded?.engine, sysname).toBe(engine);
      expect({ en: seeded?.name, fr: seeded?.names?.fr ?? seeded?.name }, sysname).toEqual(names);
    }
  });

  const profiled = seed.games.filter((game) => profileOf(game.engine));
  it.each(profiled.map((game) => [game.sysname, game] as const))('%s shows the volatility its engine\'s simulation gives', (_name, game) => {
    expect(game.volatility).toBe(profileOf(game.engine)!.volatility);
  });
});

/**
 * The hall filters by features (app/features/games/types.ts HALL_FEATURES): a seeded game carries
 * one only when it has it (issue 29: "bonus buy" on a slot without one, "cascade" on a 20-line
 * slot or "crash" on a dice game told players what the game does not do). Theme tags that name
 * symbols (fruits, sevens) are out for the same reason: the slot engine's reels show neither.
 */
describe('feature tags in the catalogue seed', () => {
  const seed = JSON.parse(readFileSync(new URL('./seed/games.json', import.meta.url), 'utf8')) as { games: Array<{ sysname: string; tags: string[]; engine?: Engine }> };
  const jackpots = JSON.parse(readFileSync(new URL('./seed/jackpots.json', import.meta.url), 'utf8')) as { jackpots: Array<{ games: string[] | null }> };
  const inListedJackpot = new Set(jackpots.jackpots.flatMap((jackpot) => jackpot.games ?? []));
  /** A tag present exactly when the game has the feature. */
  const feature: Record<string, (game: (typeof seed.games)[number]) => boolean> = {
    // Every game takes part in the site-wide pools; the tag marks the games a pool names.
    jackpot: (game) => inListedJackpot.has(game.sysname),
    // No engine of ours sells its feature.
    'bonus-buy': () => false,
    cascade: (game) => game.engine === 'cascade',
    // No crash game is built yet (decision 046); a dice theme was tagged as one.
    crash: () => false,
    // Every game our engines play is provably fair, themes included.
    'provably-fair': (game) => game.engine !== undefined,
  };
  it.each(seed.games.map((game) => [game.sysname, game] as const))('%s carries only the features it has', (_name, game) => {
    for (const [tag, has] of Object.entries(feature)) expect(game.tags.includes(tag), `${game.sysname}: ${tag}`).toBe(has(game));
    if (game.engine === 'slot') expect(game.tags.filter((tag) => tag === 'fruits' || tag === 'sevens'), game.sysname).toEqual([]);
  });
});
