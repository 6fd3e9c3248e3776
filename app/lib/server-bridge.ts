import { createContext, type RouterContextProvider } from 'react-router';
import type { ServerBridge } from '../../contract/server-bridge.ts';
import { unwrapAnswer } from './api-error.ts';
import type { ApiCallOptions } from '../../contract/server-bridge.ts';

/** Router-context key under which the server hands each request its ServerBridge. */
export const serverBridgeContext = createContext<ServerBridge>();

export const bridgeOf = (context: Readonly<RouterContextProvider>): ServerBridge => context.get(serverBridgeContext);

/** Calls an /api method from a loader or action; throws ApiError like the browser client does. */
export async function serverApi<T>(
  context: Readonly<RouterContextProvider>,
  method: string,
  options?: ApiCallOptions,
): Promise<T> {
  const { status, body } = await bridgeOf(context).callApi(method, options);
  return unwrapAnswer<T>(status, body);
}
