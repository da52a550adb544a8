import fc from 'fast-check';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../checkout/email-address';
import { purchaseSchema } from '../checkout/purchase-schema';

/**
 * Buyers the purchase form accepts, for the stamp's property tests: the longest names and emails
 * its schema allows (100 and 254 characters) in Latin, Arabic and CJK, and shorter ones made of
 * every kind of character its rules allow, `$` patterns and `{placeholders}` included.
 */
export type Script = 'latin' | 'arabic' | 'cjk';
type Buyer = { name: string; email: string };

const NAME_MAX_LENGTH = 100;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

const LETTERS: Record<Script, string[]> = {
  // Latin-1 (the standard font), beyond it (a script face), and the widest letters, often.
  latin: [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZÀÅÆÉÑÖØÜßæçéñøÿŁŻŒŠ', ...'WWWWMMMMmmmmwwww'],
  arabic: range(0x0628, 0x063a).concat(range(0x0641, 0x064a)),
  // Han, kana and Hangul, a full em each: the letters of common names (random Han would load dozens of font slices).
  cjk: [...'山田花子龍鬱王李張陳林明美愛佐藤鈴木高橋渡辺伊中村小', ...'김이박최정강조윤장임한글민지수영'].concat(
    range(0x3041, 0x3093),
    range(0x30a1, 0x30f3),
  ),
};
const NAME_EXTRAS: Record<Script, string[]> = {
  latin: ["'", '’', '-', 'e\u0301', 'o\u0308'],
  arabic: ['بَ', 'سِ', 'مّ', 'ي\u200c'],
  cjk: ['ー', '・'],
};

/** The form's own judgement: the name and email pass the purchase schema as typed. */
function accepted({ name, email }: Buyer): boolean {
  return purchaseSchema.safeParse({ name, email, paymentMethod: 'paypal', acceptDelivery: true }).success;
}

/** `length` characters from `chars` with `separators` put between them (never two together, never at an end). */
const separated = (chars: fc.Arbitrary<string>, length: number, separators: string[]) =>
  fc
    .tuple(
      fc.array(chars, { minLength: length, maxLength: length }),
      fc.array(fc.tuple(fc.integer({ min: 1, max: Math.max(1, length - 2) }), fc.constantFrom(...separators)), {
        maxLength: Math.floor(length / 6),
      }),
    )
    .map(([chars, cuts]) => {
      const text = [...chars];
      for (const [at, separator] of cuts)
        if (![text[at - 1], text[at + 1]].some((c) => separators.includes(c!))) text[at] = separator;
      return text.join('');
    });

/** A name of exactly 100 characters: words of the script's letters (and its marks, joiners, apostrophes). */
function longestName(script: Script): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...LETTERS[script]) },
    { weight: 1, arbitrary: fc.constantFrom(...NAME_EXTRAS[script]) },
  );
  return separated(piece, NAME_MAX_LENGTH, [' ']).map((name) => {
    // Cut to the length the schema counts (UTF-16 units), ending on a letter.
    const cut = name.slice(0, NAME_MAX_LENGTH - 1).replace(/ $/, LETTERS[script][0]!);
    return cut.padEnd(NAME_MAX_LENGTH, LETTERS[script][1]!);
  });
}

/** An address of exactly 254 characters: a dotted local part and a domain of the script's letters. */
function longestEmail(script: Script): fc.Arbitrary<string> {
  const letter = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...LETTERS[script]) },
    fc.constantFrom(...'0123456789'),
  );
  return fc
    .integer({ min: 1, max: 200 })
    .chain((local) =>
      fc
        .tuple(
          separated(letter, local, ['.']),
          separated(letter, EMAIL_MAX_LENGTH - local - 4, ['.', '-']),
          fc.array(fc.constantFrom(...LETTERS[script]), { minLength: 2, maxLength: 2 }),
        )
        .map(([user, domain, top]) => `${user}@${domain}.${top.join('')}`),
    );
}

export const longestBuyer = (script: Script) =>
  fc.record({ name: longestName(script), email: longestEmail(script) }).filter(accepted);

// The characters an address may hold besides letters and digits (RFC 5322's atext), and the pieces
// a replacement string or a template would read: $&, $', $`, $$, $1 and our own placeholders.
const ATEXT = [..."!#$%&'*+/=?^_`{|}~-"];
const PATTERNS = ['$&', "$'", '$`', '$$', '$1', '$<n>', '{name}', '{email}', '{order}'];
const SCRIPT_LETTERS = [...'aZéÆøßŁŒ', ...'ЖяΩλ', '山', 'あ', 'カ', '한', 'e\u0301', 'a\u030a'];

/** A buyer whose name and email hold every kind of character the form's rules allow, mixed. */
export const anyBuyer = fc
  .record({
    name: fc
      .array(
        fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...SCRIPT_LETTERS) },
          fc.constantFrom(' ', '.', "'", '’', '-', '\u200c', '\u200d'),
        ),
        { minLength: 1, maxLength: 30 },
      )
      .map((chars) => `A${chars.join('')}z`),
    email: fc
      .tuple(
        fc.array(fc.oneof(fc.constantFrom(...ATEXT, ...SCRIPT_LETTERS, '7'), fc.constantFrom(...PATTERNS)), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.constantFrom('x.example', 'mail.example.com', 'exämple.de', '例え.jp'),
      )
      .map(([local, domain]) => `${local.join('')}@${domain}`),
  })
  .filter((buyer) => accepted(buyer) && EMAIL_PATTERN.test(buyer.email));

/** An address of exactly 254 characters: `local` repeated to 100, a domain of `letters` in labels of 60, `top`. */
function widestEmail(local: string, letters: string, top: string): string {
  const user = local.repeat(100).slice(0, 100);
  const domain = [...letters.repeat(EMAIL_MAX_LENGTH)].slice(0, EMAIL_MAX_LENGTH - user.length - top.length - 2);
  for (let at = 60; at < domain.length - 2; at += 61) domain[at] = '.';
  return `${user}@${domain.join('')}.${top}`;
}

/** The widest buyers the form accepts, one per script: the names and addresses that take the most room. */
export const WIDEST_BUYERS: Record<Script, Buyer> = {
  latin: {
    name: `${"WM'Wó-MW ".repeat(11)}WMW`.slice(0, NAME_MAX_LENGTH),
    email: widestEmail("W$&M$'W$`M{order}%", 'WM', 'mw'),
  },
  arabic: {
    name: 'صضشسمح '
      .repeat(15)
      .slice(0, NAME_MAX_LENGTH - 1)
      .concat('ص'),
    email: widestEmail('صضش', 'سشم', 'مصر'),
  },
  cjk: {
    name: '龍鬱 한글 '
      .repeat(17)
      .slice(0, NAME_MAX_LENGTH - 1)
      .concat('龍'),
    email: widestEmail('鬱龍한', '龍鬱', '日本'),
  },
};
