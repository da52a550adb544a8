import { describe, expect, it } from 'vitest';
import { localeMessages, localeTexts } from './locale-texts';
import { masculineAddress } from './arabic-style';

// The help and FAQ answers, the accessibility statement, the home page's copy and the messages of the
// home and marketing pages. Questions stay out: they are the reader's own words in the first person
// ("كيف أبلغ…؟"), which the same letters as an imperative can spell. So do testimonials (the home's
// couples, the coaching quotes): people's own words, which may speak to a partner. The shop's own
// namespaces (shop, library, email …) hold buttons in the reader's voice ("أرسل لي رابطًا جديدًا"), and
// the store badges keep Apple's and Google's own Arabic wording ("حمّله من App Store", "احصل عليه من Google Play").
const MARKETING = (
  'metadata nav footer common home pages guidelineTopics brokenLink notFound errorBoundary documents help ' +
  'blog pageDescriptions seo feed consent'
).split(' ');
const message = /^messages\/ar\.json: (\w+)\./u;
const addressed = localeTexts('ar').filter(
  ({ where }) =>
    /^(help|faqs)\/ar\.json.*\.answer$/u.test(where) ||
    where.startsWith('documents/ar/accessibility.json') ||
    (where.startsWith('home/ar/') && !/^home\/ar\/(testimonials\.json|coaching\.json\.quotes)/u.test(where)) ||
    MARKETING.includes(message.exec(where)?.[1] ?? ''),
);

describe('Arabic addresses the reader without a gender, as the shop does', () => {
  it('reads every help and FAQ answer, the accessibility statement, the home copy and the marketing messages', () => {
    const files = new Set(addressed.map(({ where }) => where.split(/[.[]/u)[0]));
    expect([...files].sort()).toEqual([
      'documents/ar/accessibility',
      'faqs/ar',
      'help/ar',
      'home/ar/advantages',
      'home/ar/coaching',
      'home/ar/features',
      'home/ar/steps',
      'home/ar/use-cases',
      'messages/ar',
    ]);
    const namespaces = new Set(addressed.map(({ where }) => message.exec(where)?.[1]).filter(Boolean));
    expect([...namespaces].sort()).toEqual([...MARKETING].sort());
    expect(addressed.length).toBeGreaterThan(300);
  });

  it('no masculine imperative or adjective (افتح، اضغط، متأكدًا …): verbal nouns and passives instead', () => {
    expect(addressed.flatMap(({ where, text }) => masculineAddress(text).map((word) => `${where}: ${word}`))).toEqual(
      [],
    );
  });
});

describe('Arabic names both files the buyer gets', () => {
  it('every help or FAQ answer and page description that says PDF says EPUB too', () => {
    const texts = [
      ...addressed.filter(({ where }) => /^(help|faqs)\//u.test(where)),
      ...[...localeMessages('ar')]
        .filter(([key]) => key.startsWith('pageDescriptions.'))
        .map(([where, text]) => ({ where, text })),
    ];
    expect(
      texts.filter(({ text }) => text.includes('PDF') && !text.includes('EPUB')).map(({ where }) => where),
    ).toEqual([]);
  });
});

describe('masculineAddress', () => {
  it('finds an imperative with or without its marks, after و or ف and before an object pronoun', () => {
    expect(masculineAddress('انتقل إلى «الإعدادات»، واضغط على «حفظ».')).toEqual(['انتقل', 'واضغط']);
    expect(masculineAddress('تأكّد من الاتصال، ثم تأكد مرة أخرى.')).toEqual(['تأكّد', 'تأكد']);
    expect(masculineAddress('فراسلنا على {email}، وأكّدها بالرمز، ثم ألغِه.')).toEqual(['فراسلنا', 'وأكّدها', 'ألغِه']);
    expect(masculineAddress('اختر لغة، وأدخل عنوانك، وافتح الرابط.')).toEqual(['اختر', 'وأدخل', 'وافتح']);
    expect(masculineAddress('حدّث التطبيق وفعّل الإشعارات.')).toEqual(['حدّث', 'وفعّل']);
    expect(masculineAddress('حمّله من App Store، أو احصل عليه من Google Play، وابدأ الآن.')).toEqual([
      'حمّله',
      'احصل',
      'وابدأ',
    ]);
  });

  it('finds a masculine adjective for the reader', () => {
    expect(masculineAddress('إذا لم تكن متأكدًا أو راضيًا')).toEqual(['متأكدًا', 'راضيًا']);
    expect(masculineAddress('اختر ما أنت منفتح عليه، متى كنت مستعدًا.')).toEqual(['اختر', 'مستعدًا']);
  });

  it('passes verbal nouns, passives, the first person and words that share the letters', () => {
    for (const text of [
      'يمكن الانتقال إلى «الإعدادات» والضغط على «حفظ».',
      'يُرجى التأكد من الاتصال، واختيار اللغة، وفتح الرابط.',
      'إذا أُدخل التاريخ بشكل خاطئ، فيُرجى مراسلتنا.',
      'أُعدّ هذا البيان في 27 نوفمبر 2026.',
      'ولا يُخبَر أبدًا بهوية من أبلغ عنه، أو أوقف ملفه الشخصي.',
      'حدث خطأ. فعل ما يخالف الإرشادات. وكلما كان ملفك أكمل وأصدق.',
      'أرسلنا رابطًا. جرّبنا التطبيق. التواصل والتحقّق والمتابعة.',
      'كيف أحصل على نسختي؟ حصل خطأ. أبدأ اليوم، والبدء سهل.',
    ])
      expect(masculineAddress(text), text).toEqual([]);
  });
});
