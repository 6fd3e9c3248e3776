import { PassThrough } from 'node:stream';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { localeOfPath } from '../contract/locales.ts';
import { createI18n } from './lib/i18n.ts';
import { serverBridgeContext } from './lib/server-bridge.ts';

/** Re-exported so the server can put the bridge into the router context under this very key. */
export { serverBridgeContext };

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const bridge = loadContext.get(serverBridgeContext);
  const i18n = await createI18n(localeOfPath(new URL(request.url).pathname));
  // Crawlers get the whole document at once; browsers get it streamed from the shell.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={bridge.nonce} />
      </I18nextProvider>,
      {
        // React's own inline scripts and the style elements it hoists carry the page's nonce
        // (the CSP allows no others; decision 033).
        nonce: { script: bridge.nonce, style: bridge.nonce },
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
