import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { TOAST_SOUND_VOLUME } from '../../../contract/constants.ts';
import { LOYALTY_LIVE_EVENT, type LoyaltyNotice } from '../../../contract/loyalty.ts';
import { api } from '../../lib/api-client.ts';
import { connectLive, useLiveEvent } from '../../lib/live.ts';
import { useToasts } from '../toasts/store.ts';
import { createNoticeRunner } from './notice-runner.ts';
import { loyaltyKeys } from './rules.ts';

/** The first gestures that wake the notices (spec 2 section 4): until one, nothing is fetched. */
const FIRST_GESTURES = ['click', 'dblclick', 'touchstart'] as const;

/**
 * Loyalty notices as toasts (spec 2 section 4), for a signed-in player only (app-providers loads
 * this lazily, so a guest's page carries none of it). loyalty/getnotifications answers the unseen
 * notices and marks them seen; it is called on the visitor's first click, double click or touch,
 * again on every path change after that, when the live channel says the player's loyalty moved
 * (which also reads the loyalty info again, so the pages follow without a reload), and when the
 * live stream opens or reports a gap (a notice may have been told while it was not listening). Each
 * notice shows ~300 ms later as a toast under the header for 5 s: a credit as success, any other
 * as error, oldest first.
 *
 * Sound: a credit notice plays one short, soft chime (WebAudio, volume 0.5), and only after the
 * player has interacted with the page (browsers allow audio only then anyway). Error notices stay
 * silent: a sound is for good news, and a casino page that beeps at bad news is intrusive.
 */
export function LoyaltyNotices({ uid }: { uid: number }) {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const show = useToasts((state) => state.show);
  const started = useRef(false);
  const [runner] = useState(() =>
    createNoticeRunner({
      fetch: () => api<{ items: LoyaltyNotice[] }>('loyalty/getnotifications').then((answer) => answer.items),
      show,
      chime,
      onFresh: () => void client.invalidateQueries({ queryKey: loyaltyKeys.all }),
    }),
  );
  const fetchNotices = runner.request;

  // The first gesture anywhere on the page starts it.
  useEffect(() => {
    const wake = () => {
      FIRST_GESTURES.forEach((type) => window.removeEventListener(type, wake, true));
      if (started.current) return;
      started.current = true;
      void fetchNotices();
    };
    FIRST_GESTURES.forEach((type) => window.addEventListener(type, wake, { capture: true, passive: true }));
    return () => FIRST_GESTURES.forEach((type) => window.removeEventListener(type, wake, true));
  }, [fetchNotices]);

  // Every path change (the first render is the page load: it waits for a gesture).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (pathname === lastPath.current) return;
    lastPath.current = pathname;
    started.current = true;
    void fetchNotices();
  }, [pathname, fetchNotices]);

  useEffect(() => connectLive(uid), [uid]);
  const onMoved = useCallback(() => {
    void client.invalidateQueries({ queryKey: loyaltyKeys.all });
    void fetchNotices();
  }, [client, fetchNotices]);
  useLiveEvent(LOYALTY_LIVE_EVENT, onMoved);
  // A notice written while the stream was still opening (or away) was told to nobody: once the
  // stream opens, or says it may have missed messages, the notices are read again.
  const onStreamOpened = useCallback(() => {
    if (started.current) void fetchNotices();
  }, [fetchNotices]);
  useLiveEvent('ready', onStreamOpened);
  useLiveEvent('resync', onStreamOpened);

  return null;
}

let audio: AudioContext | null = null;

/** Two soft sine notes (E6 then A6), ~0.35 s, at TOAST_SOUND_VOLUME; silently nothing where audio is unavailable. */
function chime() {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    [1318.5, 1760].forEach((frequency, index) => {
      const oscillator = audio!.createOscillator();
      const gain = audio!.createGain();
      const at = start + index * 0.12;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(TOAST_SOUND_VOLUME, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
      oscillator.connect(gain).connect(audio!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.24);
    });
  } catch {
    // No audio: the toast says it all.
  }
}
