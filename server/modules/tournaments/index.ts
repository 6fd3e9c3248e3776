/** The tournaments module: windows, joining, points from real play, leaderboards and prizes (docs/tournaments.md). */
export { createTournaments, LEADERBOARD_SIZE, type TournamentQuery, type Tournaments } from './service.ts';
export { createTournamentAdmin, tournamentSpecSchema, type TournamentSpec } from './admin.ts';
export { createTournamentManager, tournamentFormSchema, type TournamentManager } from './manage.ts';
