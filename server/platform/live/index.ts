/** The live channel's public face (decision 011): the hub of this process and its message shape. */
export { createLiveHub, frame, LIVE_CHANNEL, type LiveHub, type LiveHubOptions, type LiveConnection, type LiveMessage } from './hub.ts';
