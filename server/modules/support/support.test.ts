import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { registerPlayer } from '../../platform/testing/players.ts';
import type { LiveConnection } from '../../platform/live/index.ts';
import { chatEvents, chatMessages, supportRequests } from '../../db/schema/support.ts';
import { operatorAudit } from '../../db/schema.ts';
import type { ChatConversationView, ChatMessageView, OperatorConversationView, SupportSettings } from '../../../contract/support.ts';
import { GUEST_CHAT_COOKIE, OPERATOR_COOKIE, chatOrigins } from './index.ts';
import { siteConfigSchema } from '../../../contract/site-config.ts';
import { Hono } from 'hono';
import { securityHeaders } from '../../http/security-headers.ts';
import type { HttpEnv } from '../../http/env.ts';

const OPERATOR_TOKEN = 'operator-token-operator-token-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_OPERATOR_TOKEN: OPERATOR_TOKEN });
}, 180_000);
afterAll(async () => {
  await t.close();
});

let addresses = 0;
const nextIp = () => `10.88.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const headers = (cookie: string | null, ip: string) => ({ 'x-croupier-client-ip': ip, ...(cookie ? { cookie } : {}) });
/** The cookie pairs an answer set, as the browser would send them back. */
const cookiesOf = (answer: { headers: Headers }) =>
  answer.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');

const goodForm = { name: 'Ada Lovelace', email: 'ada@example.com', topic: 'withdrawal', message: 'My withdrawal has been pending for two days.' };

describe('support/sendFeedback', () => {
  it('names every bad field, in the caller language, and stores nothing', async () => {
    const ip = nextIp();
    const answer = await t.call('support/sendFeedback', { body: { name: 'A', email: 'not-mail', topic: 'casino', message: 'short' }, headers: headers(null, ip) });
    expect(answer.status).toBe(422);
    expect(answer.json.error?.type).toBe('InvalidParameterException');
    expect(Object.keys(answer.json.error?.fields ?? {}).sort()).toEqual(['email', 'message', 'name', 'topic']);
    const french = await t.call('support/sendFeedback', { query: { locale: 'fr' }, body: { ...goodForm, email: '' }, headers: headers(null, ip) });
    expect(french.json.error?.fields?.email).toMatch(/obligatoire|requis/i);
    expect(await t.database.db.select().from(supportRequests)).toHaveLength(0);
  });

  it('stores the request and mails it to the support address, for a guest and for a player', async () => {
    const answer = await t.call('support/sendFeedback', { body: goodForm, headers: headers(null, nextIp()) });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const id = (answer.json.data as { id: number }).id;
    const [row] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', topic: 'withdrawal', userId: null });
    expect(row.mailedAt).not.toBeNull();
    const [mail] = await t.services.messenger.mailbox!.list('support@croupier.local', 1);
    expect(mail.subject).toContain(`S-${String(id).padStart(6, '0')}`);
    expect(mail.text).toContain('My withdrawal has been pending for two days.');
    expect(mail.text).toContain('ada@example.com');

    const player = await registerPlayer(t, { tag: 'feedback' });
    const mine = await t.call('support/sendFeedback', { body: { ...goodForm, topic: 'bonus' }, headers: headers(player.cookie, player.ip) });
    const [own] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, (mine.json.data as { id: number }).id));
    expect(own.userId).toBe(player.uid);
  });

  it('is rate limited per address and per account', async () => {
    const ip = nextIp();
    for (let index = 0; index < 5; index++) expect((await t.call('support/sendFeedback', { body: goodForm, headers: headers(null, ip) })).status).toBe(200);
    const refused = await t.call('support/sendFeedback', { body: goodForm, headers: headers(null, ip) });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.type).toBe('TooManyRequestsException');

    const player = await registerPlayer(t, { tag: 'feedback-limit' });
    for (let index = 0; index < 5; index++) {
      expect((await t.call('support/sendFeedback', { body: goodForm, headers: headers(player.cookie, nextIp()) })).status).toBe(200);
    }
    expect((await t.call('support/sendFeedback', { body: goodForm, headers: headers(player.cookie, nextIp()) })).status).toBe(429);
  });
});

/** A fake live stream on the process hub, with the topics the /live endpoint would give it. */
function listen(topics: string[]) {
  const events: { event: string; data: { message: ChatMessageView; unread: number } }[] = [];
  const connection: LiveConnection = {
    topics: new Set(topics),
    write(chunk) {
      const event = /^event: (.+)$/m.exec(chunk)?.[1];
      const data = /^data: (.+)$/m.exec(chunk)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
      return true;
    },
    close() {},
  };
  t.services.live.attach(connection);
  return { events, stop: () => t.services.live.detach(connection) };
}

async function operatorCookie(name = 'Anna') {
  const answer = await t.call('chat/operator/login', { body: { name, token: OPERATOR_TOKEN }, headers: headers(null, nextIp()) });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return cookiesOf(answer);
}

describe('built-in chat', () => {
  it("keeps a guest's conversation behind a signed cookie, which reads no other conversation", async () => {
    const ip = nextIp();
    const empty = await t.call('chat/get', { headers: headers(null, ip) });
    expect(empty.json.data).toEqual({ id: null, unread: 0, messages: [] });

    const first = await t.call('chat/send', { body: { text: '  Hello, is anyone there?  ' }, headers: headers(null, ip) });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const setCookie = first.headers.getSetCookie().find((value) => value.startsWith(`${GUEST_CHAT_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    const ann = cookiesOf(first);

    const annView = (await t.call('chat/get', { headers: headers(ann, ip) })).json.data as ChatConversationView;
    expect(annView.messages.map((message) => message.text)).toEqual(['Hello, is anyone there?']);

    const other = await t.call('chat/send', { body: { text: 'Another guest' }, headers: headers(null, nextIp()) });
    const bob = cookiesOf(other);
    const bobView = (await t.call('chat/get', { headers: headers(bob, ip) })).json.data as ChatConversationView;
    expect(bobView.messages.map((message) => message.text)).toEqual(['Another guest']);
    expect(bobView.id).not.toBe(annView.id);

    // A forged or tampered identity is no identity.
    const forged = ann.replace(/chat_guest=([^.]+)\./, 'chat_guest=AAAAAAAAAAAAAAAAAAAAAA.');
    expect(((await t.call('chat/get', { headers: headers(forged, ip) })).json.data as ChatConversationView).id).toBeNull();
  });

  it('delivers messages live to their conversation only, and counts unread until read', async () => {
    const player = await registerPlayer(t, { tag: 'chat' });
    const guest = await t.call('chat/send', { body: { text: 'Guest here' }, headers: headers(null, nextIp()) });
    const guestTopics = t.services.support.liveTopics((name) => new RegExp(`${name}=([^;]+)`).exec(cookiesOf(guest))?.[1]);
    expect(guestTopics).toHaveLength(1);
    const op = await operatorCookie();
    const opTopics = t.services.support.liveTopics((name) => new RegExp(`${name}=([^;]+)`).exec(op)?.[1]);
    expect(opTopics).toEqual(['support:operators']);

    const playerStream = listen(['public', `player:${player.uid}`]);
    const guestStream = listen(['public', ...guestTopics]);
    const operatorStream = listen(['public', ...opTopics]);

    const sent = await t.call('chat/send', { body: { text: 'I need help with a deposit' }, headers: headers(player.cookie, player.ip) });
    expect(sent.status).toBe(200);
    const conversation = (sent.json.data as ChatMessageView).conversation_id;

    const list = (await t.call('chat/operator/conversations', { headers: headers(op, nextIp()) })).json.data as { items: OperatorConversationView[] };
    expect(list.items.find((item) => item.id === conversation)).toMatchObject({ unread: 1, kind: 'player', last_message: 'I need help with a deposit' });

    const opened = await t.call('chat/operator/conversation', { query: { id: String(conversation) }, headers: headers(op, nextIp()) });
    expect((opened.json.data as { messages: ChatMessageView[] }).messages).toHaveLength(1);
    const reply = await t.call('chat/operator/reply', { body: { id: String(conversation), text: 'Happy to help!' }, headers: headers(op, nextIp()) });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);

    await vi.waitFor(() => expect(playerStream.events.map((event) => event.data.message.text)).toEqual(['I need help with a deposit', 'Happy to help!']));
    expect(playerStream.events.at(-1)).toMatchObject({ event: 'chat.message', data: { unread: 1, message: { author: 'operator', operator_name: 'Anna' } } });
    await vi.waitFor(() => expect(operatorStream.events.map((event) => event.data.message.text)).toContain('Happy to help!'));
    expect(guestStream.events).toEqual([]);
    for (const stream of [playerStream, guestStream, operatorStream]) stream.stop();

    expect((await t.call('chat/unread', { headers: headers(player.cookie, player.ip) })).json.data).toEqual({ unread: 1 });
    const history = (await t.call('chat/get', { headers: headers(player.cookie, player.ip) })).json.data as ChatConversationView;
    expect(history.messages.map((message) => [message.author, message.text])).toEqual([
      ['visitor', 'I need help with a deposit'],
      ['operator', 'Happy to help!'],
    ]);
    await t.call('chat/markread', { body: {}, headers: headers(player.cookie, player.ip) });
    expect((await t.call('chat/unread', { headers: headers(player.cookie, player.ip) })).json.data).toEqual({ unread: 0 });
  });

  it('marks read only up to the message the panel showed, and never un-reads', async () => {
    const player = await registerPlayer(t, { tag: 'chat-upto' });
    const mine = { headers: headers(player.cookie, player.ip) };
    const asked = (await t.call('chat/send', { body: { text: 'Where is my bonus?' }, ...mine })).json.data as ChatMessageView;
    const op = await operatorCookie();
    const reply = async (text: string) => {
      const answer = await t.call('chat/operator/reply', { body: { id: String(asked.conversation_id), text }, headers: headers(op, nextIp()) });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.data as ChatMessageView;
    };
    const markRead = async (upTo: number) => {
      const answer = await t.call('chat/markread', { body: { upTo: String(upTo) }, ...mine });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.data;
    };
    const unread = async () => ((await t.call('chat/unread', mine)).json.data as { unread: number }).unread;

    // The panel showed answer A and sent its markread; answer B was stored before that request arrived.
    const a = await reply('Let me check.');
    const b = await reply('It is credited now.');
    expect(b.id).toBeGreaterThan(a.id);
    expect(await markRead(a.id)).toEqual({ unread: 1 });
    expect(await unread()).toBe(1);
    expect(((await t.call('chat/get', mine)).json.data as ChatConversationView).unread).toBe(1);

    // A smaller mark after a bigger one changes nothing, before and after B is read.
    expect(await markRead(asked.id)).toEqual({ unread: 1 });
    expect(await unread()).toBe(1);
    expect(await markRead(b.id)).toEqual({ unread: 0 });
    expect(await markRead(a.id)).toEqual({ unread: 0 });
    expect(await unread()).toBe(0);

    // A markread racing a new answer never counts that answer, whichever reaches the database first.
    await Promise.all([reply('Anything else?'), markRead(b.id)]);
    expect(await unread()).toBe(1);

    // Without a mark (older clients): everything is read, as before.
    expect((await t.call('chat/markread', { body: {}, ...mine })).json.data).toEqual({ unread: 0 });
    expect(await unread()).toBe(0);
  });

  it('refuses a mark that is not a message id, naming upTo', async () => {
    const player = await registerPlayer(t, { tag: 'chat-upto-bad' });
    for (const upTo of ['-1', '0', 'x', '1.5', '']) {
      const answer = await t.call('chat/markread', { body: { upTo }, headers: headers(player.cookie, player.ip) });
      expect(answer.status, upTo).toBe(422);
      expect(answer.json.error?.type).toBe('InvalidParameterException');
      expect(Object.keys(answer.json.error?.fields ?? {})).toEqual(['upTo']);
    }
  });

  it('refuses empty and over-long messages naming the field, and limits the pace', async () => {
    const ip = nextIp();
    const blank = await t.call('chat/send', { body: { text: '   ' }, headers: headers(null, ip) });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.json.error?.fields ?? {})).toEqual(['text']);
    const long = await t.call('chat/send', { body: { text: 'x'.repeat(1001) }, headers: headers(null, ip) });
    expect(long.json.error?.fields?.text).toMatch(/1000/);
    const before = (await t.database.db.select().from(chatMessages)).length;

    const player = await registerPlayer(t, { tag: 'chat-flood' });
    for (let index = 0; index < 8; index++) {
      expect((await t.call('chat/send', { body: { text: `message ${index}` }, headers: headers(player.cookie, player.ip) })).status).toBe(200);
    }
    const refused = await t.call('chat/send', { body: { text: 'one too many' }, headers: headers(player.cookie, player.ip) });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.type).toBe('TooManyRequestsException');
    expect((await t.database.db.select().from(chatMessages)).length).toBe(before + 8);
  });
});

describe('operator console', () => {
  it('needs a console session; a wrong token is refused, audited and rate limited', async () => {
    const anonymous = await t.call('chat/operator/conversations', { headers: headers(null, nextIp()) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error?.type).toBe('AuthorizationException');
    // A player session is not an operator session.
    const player = await registerPlayer(t, { tag: 'not-operator' });
    expect((await t.call('chat/operator/reply', { body: { id: '1', text: 'hi' }, headers: headers(player.cookie, player.ip) })).status).toBe(401);

    const ip = nextIp();
    const wrong = await t.call('chat/operator/login', { body: { name: 'Mallory', token: 'guess' }, headers: headers(null, ip) });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error?.fields).toHaveProperty('token');
    const audit = await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.actor, 'Mallory'));
    expect(audit.map((row) => row.action)).toEqual(['support:login-refused']);
    for (let index = 0; index < 4; index++) await t.call('chat/operator/login', { body: { name: 'Mallory', token: 'guess' }, headers: headers(null, ip) });
    const limited = await t.call('chat/operator/login', { body: { name: 'Mallory', token: OPERATOR_TOKEN }, headers: headers(null, ip) });
    expect(limited.status).toBe(429);

    const cookie = await operatorCookie('Basil');
    expect(cookie).toContain(`${OPERATOR_COOKIE}=`);
    const tampered = cookie.replace(/support_operator=([^.]+)\./, `support_operator=${Buffer.from('Mallory').toString('base64url')}.`);
    expect((await t.call('chat/operator/conversations', { headers: headers(tampered, nextIp()) })).status).toBe(401);
    const unknown = await t.call('chat/operator/conversation', { query: { id: '999999' }, headers: headers(cookie, nextIp()) });
    expect(unknown.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { id: expect.any(String) } });
  });
});

describe('FreshChat/storeChatEvent', () => {
  const event = { channel_id: 'ch-1', conversation_id: 'conv-9', text: 'Hi from the widget', event: 'sent' };

  it('stores events of signed-in players only, and names bad fields', async () => {
    const guest = await t.call('FreshChat/storeChatEvent', { body: event, headers: headers(null, nextIp()) });
    expect(guest.status).toBe(401);
    expect(guest.json.error?.type).toBe('AuthorizationException');
    expect(await t.database.db.select().from(chatEvents)).toHaveLength(0);

    const player = await registerPlayer(t, { tag: 'freshchat' });
    const bad = await t.call('FreshChat/storeChatEvent', { body: { ...event, event: 'typing', channel_id: '' }, headers: headers(player.cookie, player.ip) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error?.fields ?? {}).sort()).toEqual(['channel_id', 'event']);

    const stored = await t.call('FreshChat/storeChatEvent', { body: event, headers: headers(player.cookie, player.ip) });
    expect(stored.status, JSON.stringify(stored.json)).toBe(200);
    const rows = await t.database.db.select().from(chatEvents).where(eq(chatEvents.userId, player.uid));
    expect(rows).toMatchObject([{ channelId: 'ch-1', conversationId: 'conv-9', text: 'Hi from the widget', event: 'sent' }]);
  });
});

describe('support/getsettings', () => {
  it('runs the built-in chat by default, a configured widget with visitor data, and skips unusable settings', async () => {
    const guest = await t.call('support/getsettings', { headers: headers(null, nextIp()) });
    expect((guest.json.data as SupportSettings).chat).toEqual({ provider: 'builtin' });

    await t.services.siteConfig.put('en', { chat: { chat: 'jivoSite', settings: { jivoSite: {} } } });
    const broken = await t.call('support/getsettings', { headers: headers(null, nextIp()) });
    expect((broken.json.data as SupportSettings).chat).toEqual({ provider: null });

    await t.services.siteConfig.put('en', { chat: { chat: 'jivoSite', settings: { jivoSite: { widget_id: 'AbC123' } } } });
    const player = await registerPlayer(t, { tag: 'visitor', email: `visitor.${Date.now()}@example.com` });
    const setup = (await t.call('support/getsettings', { headers: headers(player.cookie, player.ip) })).json.data as SupportSettings;
    expect(setup.chat).toEqual({
      provider: 'jivoSite',
      settings: { widget_id: 'AbC123' },
      visitor: { uid: player.uid, name: null, email: player.email, phone: null, language: 'en' },
    });
    const forGuest = (await t.call('support/getsettings', { headers: headers(null, nextIp()) })).json.data as SupportSettings;
    expect(forGuest.chat).toMatchObject({ provider: 'jivoSite', visitor: null });

    await t.services.siteConfig.put('en', { chat: { chat: 'comm100' } });
    expect(((await t.call('support/getsettings', { headers: headers(null, nextIp()) })).json.data as SupportSettings).chat).toEqual({ provider: null });
    await t.services.siteConfig.put('en', {});
  });

  it("puts a configured widget's origins in the pages' Content-Security-Policy, and none otherwise", async () => {
    const app = new Hono<HttpEnv>();
    app.use(async (c, next) => {
      c.set('nonce', 'n0nce');
      await next();
    });
    app.use(securityHeaders({ secure: () => false, dev: false, thirdPartyOrigins: () => t.services.support.cspOrigins('en') }));
    app.get('/', (c) => c.html('<p>page</p>'));
    const policy = async () => (await app.request('/')).headers.get('content-security-policy') ?? '';
    expect(await policy()).toContain("script-src 'self' 'nonce-n0nce';");
    await t.services.siteConfig.put('en', { chat: { chat: 'liveChat', settings: { liveChat: { license: '123' } } } });
    expect(await policy()).toMatch(/script-src 'self' 'nonce-n0nce' https:\/\/cdn\.livechatinc\.com/);
    expect(await policy()).toMatch(/connect-src [^;]*wss:\/\/\*\.livechatinc\.com/);
    await t.services.siteConfig.put('en', {});
    expect(await policy()).not.toContain('livechatinc');
  });

  it("allows a widget's origins in the page policy only when it is configured", () => {
    expect(chatOrigins(siteConfigSchema.parse({}))).toEqual([]);
    const jivo = chatOrigins(siteConfigSchema.parse({ chat: { chat: 'jivoSite', settings: { jivoSite: { widget_id: 'x' } } } }));
    expect(jivo).toContain('https://code.jivosite.com');
    expect(chatOrigins(siteConfigSchema.parse({ chat: { chat: 'betunlim', settings: { betunlim: { script_url: 'http://evil.example/chat.js' } } } }))).toEqual([]);
    expect(chatOrigins(siteConfigSchema.parse({ chat: { chat: 'freshChat', settings: { freshChat: { token: 't' } } }, features: { chat: false } }))).toEqual([]);
  });
});
