/** The look of a jackpot tier: its glow and ring. Unknown jackpots get the gold of the Mega. */
export type Tier = { glow: string; ring: string; badge: string; art: string };

const TIERS: Record<string, Tier> = {
  mega: {
    glow: 'bg-[radial-gradient(90%_120%_at_85%_0%,rgba(245,184,46,0.45),transparent_60%),radial-gradient(60%_80%_at_0%_100%,rgba(239,62,92,0.25),transparent_60%)]',
    ring: 'ring-gold-400/40',
    badge: 'bg-gold-500 text-ink-950',
    art: 'text-gold-300/10',
  },
  major: {
    glow: 'bg-[radial-gradient(90%_120%_at_85%_0%,rgba(124,92,255,0.45),transparent_60%),radial-gradient(60%_80%_at_0%_100%,rgba(245,184,46,0.18),transparent_60%)]',
    ring: 'ring-violet-400/35',
    badge: 'bg-violet-600 text-white',
    art: 'text-violet-300/10',
  },
  mini: {
    glow: 'bg-[radial-gradient(90%_120%_at_85%_0%,rgba(22,199,132,0.38),transparent_60%),radial-gradient(60%_80%_at_0%_100%,rgba(245,184,46,0.18),transparent_60%)]',
    ring: 'ring-jade-400/30',
    badge: 'bg-jade-500 text-ink-950',
    art: 'text-jade-400/10',
  },
};

export const tierOf = (id: string): Tier => TIERS[id] ?? TIERS.mega;

/** The amount's gold gradient text. */
export const GOLD_TEXT = 'bg-gradient-to-b from-gold-300 via-gold-400 to-gold-600 bg-clip-text text-transparent';
