import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffTopic } from '../../contract/backoffice.ts';
import type { CannedAnswer, StaffChatEvent, SupportConversationAnswer, SupportConversationsAnswer, SupportRequestItem } from '../../contract/backoffice-support.ts';
import type { ChatConversationView, ChatMessageView } from '../../contract/support.ts';
import { queryRows } from '../platform/db/database.ts';
import type { LiveConnection } from '../platform/live/index.ts';
import { fundPlayer, registerPlayer } from '../platform/testing/players.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';

let t: TestApp;
let support: TestStaff;
let supportName: string;

beforeAll(async () => {
  t = await createTestApp();
  support = await createStaffMember(t, 'support');
  supportName = (await t.services.staff.member(support.id)).display_name;
}, 180_000);
afterAll(async () => {
  await t.close();
});

let addresses = 0;
const nextIp = () => `10.66.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const as = (player: { cookie: string; ip: string }) => ({ headers: { cookie: player.cookie, 'x-croupier-client-ip': player.ip } });

const auditRows = (action: string) =>
  queryRows<{ actor: string; actor_role: string; subject: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select actor, actor_role, subject, before, after from operator_audit where action = ${action} order by id`,
  );

/** A fake stream of the live hub with the topics the back office's /live gives a member. */
function listen(topics: string[]) {
  const events: { event: string; data: StaffChatEvent }[] = [];
  const connection: LiveConnection = {
    topics: new Set(topics),
    write(chunk) {
      const event = /^event: (.+)$/m.exec(chunk)?.[1];
      const data = /^data: (.+)$/m.exec(chunk)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) as StaffChatEvent });
      return true;
    },
    close() {},
  };
  t.services.live.attach(connection);
  return { events, stop: () => t.services.live.detach(connection) };
}

describe('the support chat in the back office', () => {
  it("lists conversations with unread counts, opens one beside the player's context, and answers with the member's name", async () => {
    const player = await registerPlayer(t, { tag: 'bo-chat' });
    await fundPlayer(t, player.uid, 12_50n);
    const staffStream = listen([staffTopic('support.chat')]);
    const playerStream = listen([`player:${player.uid}`]);

    const first = await t.call('chat/send', { body: { text: 'My deposit has not arrived' }, ...as(player) });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    await t.call('chat/send', { body: { text: 'Are you there?' }, ...as(player) });
    const conversationId = (first.json.data as ChatMessageView).conversation_id;

    // Staff with support.chat hear every visitor message live, with the operators' unread count.
    await vi.waitFor(() => expect(staffStream.events.map((event) => [event.event, event.data.message.text, event.data.unread])).toEqual([
      ['chat', 'My deposit has not arrived', 1],
      ['chat', 'Are you there?', 2],
    ]));

    const list = await backoffice(t, 'support/conversations', { cookie: support.cookie });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    const listed = list.json.data as SupportConversationsAnswer;
    expect(listed.items.find((item) => item.id === conversationId)).toMatchObject({ unread: 2, kind: 'player', user_id: player.uid, last_message: 'Are you there?' });
    expect(listed.unread_conversations).toBeGreaterThanOrEqual(1);

    const opened = await backoffice(t, 'support/conversation', { query: { id: String(conversationId) }, cookie: support.cookie });
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
    const view = opened.json.data as SupportConversationAnswer;
    expect(view.messages.map((message) => message.text)).toEqual(['My deposit has not arrived', 'Are you there?']);
    expect(view.player).toMatchObject({ user_id: player.uid, login: player.email, currency: 'EUR', balances: { main: '12.50', bonus: '0.00' }, deposits: [], bonuses: [] });
    // Opening it read it, for every operator.
    const after = (await backoffice(t, 'support/conversations', { cookie: support.cookie })).json.data as SupportConversationsAnswer;
    expect(after.items.find((item) => item.id === conversationId)?.unread).toBe(0);

    const reply = await backoffice(t, 'support/reply', { body: { id: conversationId, text: '  Let me check that for you.  ' }, cookie: support.cookie, ip: support.ip });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json.data).toMatchObject({ author: 'operator', operator_name: supportName, text: 'Let me check that for you.' });

    // The player's own chat shows it, signed with the member's name, unread, and it came live.
    const mine = (await t.call('chat/get', as(player))).json.data as ChatConversationView;
    expect(mine.messages.at(-1)).toMatchObject({ author: 'operator', operator_name: supportName, text: 'Let me check that for you.' });
    expect((await t.call('chat/unread', as(player))).json.data).toEqual({ unread: 1 });
    await vi.waitFor(() => expect(playerStream.events.at(-1)).toMatchObject({ event: 'chat.message', data: { unread: 1, message: { operator_name: supportName } } }));
    staffStream.stop();
    playerStream.stop();

    const [audit] = (await auditRows('support.reply')).slice(-1);
    expect(audit).toMatchObject({ actor: `staff:${support.id} ${support.email}`, actor_role: 'support', subject: `chat:${conversationId}`, after: { operator_name: supportName } });
  });

  it("shows no player context for a guest's conversation, and names a bad reply", async () => {
    const guest = await t.call('chat/send', { body: { text: 'Guest question' }, headers: { 'x-croupier-client-ip': nextIp() } });
    const conversationId = (guest.json.data as ChatMessageView).conversation_id;
    const opened = (await backoffice(t, 'support/conversation', { query: { id: String(conversationId) }, cookie: support.cookie })).json.data as SupportConversationAnswer;
    expect(opened.conversation.kind).toBe('guest');
    expect(opened.player).toBeNull();

    const empty = await backoffice(t, 'support/reply', { body: { id: conversationId, text: '   ' }, cookie: support.cookie });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.error?.fields ?? {})).toEqual(['text']);
    const unknown = await backoffice(t, 'support/reply', { body: { id: 999_999, text: 'Hello' }, cookie: support.cookie });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error?.fields).toEqual({ id: 'No such conversation' });
  });

  it('keeps canned answers per locale, each change audited with before and after', async () => {
    const seeded = (await backoffice(t, 'support/canned', { query: { language: 'fr' }, cookie: support.cookie })).json.data as CannedAnswer[];
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((answer) => answer.locale === 'fr')).toBe(true);

    const bad = await backoffice(t, 'support/canned/save', { body: { locale: 'de', title: 'x', text: '' }, cookie: support.cookie });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error?.fields ?? {}).sort()).toEqual(['locale', 'text', 'title']);

    const created = await backoffice(t, 'support/canned/save', { body: { locale: 'en', title: 'Bonus wagering', text: 'Your bonus turns into cash once wagered.' }, cookie: support.cookie });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const answer = created.json.data as CannedAnswer;
    const updated = await backoffice(t, 'support/canned/save', { body: { id: answer.id, locale: 'en', title: 'Bonus wagering', text: 'See Profile › Bonuses for your wagering.' }, cookie: support.cookie });
    expect(updated.json.data).toMatchObject({ id: answer.id, text: 'See Profile › Bonuses for your wagering.' });
    expect((await backoffice(t, 'support/canned/delete', { body: { id: answer.id }, cookie: support.cookie })).status).toBe(200);
    expect(((await backoffice(t, 'support/canned', { query: { language: 'en' }, cookie: support.cookie })).json.data as CannedAnswer[]).some((row) => row.id === answer.id)).toBe(false);
    expect((await backoffice(t, 'support/canned/delete', { body: { id: answer.id }, cookie: support.cookie })).json.error?.fields).toEqual({ id: 'No such canned answer' });

    const subject = `canned-answer:${answer.id}`;
    const [create] = (await auditRows('support.canned.create')).filter((row) => row.subject === subject);
    const [update] = (await auditRows('support.canned.update')).filter((row) => row.subject === subject);
    const [remove] = (await auditRows('support.canned.delete')).filter((row) => row.subject === subject);
    expect(create).toMatchObject({ actor: `staff:${support.id} ${support.email}`, before: null, after: { locale: 'en', title: 'Bonus wagering', text: 'Your bonus turns into cash once wagered.' } });
    expect(update).toMatchObject({ before: { text: 'Your bonus turns into cash once wagered.' }, after: { text: 'See Profile › Bonuses for your wagering.' } });
    expect(remove).toMatchObject({ before: { title: 'Bonus wagering' }, after: null });
  });

  it('lists contact-form requests newest first, for one player too', async () => {
    const player = await registerPlayer(t, { tag: 'bo-contact' });
    const form = { name: 'Ada Lovelace', email: 'ada@example.com', topic: 'withdrawal', message: 'My withdrawal has been pending for two days.' };
    const sent = await t.call('support/sendFeedback', { body: form, ...as(player) });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const id = (sent.json.data as { id: number }).id;

    const all = (await backoffice(t, 'support/requests', { query: { limit: '5' }, cookie: support.cookie })).json.data as { items: SupportRequestItem[]; total: number };
    expect(all.items[0]).toMatchObject({ id, reference: `S-${String(id).padStart(6, '0')}`, user_id: player.uid, topic: 'withdrawal', message: form.message });
    const own = (await backoffice(t, 'support/requests', { query: { user_id: String(player.uid) }, cookie: support.cookie })).json.data as { total: number };
    expect(own.total).toBe(1);
  });

  it('is closed to roles without support.chat', async () => {
    const finance = await createStaffMember(t, 'finance');
    const refused = await backoffice(t, 'support/reply', { body: { id: 1, text: 'Hello' }, cookie: finance.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json.error?.details).toEqual({ permission: 'support.chat' });
  });
});
