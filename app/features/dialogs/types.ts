/** What every dialog component gets: its id in the dialog store, and the props it was opened with. */
export type DialogComponentProps = { dialogId: string } & Record<string, unknown>;
