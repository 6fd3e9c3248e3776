import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../contract/backoffice.ts';
import type { BackofficeLocale } from './i18n.ts';
import { formatTime } from './ui/format.ts';

/** Cells the money queues share: when a payment was made (with its reference) and whose it is. */

export function PaymentTimeCell({ at, reference, locale }: { at: string; reference: string; locale: BackofficeLocale }) {
  return (
    <>
      {formatTime(at, locale)}
      <div className="bo-hint bo-mono">{reference}</div>
    </>
  );
}

export function PaymentPlayerCell({ userId, player }: { userId: number; player: string | null }) {
  return (
    <div className="money-player">
      <Link to={`${BACKOFFICE_PATH}/players/${userId}`} title={player ?? undefined}>
        {player ?? `#${userId}`}
      </Link>
      <div className="bo-hint">#{userId}</div>
    </div>
  );
}
