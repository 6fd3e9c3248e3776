import { describe, expect, it } from 'vitest';
import { contactFormProblems } from './support.ts';
import { chatBadgeHidden } from './chat-badge.ts';
import { CHAT_PROVIDER_SPECS, checkChatSettings } from './chat-providers.ts';

describe('contact form check', () => {
  const good = { name: 'Ada', email: 'ada@example.com', topic: 'deposit', message: 'Ten chars!!' };
  it('accepts a complete form', () => expect(contactFormProblems(good)).toEqual({}));
  it('names each problem', () => {
    expect(contactFormProblems({ name: ' ', email: 'ada@', topic: 'poker', message: 'short' })).toEqual({
      name: 'required',
      email: 'email',
      topic: 'topic',
      message: 'tooShort',
    });
    expect(contactFormProblems({ ...good, name: 'x'.repeat(81), message: 'y'.repeat(2001) })).toEqual({ name: 'tooLong', message: 'tooLong' });
  });
});

describe('chat badge', () => {
  it('is hidden on the betting and game routes only', () => {
    for (const path of ['/betting', '/betting/live', '/game/golden-croupier', '/play']) expect(chatBadgeHidden(path), path).toBe(true);
    for (const path of ['/', '/gamehall', '/support', '/games', '/bettingtips']) expect(chatBadgeHidden(path), path).toBe(false);
  });
});

describe('third-party chat settings', () => {
  it('needs each provider its keys and https addresses', () => {
    expect(checkChatSettings('jivoSite', { widget_id: 'abc' })).toEqual({ settings: { widget_id: 'abc' } });
    expect(checkChatSettings('jivoSite', {})).toEqual({ problem: 'chat.settings.jivoSite.widget_id is required' });
    expect(checkChatSettings('freshChat', undefined)).toEqual({ problem: 'chat.settings.freshChat is missing' });
    expect(checkChatSettings('freshChat', { token: 't', host: 'http://wchat.example' })).toMatchObject({ problem: expect.stringContaining('https') });
    expect(checkChatSettings('betunlim', { script_url: 'not a url' })).toMatchObject({ problem: expect.stringContaining('not an address') });
  });
  it('builds the script address from the settings', () => {
    expect(CHAT_PROVIDER_SPECS.jivoSite.scriptUrl({ widget_id: 'a/b' })).toBe('https://code.jivosite.com/widget/a%2Fb');
    expect(CHAT_PROVIDER_SPECS.freshChat.scriptUrl({ token: 't' })).toBe('https://wchat.freshchat.com/js/widget.js');
    expect(CHAT_PROVIDER_SPECS.betunlim.origins({ script_url: 'https://chat.betunlim.example/w.js' })).toEqual(['https://chat.betunlim.example', 'wss://chat.betunlim.example']);
  });
});
