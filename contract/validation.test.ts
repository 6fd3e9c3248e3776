import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPhone, isValidPhone } from './phone.ts';
import { siteConfigSchema } from './site-config.ts';
import type { FieldRule, ValidateOptions } from './validation.ts';
import {
  compilePattern,
  isIban,
  maxLength,
  maxValue,
  minLength,
  minValue,
  parseCalendarDate,
  RULE_TYPES,
  ruleFromFormField,
  rulesFromFormFields,
  validateField,
  validateForm,
} from './validation.ts';
import { FIELD_MESSAGES, fieldMessage, fillMessage } from './validation-messages.ts';

const EN: ValidateOptions = { locale: 'en', phoneCheck: checkPhone };
const FR: ValidateOptions = { locale: 'fr', phoneCheck: checkPhone };

type Row = [value: unknown, expected: string | null];

function show(value: unknown): string {
  if (value instanceof Date) return `Date(${Number.isNaN(value.getTime()) ? 'invalid' : value.getTime()})`;
  return JSON.stringify(value) ?? String(value);
}

/** One test per row: validateField(rule, value, options) must be exactly `expected`. */
function table(title: string, rule: FieldRule, rows: Row[], options: ValidateOptions = EN): void {
  describe(title, () => {
    it.each(rows.map(([value, expected], index) => ({ index, label: show(value), value, expected })))(
      '#$index $label -> $expected',
      ({ value, expected }) => {
        expect(validateField(rule, value, options)).toBe(expected);
      },
    );
  });
}

const REQUIRED = 'Field is required';

// ---------------------------------------------------------------------------------------------
describe('messages', () => {
  it('has the spec defaults, word for word', () => {
    expect(FIELD_MESSAGES.en).toMatchObject({
      required: 'Field is required',
      email: 'Wrong email address',
      minLength: 'Min length is $$min$$',
      maxLength: 'Max length is $$max$$',
      phone: 'Wrong phone number',
      fakename: 'Wrong fake name',
      password: 'Wrong password',
      name: 'Wrong symbols in name',
      address: 'Wrong address',
      iban: 'Wrong iban',
      minValue: 'Min value is $$min$$',
      maxValue: 'Max value is $$max$$',
      date: 'Wrong date',
    });
  });
  it('has a French message for every key, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\$\$\w+\$\$/g)].map((m) => m[0]).sort();
    expect(Object.keys(FIELD_MESSAGES.fr).sort()).toEqual(Object.keys(FIELD_MESSAGES.en).sort());
    for (const [key, en] of Object.entries(FIELD_MESSAGES.en)) {
      const fr = FIELD_MESSAGES.fr[key as keyof typeof FIELD_MESSAGES.fr];
      expect(fr, key).not.toBe(en);
      expect(placeholders(fr), key).toEqual(placeholders(en));
    }
  });
  it('fills $$min$$ and $$max$$', () => {
    expect(fieldMessage('en', 'minLength', { min: 6 })).toBe('Min length is 6');
    expect(fieldMessage('en', 'maxLength', { max: 20 })).toBe('Max length is 20');
    expect(fieldMessage('en', 'minValue', { min: '10' })).toBe('Min value is 10');
    expect(fieldMessage('en', 'maxValue', { max: 99.5 })).toBe('Max value is 99.5');
    expect(fieldMessage('fr', 'minLength', { min: 6 })).toBe('Longueur minimale : 6');
    expect(fieldMessage('fr', 'maxValue', { max: 100 })).toBe('Valeur maximale : 100');
    expect(fieldMessage('en', 'required')).toBe('Field is required');
    expect(fieldMessage('en', 'minLength')).toBe('Min length is ');
  });
  it('fills every occurrence and inserts values literally', () => {
    expect(fillMessage('$$min$$ to $$max$$, at least $$min$$', { min: 1, max: 2 })).toBe('1 to 2, at least 1');
    expect(fillMessage('Min $$min$$', { min: '$&$$' })).toBe('Min $&$$');
    expect(fillMessage('Keep $$other$$', { min: 1 })).toBe('Keep $$other$$');
  });
  it('falls back to English for an unknown locale', () => {
    expect(fieldMessage('de' as 'en', 'required')).toBe('Field is required');
    expect(validateField({ type: 'text' }, '', { locale: 'de' as 'en' })).toBe(REQUIRED);
  });
});

// ---------------------------------------------------------------------------------------------
describe('password', () => {
  table('length and characters', { type: 'password' }, [
    ['abcdef', null],
    ['abcde', 'Min length is 6'],
    ['a'.repeat(20), null],
    ['a'.repeat(21), 'Max length is 20'],
    ['P@ssw0rd!', null],
    ['!"#$%&\'()*+,-./:;<=>', null],
    ['?@[\\]^_`{|}~AZaz09', null],
    ['<script>', null],
    ["'OR'1'='1", null],
    [123456, null],
    ['', REQUIRED],
    [undefined, REQUIRED],
    [null, REQUIRED],
    ['pässwörd', 'Wrong password: not allowed ä, ö'],
    ['Wrong é, ж', 'Wrong password: not allowed U+0020, é, ж'],
    ['парольпароль', 'Wrong password: not allowed п, а, р, о, л, ь'],
    ['abcdéé', 'Wrong password: not allowed é'],
    ['abcdé', 'Min length is 6'],
    [' abcdef', 'Wrong password: not allowed U+0020'],
    ['abcdef ', 'Wrong password: not allowed U+0020'],
    ['      ', 'Wrong password: not allowed U+0020'],
    ['abc\tdef', 'Wrong password: not allowed U+0009'],
    ['cafe\u0301xx', 'Wrong password: not allowed U+0301'],
    ['pass👍word', 'Wrong password: not allowed 👍'],
    ["' OR 1=1 --", 'Wrong password: not allowed U+0020'],
    ['ａｂｃｄｅｆ', 'Wrong password: not allowed ａ, ｂ, ｃ, ｄ, ｅ, ｆ'],
    ['àáâãäåæçèéêë', 'Wrong password: not allowed à, á, â, ã, ä, å, æ, ç, è, é, …'],
    [['abcdef'], 'Wrong password'],
    [{ value: 'abcdef' }, 'Wrong password'],
  ]);
  table(
    'in French',
    { type: 'password' },
    [
      ['', 'Champ obligatoire'],
      ['abcde', 'Longueur minimale : 6'],
      ['a'.repeat(21), 'Longueur maximale : 20'],
      ['pässwort', 'Mot de passe incorrect : caractères non autorisés ä'],
    ],
    FR,
  );
  const confirm: FieldRule = { type: 'password', confirmOf: 'password' };
  table(
    'confirmation',
    confirm,
    [
      ['secret1', null],
      ['secret2', 'Passwords do not match'],
      ['Secret1', 'Passwords do not match'],
      ['secret1 ', 'Wrong password: not allowed U+0020'],
      ['abc', 'Min length is 6'],
      ['', REQUIRED],
    ],
    { ...EN, values: { password: 'secret1' } },
  );
  it('confirmation without the other value is a mismatch', () => {
    expect(validateField(confirm, 'secret1', EN)).toBe('Passwords do not match');
    expect(validateField(confirm, 'secret1', { ...EN, values: {} })).toBe('Passwords do not match');
    expect(validateField(confirm, 'secret1', { ...FR, values: { password: 'other12' } })).toBe(
      'Les mots de passe ne correspondent pas',
    );
  });
  table('not required', { type: 'password', required: false }, [
    ['', null],
    [undefined, null],
    ['abc', 'Min length is 6'],
    ['      ', 'Wrong password: not allowed U+0020'],
  ]);
  table('custom bounds', { type: 'password', min: 8, max: 10 }, [
    ['abcdefg', 'Min length is 8'],
    ['abcdefgh', null],
    ['abcdefghijk', 'Max length is 10'],
  ]);
});

// ---------------------------------------------------------------------------------------------
describe('confirmation code', () => {
  table('six digits', { type: 'code' }, [
    ['123456', null],
    ['000000', null],
    [123456, null],
    ['', REQUIRED],
    ['      ', REQUIRED],
    ['12345', 'Code must contain 6 digits'],
    ['1234567', 'Code must contain 6 digits'],
    ['12 3456', 'Code must contain 6 digits'],
    [' 123456', 'Code must contain 6 digits'],
    ['123456 ', 'Code must contain 6 digits'],
    ['12345a', 'Code must contain 6 digits'],
    ['１２３４５６', 'Code must contain 6 digits'],
    ['١٢٣٤٥٦', 'Code must contain 6 digits'],
    [-12345, 'Code must contain 6 digits'],
    ["' OR 1=1 --", 'Code must contain 6 digits'],
    [['123456'], 'Code must contain 6 digits'],
  ]);
  table('in French', { type: 'code' }, [['12', 'Le code doit contenir 6 chiffres']], FR);
});

// ---------------------------------------------------------------------------------------------
describe('email', () => {
  const WRONG = 'Wrong email address';
  table('format', { type: 'email' }, [
    ['user@example.com', null],
    ['first.last+tag@mail.example.co', null],
    ["o'brien@example.fr", null],
    ['user@example.co.uk', null],
    ['élodie@exemple.fr', null],
    ['user@bücher.de', null],
    ['user@xn--bcher-kva.com', null],
    ['USER@EXAMPLE.COM', null],
    ['', REQUIRED],
    ['   ', REQUIRED],
    [null, REQUIRED],
    ['plainaddress', WRONG],
    ['a@@example.com', WRONG],
    ['a@b@example.com', WRONG],
    ['a b@example.com', WRONG],
    [' user@example.com', WRONG],
    ['user@example.com ', WRONG],
    ['user@example.com\n', WRONG],
    ['user@localhost', WRONG],
    ['user@a.b.example.com', WRONG],
    ['@example.com', WRONG],
    ['user@', WRONG],
    ['user@.com', WRONG],
    ['user@example..com', WRONG],
    ['user@example.com.', WRONG],
    ['user@-example.com', WRONG],
    ['user@exa_mple.com', WRONG],
    ['user@example.c', WRONG],
    ['user@example.123', WRONG],
    ['.user@example.com', WRONG],
    ['us..er@example.com', WRONG],
    ['<script>@example.com', WRONG],
    ["' OR 1=1 --@example.com", WRONG],
    [`${'a'.repeat(65)}@example.com`, WRONG],
    [['user@example.com'], WRONG],
  ]);
  table(
    'in French',
    { type: 'email' },
    [
      ['', 'Champ obligatoire'],
      ['nope', 'Adresse e-mail incorrecte'],
    ],
    FR,
  );
  table('not required', { type: 'email', required: false }, [
    ['', null],
    ['nope', WRONG],
  ]);
});

// ---------------------------------------------------------------------------------------------
describe('phone', () => {
  const MISSING = 'Phone number is missing';
  const FORMAT = 'Wrong phone number format';
  const WRONG = 'Wrong phone number';
  table('international', { type: 'phone' }, [
    ['+33 6 12 34 56 78', null],
    ['+33612345678', null],
    ['+1 213 373 4253', null],
    ['+1 (213) 373-4253', null],
    ['+7 912 345-67-89', null],
    ['+371 21 234 567', null],
    [' +33 6 12 34 56 78 ', null],
    ['', MISSING],
    ['  ', MISSING],
    [undefined, MISSING],
    ['+', MISSING],
    ['+33', MISSING],
    ['+ 371', MISSING],
    ['06 12 34 56 78', FORMAT],
    ['abc', FORMAT],
    ['+33 6 12 34 56 7a', FORMAT],
    ['+33+612345678', FORMAT],
    ['<script>', FORMAT],
    ["' OR 1=1 --", FORMAT],
    [`+${'1'.repeat(45)}`, FORMAT],
    [['+33612345678'], FORMAT],
    ['+33 6 12 34 56 78 9', WRONG],
    ['+33 6 12', WRONG],
    ['+1 555 0100', WRONG],
    ['+999 1234 5678', WRONG],
  ]);
  table('national, with a country', { type: 'phone', phoneCountry: 'FR' }, [
    ['06 12 34 56 78', null],
    ['0612345678', null],
    ['+1 213 373 4253', null],
    ['0033 6 12 34 56 78', null],
    ['33', MISSING],
    ['06 12 34', WRONG],
    ['06-12-34-56-7x', FORMAT],
  ]);
  table('lower-case country', { type: 'phone', phoneCountry: 'us' }, [
    ['(213) 373-4253', null],
    ['373-4253', WRONG],
  ]);
  table('unknown country', { type: 'phone', phoneCountry: 'XX' }, [['06 12 34 56 78', FORMAT]]);
  table('not required', { type: 'phone', required: false }, [
    ['', null],
    ['+33', null],
    ['abc', FORMAT],
    ['+33 6', WRONG],
  ]);
  table(
    'in French',
    { type: 'phone' },
    [
      ['', 'Numéro de téléphone manquant'],
      ['abc', 'Format du numéro de téléphone incorrect'],
      ['+33 6 12', 'Numéro de téléphone incorrect'],
    ],
    FR,
  );
  it('needs the phone check to be passed in', () => {
    expect(() => validateField({ type: 'phone' }, '+33612345678', { locale: 'en' })).toThrow(/phoneCheck/);
  });
  it('checkPhone and isValidPhone', () => {
    expect(checkPhone('+33612345678')).toBe('valid');
    expect(checkPhone('0612345678', 'FR')).toBe('valid');
    expect(checkPhone('0612345678')).toBe('format');
    expect(checkPhone('+44')).toBe('missing');
    expect(checkPhone('+44 12')).toBe('invalid');
    expect(isValidPhone('+44 7911 123456')).toBe(true);
    expect(isValidPhone('+44 7911 12345')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
describe('name', () => {
  const WRONG = 'Wrong symbols in name';
  table('allowed', { type: 'name' }, [
    ['John', null],
    ['Jean-Luc', null],
    ["O'Brien", null],
    ['Dmitry Ivanov', null],
    ['Дмитрий', null],
    ['Zoë', null],
    ['José María', null],
    ['Ēriks Ķēniņš', null],
    ['St. John', null],
    ['李小龙', null],
    ['John ', null],
    [' John', null],
    ["' OR 'a'='a' --", null],
    ['', REQUIRED],
    ['   ', REQUIRED],
    [undefined, REQUIRED],
  ]);
  const forbiddenChars = [...'@_"!?#$%^&*(){}[]|/\\<>~§+:;`'];
  table(
    'forbidden symbols',
    { type: 'name' },
    forbiddenChars.map((char): Row => [`Ann${char}`, WRONG]),
  );
  table('digits and other failures', { type: 'name' }, [
    ['John2', WRONG],
    ['J0hn', WRONG],
    ['Anna ٣', WRONG],
    ['Anna²', WRONG],
    ['Ⅻ Louis', WRONG],
    ['<script>alert(1)</script>', WRONG],
    ['<b>bold</b>', WRONG],
    ["' OR 1=1 --", WRONG],
    ['＜script＞', WRONG],
    ['Ann＠', WRONG],
    ['Ann\nMarie', WRONG],
    ['---', WRONG],
    ["'", WRONG],
    [42, WRONG],
    [['John'], WRONG],
    [{}, WRONG],
  ]);
  table('length bounds', { type: 'name', min: 2, max: 5 }, [
    ['J', 'Min length is 2'],
    ['Jo', null],
    ['Zoëli', null],
    ['Johnny', 'Max length is 5'],
  ]);
  table('in French', { type: 'name' }, [['R2D2', 'Caractères non autorisés dans le nom']], FR);
  table('not required', { type: 'name', required: false }, [
    ['', null],
    ['a1', WRONG],
  ]);
});

describe('name variant', () => {
  const WRONG = 'Wrong symbols in name';
  table('allows ! ? & ( ) / +', { type: 'nameVariant' }, [
    ['Smith & Sons', null],
    ['Anne (Annie)', null],
    ['Jean/Paul', null],
    ['Yes!', null],
    ['Who?', null],
    ['A+B', null],
    ["O'Brien-Smith", null],
    ['', REQUIRED],
  ]);
  table('still forbids digits and the rest', { type: 'nameVariant' }, [
    ['Agent 007', WRONG],
    ['<b>', WRONG],
    ['<script>', WRONG],
    ["' OR 1=1 --", WRONG],
    ...[...'@_"#$%^*{}[]|\\<>~§:;`'].map((char): Row => [`Ann${char}`, WRONG]),
    ['&', WRONG],
  ]);
});

describe('address', () => {
  const WRONG = 'Wrong address';
  table('digits allowed, symbols not', { type: 'address' }, [
    ['12 Rue de la Paix', null],
    ['Brīvības iela 1', null],
    ['ул. Ленина, 5', null],
    ['221B Baker Street', null],
    ['Flat 4-5', null],
    ['10', null],
    [' 10 Main St ', null],
    ['', REQUIRED],
    ['Apt #4', WRONG],
    ['12/3 Main St', WRONG],
    ['<script>', WRONG],
    ['a@b', WRONG],
    ['Main St; DROP TABLE users', WRONG],
    ['c/o (John)', WRONG],
    ['...', WRONG],
    [['12 Main St'], WRONG],
  ]);
  table('in French', { type: 'address' }, [['Rue #4', 'Adresse incorrecte']], FR);
});

// ---------------------------------------------------------------------------------------------
describe('date', () => {
  const WRONG = 'Wrong date';
  table('formats', { type: 'date' }, [
    ['2000-01-31', null],
    ['31.01.2000', null],
    ['2024-02-29', null],
    ['29.02.2024', null],
    ['1000-01-01', null],
    ['9999-12-31', null],
    [new Date(2000, 0, 1), null],
    ['', REQUIRED],
    [null, REQUIRED],
    ['2023-02-29', WRONG],
    ['29.02.2023', WRONG],
    ['31.04.2000', WRONG],
    ['2000-13-01', WRONG],
    ['2000-00-10', WRONG],
    ['2000-01-00', WRONG],
    ['99-01-01', WRONG],
    ['0999-01-01', WRONG],
    ['10000-01-01', WRONG],
    ['01.01.99', WRONG],
    ['2000-1-1', WRONG],
    ['1.1.2000', WRONG],
    ['2000/01/01', WRONG],
    ['01/02/2000', WRONG],
    ['2000-01-01T00:00:00Z', WRONG],
    [' 2000-01-01', WRONG],
    ['2000-01-01 ', WRONG],
    ['yesterday', WRONG],
    ["' OR 1=1 --", WRONG],
    [new Date('nonsense'), WRONG],
    [new Date(-70000, 0, 1), WRONG],
    [20000101, WRONG],
    [['2000-01-01'], WRONG],
  ]);
  table('bounds', { type: 'date', min: '1900-01-01', max: '10.05.2007' }, [
    ['1899-12-31', 'Min date is 01.01.1900'],
    ['1900-01-01', null],
    ['01.01.1900', null],
    ['10.05.2007', null],
    ['2007-05-11', 'Max date is 10.05.2007'],
    ['2007-05-32', WRONG],
  ]);
  table('Date bounds', { type: 'date', max: new Date(2007, 4, 10) }, [
    ['2007-05-10', null],
    ['2007-05-11', 'Max date is 10.05.2007'],
  ]);
  table(
    'in French',
    { type: 'date', min: '1900-01-01' },
    [
      ['31.02.2000', 'Date incorrecte'],
      ['1899-01-01', 'Date minimale : 01.01.1900'],
    ],
    FR,
  );
  it('refuses a rule with a bad bound', () => {
    expect(() => validateField({ type: 'date', min: '1.1.1900' }, '2000-01-01', EN)).toThrow(TypeError);
  });
  it('parses calendar dates', () => {
    expect(parseCalendarDate('05.06.2001')).toEqual({ year: 2001, month: 6, day: 5 });
    expect(parseCalendarDate('2001-06-05')).toEqual({ year: 2001, month: 6, day: 5 });
    expect(parseCalendarDate('2001-06-31')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
describe('sex', () => {
  table('non-empty', { type: 'sex' }, [
    ['male', null],
    ['female', null],
    ['m', null],
    [1, null],
    ['', REQUIRED],
    ['  ', REQUIRED],
    [null, REQUIRED],
    [{}, 'Wrong value'],
  ]);
  table('not required', { type: 'sex', required: false }, [['', null]]);
});

describe('text-like types', () => {
  for (const type of ['text', 'login', 'documentType', 'documentNumber', 'cpf', 'cardHolder'] as const) {
    table(type, { type }, [
      ['Abc', null],
      ['', REQUIRED],
      ['   ', REQUIRED],
      [undefined, REQUIRED],
    ]);
    table(`${type} not required`, { type, required: false }, [
      ['', null],
      [undefined, null],
    ]);
  }
  table('text accepts anything non-empty', { type: 'text' }, [
    ['<script>alert(1)</script>', null],
    ["' OR 1=1 --", null],
    [' padded ', null],
    [0, null],
    [['a'], 'Wrong value'],
    [true, 'Wrong value'],
  ]);
  table('length bounds in characters', { type: 'login', min: 3, max: 5 }, [
    ['ab', 'Min length is 3'],
    ['abc', null],
    ['ééé', null],
    ['👍👍', 'Min length is 3'],
    ['abcde', null],
    ['abcdef', 'Max length is 5'],
  ]);
  table('pattern', { type: 'documentNumber', pattern: '[A-Z]{2}\\d{6}' }, [
    ['AB123456', null],
    ['ab123456', 'Wrong value'],
    ['AB1234567', 'Wrong value'],
    [' AB123456', 'Wrong value'],
    ['', REQUIRED],
  ]);
  table('in French', { type: 'cpf', min: 11 }, [['123', 'Longueur minimale : 11']], FR);
});

describe('card holder', () => {
  const WRONG = 'Wrong card holder name';
  table('letters, spaces, dot, apostrophe, hyphen', { type: 'cardHolder' }, [
    ['JOHN SMITH', null],
    ["Jean-Pierre O'Neil", null],
    ['José Ñúñez', null],
    ['J. R. R. TOLKIEN', null],
    ['Anne\u2019Marie', null],
    ['Иван Петров', null],
    [' JOHN SMITH ', null],
    ['John Smith 2', WRONG],
    ['John_Smith', WRONG],
    ['John, Smith', WRONG],
    ['A&B', WRONG],
    ['<script>', WRONG],
    ["' OR 1=1 --", WRONG],
    ['...', WRONG],
    ['- -', WRONG],
    [1234, WRONG],
  ]);
  table('in French', { type: 'cardHolder' }, [['J0HN', 'Nom du titulaire de la carte incorrect']], FR);
});

// ---------------------------------------------------------------------------------------------
describe('fakename', () => {
  const WRONG = 'Wrong fake name';
  table('letters and digits, at least 4', { type: 'fakename' }, [
    ['gamer', null],
    ['Ace1', null],
    ['ABCD', null],
    ['Жорик', null],
    ['Zoë9', null],
    ['1234', null],
    ['abc', 'Min length is 4'],
    ['', REQUIRED],
    ['ab,cd', WRONG],
    ['ab_cd', WRONG],
    ['ab cd', WRONG],
    ['abcd ', WRONG],
    [' abcd', WRONG],
    ['ab"cd', WRONG],
    ["ab'cd", WRONG],
    ['ab`cd', WRONG],
    ['ab-cd', WRONG],
    ['ab.cd', WRONG],
    ['ab@cd', WRONG],
    ['ab!', WRONG],
    ['<script>', WRONG],
    ["' OR 1=1 --", WRONG],
    ['gamer😀', WRONG],
  ]);
  table('max bound', { type: 'fakename', max: 8 }, [['abcdefghi', 'Max length is 8']]);
  table('in French', { type: 'fakename' }, [
    ['a b c d', 'Pseudonyme incorrect'],
    ['abc', 'Longueur minimale : 4'],
  ], FR);
});

// ---------------------------------------------------------------------------------------------
describe('postcode', () => {
  const WRONG = 'Wrong postcode';
  table('default: up to 8 digits', { type: 'postcode' }, [
    ['1', null],
    ['75001', null],
    ['12345678', null],
    [75001, null],
    ['123456789', WRONG],
    ['12 345', WRONG],
    [' 12345', WRONG],
    ['AB1 2CD', WRONG],
    ['-1234', WRONG],
    ['１２３４５', WRONG],
    ['<script>', WRONG],
    ['', REQUIRED],
  ]);
  const uk = '[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}';
  table(
    'configured pattern (validatorConfig.postcodePattern)',
    { type: 'postcode' },
    [
      ['SW1A 1AA', null],
      ['M1 1AE', null],
      ['12345', WRONG],
      ['SW1A 1AA extra', WRONG],
    ],
    { ...EN, postcodePattern: uk },
  );
  table(
    'field pattern wins over the site pattern',
    { type: 'postcode', pattern: '\\d{5}' },
    [
      ['75001', null],
      ['750011', WRONG],
      ['SW1A 1AA', WRONG],
    ],
    { ...EN, postcodePattern: uk },
  );
  table(
    'slash-delimited pattern with flags',
    { type: 'postcode' },
    [
      ['abc', null],
      ['ABC', null],
      ['abcd', WRONG],
    ],
    { ...EN, postcodePattern: '/^[a-z]{3}$/i' },
  );
  table(
    'a pattern that does not compile falls back to the default',
    { type: 'postcode' },
    [
      ['1234', null],
      ['[', WRONG],
    ],
    { ...EN, postcodePattern: '[' },
  );
  table('in French', { type: 'postcode' }, [['ABC', 'Code postal incorrect']], FR);
});

describe('promo code', () => {
  table('always valid at field level', { type: 'promoCode' }, [
    ['', null],
    [undefined, null],
    ['WELCOME100', null],
    ['<script>', null],
    [['x'], null],
  ]);
});

describe('checkbox', () => {
  const WRONG = 'Must be checked';
  table('must be checked', { type: 'checkbox' }, [
    [true, null],
    ['on', null],
    ['true', null],
    ['1', null],
    [1, null],
    ['yes', null],
    [false, WRONG],
    ['false', WRONG],
    ['off', WRONG],
    [0, WRONG],
    ['0', WRONG],
    ['', WRONG],
    [undefined, WRONG],
    [null, WRONG],
    [' true', WRONG],
  ]);
  table('not required', { type: 'checkbox', required: false }, [[false, null]]);
  table('in French', { type: 'checkbox' }, [[false, 'Cette case doit être cochée']], FR);
});

describe('custom', () => {
  table('with a pattern', { type: 'custom', pattern: '[0-9]{4}' }, [
    ['1234', null],
    ['12345', 'Wrong value'],
    ['abcd', 'Wrong value'],
    ['', REQUIRED],
  ]);
  table('without a pattern: non-empty', { type: 'custom' }, [
    ['anything', null],
    ['<script>', null],
    ['', REQUIRED],
    ['  ', REQUIRED],
  ]);
  table('not required', { type: 'custom', required: false, pattern: '[0-9]+' }, [
    ['', null],
    ['abc', 'Wrong value'],
  ]);
  table('in French', { type: 'custom', pattern: 'x' }, [['y', 'Valeur incorrecte']], FR);
});

describe('general text', () => {
  const WRONG = 'Wrong symbols in text';
  table('Latin, Cyrillic and Latvian letters, digits and punctuation', { type: 'generalText' }, [
    ['Hello, world!', null],
    ['Привет, мир!', null],
    ['Labdien, Ēriks! Ķēniņš un Žanis.', null],
    ['Ёлка, їжак, ґанок', null],
    ['Price: 100$ (approx.)', null],
    ['Line 1\nLine 2', null],
    ['«Quoted» — text…', null],
    ['№ 5', null],
    ["<script>alert('x')</script>", null],
    ['', REQUIRED],
    ['Café', WRONG],
    ['Straße', WRONG],
    ['你好', WRONG],
    ['smile 😀', WRONG],
    ['nul\u0000', WRONG],
    [{}, WRONG],
  ]);
  table('in French', { type: 'generalText' }, [['ü', 'Caractères non autorisés dans le texte']], FR);
});

// ---------------------------------------------------------------------------------------------
/** An independent mod-97 (BigInt) to build test IBANs. */
function withCheckDigits(country: string, bban: string): string {
  const numeric = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98n - (BigInt(numeric) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

describe('iban', () => {
  const WRONG = 'Wrong iban';
  table('mod 97 and registry lengths', { type: 'iban' }, [
    ['GB82 WEST 1234 5698 7654 32', null],
    ['GB82WEST12345698765432', null],
    ['gb82west12345698765432', null],
    ['DE89 3704 0044 0532 0130 00', null],
    ['FR14 2004 1010 0505 0001 3M02 606', null],
    ['NL91ABNA0417164300', null],
    ['BE68539007547034', null],
    ['CH9300762011623852957', null],
    ['LV80BANK0000435195001', null],
    ['NO9386011117947', null],
    ['MT84MALT011000012345MTLCAST001S', null],
    [' GB82 WEST 1234 5698 7654 32 ', null],
    [withCheckDigits('AO', '0006000000000000001'), null],
    ['GB83 WEST 1234 5698 7654 32', WRONG],
    ['GB82 WEST 1234 5698 7654 33', WRONG],
    ['DE89370400440532013001', WRONG],
    [withCheckDigits('GB', 'WEST123456987654321'), WRONG],
    [withCheckDigits('DE', '3704004405320130'), WRONG],
    ['GB82-WEST-1234-5698-7654-32', WRONG],
    ['GB82\tWEST12345698765432', WRONG],
    ['XX', WRONG],
    ['1234567890123456', WRONG],
    ['<script>', WRONG],
    ["' OR 1=1 --", WRONG],
    ['', REQUIRED],
  ]);
  it('the test helper agrees with a known IBAN', () => {
    expect(withCheckDigits('GB', 'WEST12345698765432')).toBe('GB82WEST12345698765432');
    expect(isIban(withCheckDigits('FR', '20041010050500013M02606'))).toBe(true);
  });
  table('in French', { type: 'iban' }, [['FR00', 'IBAN incorrect']], FR);
});

// ---------------------------------------------------------------------------------------------
describe('min/max length and value helpers', () => {
  it('minLength / maxLength', () => {
    expect(minLength('abc', 4)).toBe('Min length is 4');
    expect(minLength('abcd', 4)).toBeNull();
    expect(minLength('ééé', 3)).toBeNull();
    expect(maxLength('abcde', 4)).toBe('Max length is 4');
    expect(maxLength('abcd', 4)).toBeNull();
    expect(maxLength('👍👍👍👍', 4)).toBeNull();
    expect(minLength('a', 2, { locale: 'fr' })).toBe('Longueur minimale : 2');
  });
  it('minValue / maxValue', () => {
    expect(minValue('5', 10)).toBe('Min value is 10');
    expect(minValue(10, 10)).toBeNull();
    expect(minValue('10.5', 10)).toBeNull();
    expect(maxValue(11, 10)).toBe('Max value is 10');
    expect(maxValue('-3', 10)).toBeNull();
    expect(minValue('abc', 1)).toBe('Wrong value');
    expect(minValue('1e3', 1)).toBe('Wrong value');
    expect(maxValue('12', 10, { locale: 'fr' })).toBe('Valeur maximale : 10');
  });
  it('helpers take site-wide overrides', () => {
    const options: ValidateOptions = { locale: 'en', validationDict: [{ errorType: 'minValue', message: 'At least $$min$$ €' }] };
    expect(minValue(1, 10, options)).toBe('At least 10 €');
  });
  table('minValue / maxValue on a rule', { type: 'text', minValue: 10, maxValue: 100 }, [
    ['5', 'Min value is 10'],
    ['10', null],
    ['50.5', null],
    ['100', null],
    ['101', 'Max value is 100'],
    ['ten', 'Wrong value'],
    [' 50', 'Wrong value'],
  ]);
});

// ---------------------------------------------------------------------------------------------
describe('message overrides (validationDict)', () => {
  it('per field, per site, field first', () => {
    const rule: FieldRule = { type: 'text', validationDict: [{ errorType: 'required', message: 'Please fill in' }] };
    const site: ValidateOptions = { locale: 'en', validationDict: [{ errorType: 'required', message: 'Site says fill in' }] };
    expect(validateField(rule, '', EN)).toBe('Please fill in');
    expect(validateField(rule, '', site)).toBe('Please fill in');
    expect(validateField({ type: 'text' }, '', site)).toBe('Site says fill in');
    expect(validateField({ type: 'text' }, '', EN)).toBe(REQUIRED);
  });
  it('fills $$min$$ / $$max$$ / $$chars$$ in overrides', () => {
    const rule: FieldRule = {
      type: 'password',
      validationDict: [
        { errorType: 'minLength', message: 'At least $$min$$ characters' },
        { errorType: 'maxLength', message: 'At most $$max$$ characters' },
        { errorType: 'passwordChars', message: 'Remove $$chars$$' },
      ],
    };
    expect(validateField(rule, 'abc', EN)).toBe('At least 6 characters');
    expect(validateField(rule, 'a'.repeat(30), EN)).toBe('At most 20 characters');
    expect(validateField(rule, 'abcdéж', EN)).toBe('Remove é, ж');
  });
  it('an override of a spec key covers its finer message', () => {
    const dict = [
      { errorType: 'password', message: 'Bad password' },
      { errorType: 'phone', message: 'Bad phone' },
      { errorType: 'required', message: 'Needed' },
      { errorType: 'date', message: 'Bad date' },
    ];
    const options: ValidateOptions = { ...EN, validationDict: dict };
    expect(validateField({ type: 'password' }, 'abcdéé', options)).toBe('Bad password');
    expect(validateField({ type: 'phone' }, 'abc', options)).toBe('Bad phone');
    expect(validateField({ type: 'phone' }, '+33 6 12', options)).toBe('Bad phone');
    expect(validateField({ type: 'phone' }, '', options)).toBe('Needed');
    expect(validateField({ type: 'checkbox' }, false, options)).toBe('Needed');
    expect(validateField({ type: 'date', min: '2000-01-01' }, '1999-01-01', options)).toBe('Bad date');
    // The finer key itself wins over the spec key.
    const finer: ValidateOptions = { ...options, validationDict: [{ errorType: 'phoneMissing', message: 'Type a number' }, ...dict] };
    expect(validateField({ type: 'phone' }, '', finer)).toBe('Type a number');
    // Mismatch is not covered by 'password'.
    expect(validateField({ type: 'password', confirmOf: 'p' }, 'abcdef', { ...options, values: { p: 'x' } })).toBe(
      'Passwords do not match',
    );
  });
  it('ignores unrelated and empty overrides', () => {
    const options: ValidateOptions = {
      locale: 'en',
      validationDict: [
        { errorType: 'email', message: 'Bad email' },
        { errorType: 'required', message: '' },
      ],
    };
    expect(validateField({ type: 'text' }, '', options)).toBe(REQUIRED);
    expect(validateField({ type: 'email' }, 'x', options)).toBe('Bad email');
  });
  it('uses the dictionary of the locale it is given (French configuration)', () => {
    const fr: ValidateOptions = { locale: 'fr', validationDict: [{ errorType: 'minLength', message: 'Au moins $$min$$ caractères' }] };
    expect(validateField({ type: 'password' }, 'abc', fr)).toBe('Au moins 6 caractères');
    expect(validateField({ type: 'password' }, 'abcdéé', fr)).toBe('Mot de passe incorrect : caractères non autorisés é');
  });
});

// ---------------------------------------------------------------------------------------------
describe('validateForm', () => {
  const fields: Record<string, FieldRule> = {
    email: { type: 'email' },
    password: { type: 'password' },
    password_confirmation: { type: 'password', confirmOf: 'password' },
    first_name: { type: 'name' },
    birth_date: { type: 'date', max: '2007-01-01' },
    phone: { type: 'phone', required: false },
    terms: { type: 'checkbox' },
    promo: { type: 'promoCode' },
  };
  it('is empty for a valid form', () => {
    const values = {
      email: 'user@example.com',
      password: 'secret1',
      password_confirmation: 'secret1',
      first_name: 'Zoë',
      birth_date: '01.01.1990',
      terms: true,
      promo: 'ANY',
    };
    expect(validateForm(fields, values, EN)).toEqual({});
  });
  it('lists each failing field with its message', () => {
    const values = {
      email: 'user@',
      password: 'secret1',
      password_confirmation: 'secret2',
      first_name: 'R2D2',
      birth_date: '2010-01-01',
      phone: 'abc',
    };
    expect(validateForm(fields, values, EN)).toEqual({
      email: 'Wrong email address',
      password_confirmation: 'Passwords do not match',
      first_name: 'Wrong symbols in name',
      birth_date: 'Max date is 01.01.2007',
      phone: 'Wrong phone number format',
      terms: 'Must be checked',
    });
    expect(validateForm(fields, {}, FR)).toEqual({
      email: 'Champ obligatoire',
      password: 'Champ obligatoire',
      password_confirmation: 'Champ obligatoire',
      first_name: 'Champ obligatoire',
      birth_date: 'Champ obligatoire',
      terms: 'Cette case doit être cochée',
    });
  });
  it('does not read inherited properties and keeps odd field names', () => {
    const odd: Record<string, FieldRule> = {
      constructor: { type: 'text' as const },
      toString: { type: 'text' as const, required: false },
    };
    expect(validateForm(odd, {}, EN)).toEqual({ constructor: REQUIRED });
    const proto = JSON.parse('{"__proto__": {"type": "text"}}') as Record<string, FieldRule>;
    const errors = validateForm(proto, {}, EN);
    expect(Object.hasOwn(errors, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
  it('confirms other types too', () => {
    const rules: Record<string, FieldRule> = {
      email: { type: 'email' },
      email_repeat: { type: 'email', confirmOf: 'email' },
      date: { type: 'date' },
      date_again: { type: 'date', confirmOf: 'date' },
    };
    expect(validateForm(rules, { email: 'a@b.fr', email_repeat: 'a@b.fr', date: '2000-01-02', date_again: '02.01.2000' }, EN)).toEqual({});
    expect(validateForm(rules, { email: 'a@b.fr', email_repeat: 'A@b.fr', date: '2000-01-02', date_again: '03.01.2000' }, FR)).toEqual({
      email_repeat: 'Les valeurs ne correspondent pas',
      date_again: 'Les valeurs ne correspondent pas',
    });
    expect(validateField(rules.email_repeat, 'x@y.fr', { ...EN, values: { email: 'a@b.fr' } })).toBe('Values do not match');
  });
  it('throws on an unknown rule type', () => {
    expect(() => validateField({ type: 'bogus' as 'text' }, 'x', EN)).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------
describe('rules from the site configuration forms', () => {
  it('maps configured types and field names', () => {
    const rules = rulesFromFormFields(
      [
        { fieldName: 'email', type: 'text' },
        { fieldName: 'password', type: 'password' },
        { fieldName: 'password_confirmation' },
        { fieldName: 'first_name', type: 'text' },
        { fieldName: 'lastName' },
        { fieldName: 'birth_date', type: 'text', isRequired: false },
        { fieldName: 'mobile', type: 'tel' },
        { fieldName: 'zip', pattern: '\\d{5}' },
        { fieldName: 'nickname', type: 'fakename' },
        { fieldName: 'city', type: 'select' },
        { fieldName: 'promo_code' },
        { fieldName: 'terms', type: 'checkbox', isRequired: false },
        { fieldName: 'constructor' },
        { fieldName: 'login', type: 'email' },
      ],
      { phoneCountry: 'FR' },
    );
    expect(rules).toEqual({
      email: { type: 'email', required: true },
      password: { type: 'password', required: true },
      password_confirmation: { type: 'password', required: true, confirmOf: 'password' },
      first_name: { type: 'name', required: true },
      lastName: { type: 'name', required: true },
      birth_date: { type: 'date', required: false },
      mobile: { type: 'phone', required: true, phoneCountry: 'FR' },
      zip: { type: 'postcode', required: true, pattern: '\\d{5}' },
      nickname: { type: 'fakename', required: true },
      city: { type: 'text', required: true },
      promo_code: { type: 'promoCode', required: true },
      terms: { type: 'checkbox', required: false },
      constructor: { type: 'text', required: true },
      login: { type: 'email', required: true },
    });
  });
  it('finds the confirmed field by name', () => {
    const fields = [{ fieldName: 'newPassword' }, { fieldName: 'confirmNewPassword' }, { fieldName: 'email_repeat' }];
    expect(ruleFromFormField(fields[1], fields)).toEqual({ type: 'password', required: true, confirmOf: 'newPassword' });
    expect(ruleFromFormField(fields[2], fields)).toEqual({ type: 'email', required: true, confirmOf: 'email' });
    expect(ruleFromFormField({ fieldName: 'password2' }, [{ fieldName: 'Password' }])).toEqual({
      type: 'password',
      required: true,
      confirmOf: 'Password',
    });
    expect(ruleFromFormField({ fieldName: 'address2' })).toEqual({ type: 'address', required: true });
    expect(ruleFromFormField({ fieldName: 'comment_again' })).toEqual({ type: 'text', required: true });
  });
  it('validates a parsed site configuration form the same way, with its overrides', () => {
    const config = siteConfigSchema.parse({
      validatorConfig: { validationDict: [{ errorType: 'required', message: 'Obligatoire !' }] },
      forms: {
        registration: [
          { fieldName: 'email', validationDict: [{ errorType: 'email', message: 'E-mail invalide' }] },
          { fieldName: 'password', type: 'password' },
          { fieldName: 'confirm_password' },
          { fieldName: 'postcode' },
          { fieldName: 'document', type: 'custom', pattern: '[A-Z]{2}[0-9]{6}' },
          { fieldName: 'note', isRequired: false },
        ],
      },
    });
    const rules = rulesFromFormFields(config.forms.registration);
    const options = { locale: 'fr' as const, validationDict: config.validatorConfig.validationDict };
    expect(validateForm(rules, { email: 'x@y', password: 'abc', confirm_password: 'abd', postcode: '123456789', document: 'ab1' }, options)).toEqual({
      email: 'E-mail invalide',
      password: 'Longueur minimale : 6',
      confirm_password: 'Longueur minimale : 6',
      postcode: 'Code postal incorrect',
      document: 'Valeur incorrecte',
    });
    expect(validateForm(rules, {}, options)).toEqual({
      email: 'Obligatoire !',
      password: 'Obligatoire !',
      confirm_password: 'Obligatoire !',
      postcode: 'Obligatoire !',
      document: 'Obligatoire !',
    });
    expect(
      validateForm(
        rules,
        { email: 'a@b.fr', password: 'secret1', confirm_password: 'secret1', postcode: '75001', document: 'AB123456' },
        options,
      ),
    ).toEqual({});
  });
});

// ---------------------------------------------------------------------------------------------
describe('module boundaries', () => {
  const source = readFileSync(new URL('./validation.ts', import.meta.url), 'utf8');
  const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
  it('validation.ts imports neither zod, the phone module, app/ nor server/', () => {
    expect(imports.sort()).toEqual(['./locales.ts', './validation-messages.ts', './validation-messages.ts'].sort());
  });
  it('every rule type is handled', () => {
    for (const type of RULE_TYPES) {
      expect(() => validateField({ type, required: false }, undefined, EN), type).not.toThrow();
    }
  });
  it('compiles configured patterns anchored, and rejects broken ones', () => {
    expect(compilePattern('\\d{3}')?.test('123')).toBe(true);
    expect(compilePattern('\\d{3}')?.test('1234')).toBe(false);
    expect(compilePattern('a|b')?.test('ab')).toBe(false);
    expect(compilePattern('(')).toBeNull();
    expect(compilePattern('[A-Z]\\-[0-9]')?.test('A-1')).toBe(true);
  });
});
