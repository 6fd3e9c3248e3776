import { create } from 'zustand';
import { BET_LIMITS } from '../../../contract/betting.ts';
import { createJSONStorage, persist } from 'zustand/middleware';
import { acceptAll, applyPrice, type OddsChangePolicy, type SlipPick } from './slip-rules.ts';

/**
 * The bet slip (docs/betting.md): a small client store, kept in localStorage so it survives
 * navigation and reloads. It lives in the betting feature only, so none of it reaches the home
 * page's bundle.
 *
 * Placement is idempotent per attempt: a key per bet (the accumulator, or each single) is made
 * when the player first presses "Place", kept while that attempt is in flight or retried after a
 * lost answer, and dropped once the slip changes, the server refuses it, or the bet is placed. A
 * double click therefore sends the same key twice, and the server places the bet once.
 */
export type SlipEntry = SlipPick & {
  eventName: string;
  marketName: string;
  selectionName: string;
  live: boolean;
};

export type SlipMode = 'single' | 'accumulator';

type SlipState = {
  picks: SlipEntry[];
  mode: SlipMode;
  /** Singles: the stake text per selection. */
  stakes: Record<string, string>;
  /** The accumulator's stake text. */
  comboStake: string;
  policy: OddsChangePolicy;
  /** The betting bonus (free bet or odds boost) used on the next placement. */
  bonusId: number | null;
  /** Placement keys of the current attempt, by bet: 'combo' or a single's selection id. */
  attemptKeys: Record<string, string>;
  /** The phone's bottom sheet is open. */
  open: boolean;
  toggle(entry: SlipEntry): void;
  remove(selectionId: number): void;
  clear(): void;
  setMode(mode: SlipMode): void;
  setStake(selectionId: number, text: string): void;
  setComboStake(text: string): void;
  setPolicy(policy: OddsChangePolicy): void;
  setBonus(bonusId: number | null): void;
  /** New prices (and suspensions) from the live channel or a fresh read. */
  applyPrices(prices: ReadonlyArray<{ selectionId: number; odds: string; suspended: boolean }>): void;
  /** The picks' names in the page's language (read again from the book). */
  applyNames(names: ReadonlyArray<Pick<SlipEntry, 'selectionId' | 'eventName' | 'marketName' | 'selectionName'>>): void;
  acceptChanges(): void;
  /** The placement key of one bet of the current attempt (made on first use). */
  attempt(bet: string): string;
  /** The server refused the attempt: the next press is a new attempt. */
  dropAttempt(): void;
  /** Bets were placed: their picks leave the slip. */
  settleAttempt(placed: readonly number[]): void;
  setOpen(open: boolean): void;
};

/** A v4 UUID (crypto.randomUUID exists only on secure origins; getRandomValues everywhere). */
export function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Selections a slip may hold (more makes an accumulator no one can read). */
export const MAX_PICKS = BET_LIMITS.maxLegs;

export const useSlip = create<SlipState>()(
  persist(
    (set, get) => ({
      picks: [],
      mode: 'single',
      stakes: {},
      comboStake: '',
      policy: 'ask',
      bonusId: null,
      attemptKeys: {},
      open: false,
      toggle(entry) {
        const { picks } = get();
        if (picks.some((pick) => pick.selectionId === entry.selectionId)) return get().remove(entry.selectionId);
        if (picks.length >= MAX_PICKS) return;
        // A second selection of the same market replaces the first (one outcome per market).
        const next = [...picks.filter((pick) => !(pick.eventId === entry.eventId && pick.marketName === entry.marketName)), entry];
        set({ picks: next, attemptKeys: {}, mode: next.length >= 2 ? 'accumulator' : 'single' });
      },
      remove(selectionId) {
        const picks = get().picks.filter((pick) => pick.selectionId !== selectionId);
        const { [selectionId]: _removed, ...stakes } = get().stakes;
        set({ picks, stakes, attemptKeys: {}, mode: picks.length >= 2 ? get().mode : 'single' });
      },
      clear: () => set({ picks: [], stakes: {}, comboStake: '', bonusId: null, attemptKeys: {}, mode: 'single' }),
      setMode: (mode) => set({ mode, attemptKeys: {} }),
      setStake: (selectionId, text) => set({ stakes: { ...get().stakes, [selectionId]: text }, attemptKeys: {} }),
      setComboStake: (text) => set({ comboStake: text, attemptKeys: {} }),
      setPolicy: (policy) => set({ policy }),
      setBonus: (bonusId) => set({ bonusId, attemptKeys: {} }),
      applyPrices(prices) {
        const { picks, policy } = get();
        const byId = new Map(prices.map((price) => [price.selectionId, price]));
        let changed = false;
        const next = picks.map((pick) => {
          const price = byId.get(pick.selectionId);
          if (!price || (price.odds === pick.current && price.suspended === pick.suspended)) return pick;
          changed = true;
          return applyPrice(pick, price.odds, price.suspended, policy);
        });
        if (changed) set({ picks: next });
      },
      applyNames(names) {
        const byId = new Map(names.map((name) => [name.selectionId, name]));
        const same = (pick: SlipEntry, name: (typeof names)[number]) =>
          pick.eventName === name.eventName && pick.marketName === name.marketName && pick.selectionName === name.selectionName;
        const { picks } = get();
        if (picks.every((pick) => !byId.has(pick.selectionId) || same(pick, byId.get(pick.selectionId)!))) return;
        set({
          picks: picks.map((pick) => {
            const name = byId.get(pick.selectionId);
            return name ? { ...pick, eventName: name.eventName, marketName: name.marketName, selectionName: name.selectionName } : pick;
          }),
        });
      },
      acceptChanges: () => set({ picks: acceptAll(get().picks), attemptKeys: {} }),
      attempt(bet) {
        const known = get().attemptKeys[bet];
        if (known) return known;
        const key = uuid();
        set({ attemptKeys: { ...get().attemptKeys, [bet]: key } });
        return key;
      },
      dropAttempt: () => set({ attemptKeys: {} }),
      settleAttempt(placed) {
        const gone = new Set(placed);
        const picks = get().picks.filter((pick) => !gone.has(pick.selectionId));
        const stakes = Object.fromEntries(Object.entries(get().stakes).filter(([id]) => !gone.has(Number(id))));
        set({ picks, stakes, attemptKeys: {}, bonusId: null, comboStake: picks.length ? get().comboStake : '', mode: picks.length >= 2 ? get().mode : 'single' });
      },
      setOpen: (open) => set({ open }),
    }),
    {
      name: 'croupier.betslip',
      storage: createJSONStorage(() => localStorage),
      // The sheet's state and an attempt in flight belong to this page only.
      partialize: ({ picks, mode, stakes, comboStake, policy, bonusId }) => ({ picks, mode, stakes, comboStake, policy, bonusId }),
      // Read after hydration (BettingLayout), so the server's HTML and the first render agree.
      skipHydration: true,
    },
  ),
);
