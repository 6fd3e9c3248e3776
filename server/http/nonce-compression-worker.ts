/**
 * The worker thread that makes the guest page cache's compressed copies (nonce-compression.ts,
 * createCopyMaker): its event loop has nothing else to do, so the hundred flushes of a page
 * follow each other at once.
 */
import { parentPort } from 'node:worker_threads';
import { compressPieces, packPieces } from './nonce-compression.ts';
import type { ContentCoding } from './compression.ts';

parentPort?.on('message', (request: { id: number; parts: string[]; nonceLength: number; coding: ContentCoding; quality: number }) => {
  compressPieces(request.parts, request.nonceLength, request.coding, request.quality)
    .catch(() => null)
    .then((pieces) => {
      const { bytes, lengths } = packPieces(pieces);
      parentPort!.postMessage({ id: request.id, bytes, lengths }, bytes ? [bytes.buffer as ArrayBuffer] : []);
    });
});
