import { readFileSync } from 'node:fs';

/** The demo catalogue the test server seeds (server/db/seed/games.json): counts follow it as games are added. */
export const SEEDED_GAMES = (JSON.parse(readFileSync(new URL('../../server/db/seed/games.json', import.meta.url), 'utf8')) as { games: Array<{ sysname: string; provider: string; type: string }> }).games;

export const seededCount = (filter: (game: (typeof SEEDED_GAMES)[number]) => boolean = () => true) => SEEDED_GAMES.filter(filter).length;
