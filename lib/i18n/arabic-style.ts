/**
 * Arabic help, FAQ and statement texts address the reader without a gender, as the shop's strings
 * do: verbal nouns and passives ("يمكن الانتقال…", "يُرجى التأكد…"), never a masculine imperative
 * (انتقل، اضغط) or adjective (متأكدًا). Written Arabic shows the gender there, so a word list finds it.
 */

// Short vowels, tanween, sukun, dagger alef and tatweel: "تأكَّدْ" and "تأكد" are one word to a reader.
// The shadda is kept apart (SHADDA_MATTERS), and so is a damma after the first hamza (isMasculine).
const VOWELS = /[\u064B-\u0650\u0652-\u065F\u0670\u0640]/gu;
const SHADDA = /\u0651/gu;

// Masculine singular imperatives, and adjectives for the reader. Left out because the same letters
// are also a common past tense or noun: أبلغ، أوقف (he reported, he paused), أكمل (more complete),
// أرسل (I send), تواصل (contact), حدث، فعل (happened, did), أعد (was prepared), اكتشف، شارك،
// تعرّف (he discovered, took part, got to know; «اكتشف» is also the app's Discover tab), تصفّح، ردّ
// (browsing, a reply), عُد (وعد: a promise). Nor a nominative adjective such as منفتح (an open mind),
// or a "you" verb such as تبحث، تختار: the same letters say "she looks for", "she chooses".
const MASCULINE = (
  'افتح اضغط انقر انتقل مرّر اجعل راسل راسلنا أدخل أكّد احرص اتّبع أمسك تأكّد تحقّق حاول جرّب اختر ' +
  'عدّل ابحث حدّد أضف اتّصل احظر احتفظ اكتب اقرأ اطلب حدّث أغلق التقط انتظر اشرح اذكر حمّل سجّل ' +
  'استخدم قل واصل التق أخبر رتّب غادر فعّل ألغ احصل ابدأ ' +
  'متأكّدا منفتحا مستعدّا متّبعا راضيا قادرا مهتمّا حريصا'
).split(' ');

// Without its shadda each of these is another word (حدث happened, فعل did, حمل carried, عدل
// justice, رتب ranks, سجل a record) and قل is not قلّ (fell): these count only as written.
const SHADDA_MATTERS = new Set(['حدّث', 'فعّل', 'حمّل', 'عدّل', 'رتّب', 'سجّل', 'قل']);
const plain = (word: string) => word.replace(SHADDA, '');
const EXACT = new Set(MASCULINE.filter((word) => SHADDA_MATTERS.has(word)));
const LOOSE = new Set(MASCULINE.filter((word) => !SHADDA_MATTERS.has(word)).map(plain));

const WORD = /[\u0621-\u065F\u0670\u0640]+/gu;
// A leading و or ف, a trailing object pronoun: "فراسلنا", "واختر", "ألغِه", "أكّدها".
const LEAD = /^[وف]/u;
const TAIL = /(?:ني|هما|هم|ها|ه)$/u;

function isMasculine(written: string): boolean {
  // أُدخل, أُعدّ: a hamza with a damma starts a passive or an "I …", never an imperative.
  if (/^[وف]?أ\u064F/u.test(written)) return false;
  const word = written.replace(VOWELS, '');
  const forms = [word, word.replace(LEAD, '')];
  for (const form of [...forms]) if (TAIL.test(form)) forms.push(form.replace(TAIL, ''));
  return forms.some((form) => EXACT.has(form) || LOOSE.has(plain(form)));
}

/** The masculine forms of address in a text, as written. */
export function masculineAddress(text: string): string[] {
  return (text.match(WORD) ?? []).filter(isMasculine);
}
