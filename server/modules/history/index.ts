/** The history module: the player's game rounds across providers, and their CSV exports. */
export { createHistory, EXPORT_LIMIT, EXPORTS_KEPT, EXPORT_STALE_MS, type ExportParams, type History, type HistoryFilter } from './service.ts';
export { csvCell, csvDocument, csvLine } from './csv.ts';
