/** The FAQ's groups, in page order (a subset of the contact topics; app/locales/{en,fr}/support.json holds the texts). */
export const FAQ_GROUPS = ['deposit', 'withdrawal', 'verification', 'bonus', 'responsible_gaming', 'account'] as const;

export type FaqEntry = { q: string; a: string };
