import { SEON_SESSION_KEY } from '../../../contract/devices.ts';

/** The parts of SEON's browser agent this page uses: the current agent (init, getSession) and the older one (config, getBase64Session). */
type SeonAgentApi = {
  init?: (options?: Record<string, unknown>) => unknown;
  getSession?: () => Promise<string>;
  config?: (options: Record<string, unknown>) => void;
  getBase64Session?: (done: (session: string) => void) => void;
};

declare global {
  interface Window {
    seon?: SeonAgentApi;
  }
}

function keep(session: unknown) {
  if (typeof session !== 'string' || !session) return;
  try {
    window.sessionStorage.setItem(SEON_SESSION_KEY, session);
  } catch {
    // Storage refused (private mode): the sign-up and deposit simply go without SEON's session.
  }
}

async function collect(agent: SeonAgentApi) {
  if (agent.getSession) {
    await agent.init?.();
    keep(await agent.getSession());
  } else if (agent.getBase64Session) {
    agent.config?.({ session_id: crypto.randomUUID(), audio_fingerprint: true, canvas_fingerprint: true, webgl_fingerprint: true });
    agent.getBase64Session(keep);
  }
}

/**
 * Loads SEON's agent once with the response's CSP nonce and keeps the session it collects. An
 * agent that fails to load costs the player nothing: the calls go without `seon_session`.
 */
export function loadSeonAgent(src: string, nonce: string | undefined) {
  if (document.querySelector('script[data-seon-agent]')) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.seonAgent = '';
  if (nonce) script.nonce = nonce;
  script.onload = () => {
    if (window.seon) void collect(window.seon).catch(() => undefined);
  };
  document.head.appendChild(script);
}
