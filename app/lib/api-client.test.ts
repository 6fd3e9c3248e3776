import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

function fakeFetch(answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), { status: answer.status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('api client', () => {
  it('adds v and locale, drops null query values, encodes nested values, sends same-origin credentials', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { data: { ok: true } } }]);
    const call = createApiClient({ fetch, framed: () => false, locale: () => 'fr' });
    const data = await call('games/get', { query: { a: null, b: undefined, fields: ['x', 'y'], options: { sort: 'asc' }, n: 1 } });
    expect(data).toEqual({ ok: true });
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/games/get');
    expect(url.searchParams.get('v')).toBe('2.34');
    expect(url.searchParams.get('locale')).toBe('fr');
    expect(url.searchParams.has('a')).toBe(false);
    expect(url.searchParams.has('b')).toBe(false);
    expect(url.searchParams.getAll('fields[0]')).toEqual(['x']);
    expect(url.searchParams.get('options[sort]')).toBe('asc');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(url.searchParams.has('non_strict')).toBe(false);
  });

  it('flags calls made inside a frame', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { data: 1 } }]);
    await createApiClient({ fetch, framed: () => true, locale: () => 'en' })('getInfo');
    expect(new URL(calls[0].url, 'http://x').searchParams.get('non_strict')).toBe('1');
  });

  it('posts bodies as form data', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { data: 1 } }]);
    await createApiClient({ fetch, framed: () => false, locale: () => 'en' })('storage/set', { body: { key: 'k', value: 'v', skip: null } });
    expect(calls[0].init.method).toBe('POST');
    const form = calls[0].init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('key')).toBe('k');
    expect(form.has('skip')).toBe(false);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a body-less call once after %i', async (status) => {
    const { fetch, calls } = fakeFetch([
      { status, body: { error: { type: 'UnknownErrorException', message: 'x' } } },
      { status: 200, body: { data: 'second' } },
    ]);
    expect(await createApiClient({ fetch, framed: () => false, locale: () => 'en' })('getInfo')).toBe('second');
    expect(calls).toHaveLength(2);
  });

  it('retries only once, and never a call with a body', async () => {
    const failing = { status: 503, body: { error: { type: 'ApplicationUnavailableException', message: 'down' } } };
    const get = fakeFetch([failing, failing, failing]);
    await expect(createApiClient({ fetch: get.fetch, framed: () => false, locale: () => 'en' })('getInfo')).rejects.toMatchObject({
      type: 'ApplicationUnavailableException',
      status: 503,
    });
    expect(get.calls).toHaveLength(2);
    const post = fakeFetch([failing, { status: 200, body: { data: 1 } }]);
    await expect(createApiClient({ fetch: post.fetch, framed: () => false, locale: () => 'en' })('storage/set', { body: { key: 'k', value: 'v' } })).rejects.toBeInstanceOf(ApiError);
    expect(post.calls).toHaveLength(1);
  });

  it('does not retry other statuses', async () => {
    const { fetch, calls } = fakeFetch([{ status: 422, body: { error: { type: 'InvalidParameterException', message: 'bad', fields: { key: 'Field is required' } } } }]);
    await expect(createApiClient({ fetch, framed: () => false, locale: () => 'en' })('storage/get')).rejects.toMatchObject({
      type: 'InvalidParameterException',
      fields: { key: 'Field is required' },
    });
    expect(calls).toHaveLength(1);
  });

  it('throws a synthetic UnknownError with status 500 for an unreadable answer', async () => {
    const { fetch } = fakeFetch([{ status: 502, body: '<html>bad gateway</html>' }]);
    const error = await createApiClient({ fetch, framed: () => false, locale: () => 'en' })('getInfo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'UnknownError', type: 'UnknownError', status: 500 });
  });
});
