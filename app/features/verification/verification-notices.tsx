import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { VERIFICATION_LIVE_EVENT, type VerificationLiveMessage } from '../../../contract/verification.ts';
import { connectLive, useLiveEvent } from '../../lib/live.ts';
import { useRevalidator } from 'react-router';
import { useToasts } from '../toasts/store.ts';
import { verificationKey } from './api.ts';
import { useVerificationT } from './i18n.ts';

/**
 * A review's decision, told on whatever page the signed-in player has open (the mail tells them
 * too): a toast, the verification read again, and the page's data (is_verified in the account)
 * revalidated. app-providers loads this lazily for signed-in players only.
 */
export function VerificationNotices({ uid }: { uid: number }) {
  const { t } = useVerificationT();
  const client = useQueryClient();
  const revalidator = useRevalidator();
  const show = useToasts((state) => state.show);
  useEffect(() => connectLive(uid), [uid]);
  const onDecision = useCallback(
    (raw: unknown) => {
      const message = raw as VerificationLiveMessage;
      if (message.status !== 'approved' && message.status !== 'resubmission' && message.status !== 'rejected') return;
      show({ kind: message.status === 'approved' ? 'success' : 'error', title: t(`live.${message.status}`), message: message.reason ?? undefined });
      void client.invalidateQueries({ queryKey: verificationKey });
      void revalidator.revalidate();
    },
    [client, revalidator, show, t],
  );
  useLiveEvent(VERIFICATION_LIVE_EVENT, onDecision);
  return null;
}
