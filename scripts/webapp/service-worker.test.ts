import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RUNTIME_CACHING, buildServiceWorker } from './service-worker.ts';
import { offlinePageHtml } from './offline-page.ts';

const ORIGIN = 'https://croupier.example';
type RequestLike = { mode: string; method: string; destination: string };
const navigation: RequestLike = { mode: 'navigate', method: 'GET', destination: 'document' };
const fetchCall: RequestLike = { mode: 'cors', method: 'GET', destination: '' };
const post: RequestLike = { mode: 'cors', method: 'POST', destination: '' };
const image: RequestLike = { mode: 'no-cors', method: 'GET', destination: 'image' };

/** The worker's answer to a request: the first runtime route that matches, as Workbox picks it. */
function routeFor(pathname: string, request: RequestLike, origin = ORIGIN) {
  const url = new URL(pathname, origin);
  const route = RUNTIME_CACHING.find((entry) => {
    const match = entry.urlPattern as (options: { url: URL; request: RequestLike; sameOrigin: boolean }) => boolean;
    return match({ url, request, sameOrigin: url.origin === ORIGIN });
  });
  return route ? { handler: route.handler, fallback: route.options?.precacheFallback?.fallbackURL, cache: route.options?.cacheName } : null;
}

const CACHING = new Set(['CacheFirst', 'CacheOnly', 'StaleWhileRevalidate', 'NetworkFirst']);

describe('service worker routes', () => {
  it('leaves the API, platform, payment and live endpoints to the network, untouched', () => {
    for (const pathname of ['/api/getInfo', '/api/cashier/makedeposit', '/platform/game/slot/play', '/psp/demo/callback', '/nfx/cms-config/en', '/live']) {
      expect(routeFor(pathname, fetchCall), pathname).toBeNull();
      expect(routeFor(pathname, post), pathname).toBeNull();
    }
    // Even an image-looking request under the API is not kept.
    expect(routeFor('/api/avatar.png', image)).toBeNull();
  });

  it('never stores a page: every navigation, money pages included, is network only with the offline page as fallback', () => {
    for (const pathname of ['/', '/cashier', '/cashier/deposit', '/cashier/paysuccess/42', '/profile/settings', '/profile/bonuses', '/gamehall', '/platform/game/slot/play', '/api/getInfo']) {
      expect(routeFor(pathname, navigation), pathname).toEqual({ handler: 'NetworkOnly', fallback: '/_offline/en.html', cache: undefined });
    }
    for (const pathname of ['/fr', '/fr/cashier/deposit', '/fr/profile/notification']) {
      expect(routeFor(pathname, navigation), pathname).toEqual({ handler: 'NetworkOnly', fallback: '/_offline/fr.html', cache: undefined });
    }
    // /french-poker is an English content page, not the French tree.
    expect(routeFor('/french-poker', navigation)?.fallback).toBe('/_offline/en.html');
  });

  it('keeps only public pictures of this site in a runtime cache', () => {
    expect(routeFor('/games/slot-classic.svg', image)?.handler).toBe('StaleWhileRevalidate');
    expect(routeFor('/brand/logo.svg', image)?.cache).toBe('croupier-images');
    expect(routeFor('/games/slot-classic.svg', image, 'https://cdn.example')).toBeNull();
    expect(routeFor('/games/slot-classic.svg', fetchCall)).toBeNull();
    const cached = RUNTIME_CACHING.filter((entry) => CACHING.has(String(entry.handler)));
    expect(cached).toHaveLength(1);
  });
});

describe('service worker build', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'croupier-sw-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('precaches the shell and offline pages, never a page or an API answer', async () => {
    for (const [file, body] of [
      ['assets/entry.client-AbC123.js', 'console.log(1)'],
      ['assets/root-XyZ789.css', 'body{}'],
      ['brand/icon-192.png', 'png'],
      ['favicon.svg', '<svg/>'],
      ['manifest.webmanifest', '{}'],
      ['games/slot.svg', '<svg/>'],
    ]) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), body);
    }
    const { count } = await buildServiceWorker(dir);
    const sw = readFileSync(path.join(dir, 'sw.js'), 'utf8');
    const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]).sort();
    expect(precached).toEqual([
      '_offline/en.html',
      '_offline/fr.html',
      '_offline/retry.js',
      'assets/entry.client-AbC123.js',
      'assets/root-XyZ789.css',
      'brand/icon-192.png',
      'favicon.svg',
      'manifest.webmanifest',
    ]);
    expect(count).toBe(precached.length);
    // A new version takes over at once and removes the old precache.
    expect(sw).toContain('skipWaiting()');
    expect(sw).toContain('-precache-');
    expect(readFileSync(path.join(dir, '_offline/fr.html'), 'utf8')).toContain('Vous êtes hors ligne');
  });
});

describe('offline page', () => {
  it('is branded, in the locale asked, and runs no inline script', () => {
    const html = offlinePageHtml('en');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('You are offline');
    expect(html).toContain('aria-label="Croupier"');
    expect(html).toContain('<a class="home" href="/">');
    expect(offlinePageHtml('fr')).toContain('<a class="home" href="/fr">');
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script src="/_offline/retry.js">']);
  });
});
