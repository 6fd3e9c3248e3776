import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.ts';
import { ENGLISH_TEMPLATES, FRENCH_TEMPLATES, localizeError, translateMessage } from './messages.ts';

/**
 * Every message the back office's code writes has its French (messages.ts): the source is read
 * for the messages given to typed errors, so a new English-only message fails here rather than
 * reaching a member who reads French.
 */
const SOURCES = [
  ...readdirSync('server/backoffice', { recursive: true, encoding: 'utf8' }).map((file) => path.join('server/backoffice', file)),
  ...readdirSync('server/modules/staff').map((file) => path.join('server/modules/staff', file)),
  'server/modules/ledger/adjustments.ts',
  'server/modules/accounts/admin.ts',
  'server/modules/payments/refunds.ts',
  'server/modules/promotions/operator.ts',
  'server/modules/betting/trading.ts',
  'server/modules/loyalty/manage.ts',
  'server/modules/tournaments/manage.ts',
  'server/modules/catalogue/admin.ts',
  'server/modules/jackpots/admin.ts',
  'server/modules/content/editor.ts',
  'server/modules/content/images.ts',
  'server/modules/risk/service.ts',
  'server/modules/affiliates/manage.ts',
].filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'server/backoffice/messages.ts');

const LITERAL = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;
const WHERE_MESSAGES_GO = [
  String.raw`AppError\(\s*'[A-Za-z]+',\s*`,
  String.raw`\b(?:invalid|notFound)\(\s*'[a-z_]+',\s*`,
  String.raw`\bbad\(\s*`,
  String.raw`\bmessage = `,
  String.raw`fields: \{ [a-z_]+: `,
  String.raw`\bfield\([^,()]+,\s*`,
].map((prefix) => new RegExp(prefix + LITERAL, 'g'));

/** `Deposit ${id} not found` and `Deposit {id} not found` both become `Deposit {} not found`. */
const shape = (text: string) => text.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, '{}').replace(/\{\w+\}/g, '{}');

function writtenMessages(): Array<{ file: string; message: string }> {
  const found: Array<{ file: string; message: string }> = [];
  for (const file of SOURCES) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of WHERE_MESSAGES_GO) {
      for (const match of source.matchAll(pattern)) found.push({ file, message: match[1].slice(1, -1).replace(/\\'/g, "'") });
    }
  }
  return found;
}

describe('the back office in French', () => {
  it('has a French text for every message its code writes', () => {
    const written = writtenMessages();
    expect(written.length).toBeGreaterThan(40);
    const known = new Set(ENGLISH_TEMPLATES.map(shape));
    const missing = written.filter(({ message }) => !known.has(shape(message)));
    expect(missing).toEqual([]);
  });

  it('keeps every value of a message in its French', () => {
    ENGLISH_TEMPLATES.forEach((english, index) => {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(names(FRENCH_TEMPLATES[index]), english).toEqual(names(english));
    });
  });

  it('translates a message with its values, leaves English alone, and keeps an unknown message as written', () => {
    expect(translateMessage('At most 50.00 EUR is left to refund', 'fr')).toBe('Il reste au plus 50.00 EUR à rembourser');
    expect(translateMessage('At most 50.00 EUR is left to refund', 'en')).toBe('At most 50.00 EUR is left to refund');
    expect(translateMessage('Something new', 'fr')).toBe('Something new');
    const error = localizeError(new AppError('InvalidParameterException', 'Deposit dep_1 not found', { status: 404, fields: { id: 'Deposit dep_1 not found' } }), 'fr') as AppError;
    expect([error.type, error.status, error.message, error.fields]).toEqual(['InvalidParameterException', 404, 'Dépôt dep_1 introuvable', { id: 'Dépôt dep_1 introuvable' }]);
  });
});
