import type { CashbackView } from '../../../contract/promotions.ts';
import { api } from '../../lib/api-client.ts';
import { useDialogs } from '../dialogs/store.ts';
import { SEEN_CASHBACK_KEY, UNSEEN_CASHBACK_QUERY, latestCashback, shouldShowCashbackPopup, type Page } from './rules.ts';

/**
 * The unseen cashback check (spec 2 section 4): the latest paid_out or active cashback and the
 * already-seen id are read; when the rule says so the popup joins the dialog queue, and closing
 * it stores its id under already_seen_cashback_id. Loaded on demand by CashbackPopupHost.
 */
export async function checkUnseenCashback(title: string): Promise<void> {
  try {
    const [page, stored] = await Promise.all([
      api<Page<CashbackView>>('cashbacks/get', { query: { ...UNSEEN_CASHBACK_QUERY, offset: 0 } }),
      api<Record<string, string | null>>('storage/get', { query: { keys: SEEN_CASHBACK_KEY } }),
    ]);
    const latest = latestCashback(page.items);
    if (!latest || !shouldShowCashbackPopup(latest, stored[SEEN_CASHBACK_KEY])) return;
    useDialogs.getState().open({
      component: 'unseen-cashback',
      type: 'popup',
      componentProps: { cashback: latest },
      dialogProps: { title },
      onClose: () => void api('storage/set', { body: { key: SEEN_CASHBACK_KEY, value: String(latest.id) } }).catch(() => undefined),
    });
  } catch {
    // No popup this time: nothing the player asked for failed.
  }
}
