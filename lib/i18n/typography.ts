/**
 * Typography checks a native reader would make at a glance, one function per rule. Each returns
 * what it found (empty when the text is clean), so a test can name the offending text.
 */

/** French sets ? ! ; : and » after a no-break space (U+00A0 or the narrow U+202F), and « before one. */
export function frenchSpacingFaults(text: string): string[] {
  return [...text.matchAll(/ [?!;:»]|« /g)].map(
    (m) => `plain space in "${text.slice(Math.max(0, m.index - 12), m.index + 4)}"`,
  );
}

/**
 * Plain (breakable) spaces in a short phrase that must stay whole, like the VAT wording beside a
 * price: "inkl. MwSt." broken after "inkl." leaves a line that says nothing. Its words are joined by
 * no-break spaces instead, so the phrase holds in an email too, where no stylesheet reaches.
 */
export function breakableSpaces(text: string): string[] {
  return [...text.matchAll(/ /g)].map((m) => `plain space in "${text}" at ${m.index}`);
}

// Marks and embeddings that change how text is laid out without being seen: the site isolates
// names at run time where needed (isolateForDirection); a stored text never needs one.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** Invisible bidirectional controls in a stored text. */
export function bidiControls(text: string): string[] {
  return [...text.matchAll(BIDI_CONTROLS)].map(
    (m) => `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at ${m.index}`,
  );
}

/**
 * Words that mix Latin letters with Cyrillic or Greek ones: a Latin "o" or "p" typed inside a
 * Russian word looks right and breaks search, hyphenation and screen readers.
 */
export function mixedScriptWords(text: string): string[] {
  const words = text.match(/[\p{L}\p{M}]+/gu) ?? [];
  return words.filter((word) => /\p{Script=Latin}/u.test(word) && /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(word));
}

// Common characters written differently in Traditional Chinese: any of them in a zh-CN text means a
// Traditional form slipped in (its Simplified form is the one zh-CN readers expect).
const TRADITIONAL_ONLY = new Set(
  [
    '們個來時說為會對過還這發經與書買訂單電網頁題問數據請點擊確認顯關開於見聽讀寫話語認識應該當從後裡裏進選擇歡謝無沒變現實際體驗質價錢費務專業線連結載傳輸狀態錯誤記錄帳號碼隱條權協議聯絡幫設計險壓縮處標準導覽輕鬆愛戀婦夥親陽陰層藝術氣動東車長問間閱戶島師學習練劃劇場頭腦臉顏飛機鐘錶鐵銀鏡響頂領類顧驚鳥麗齊區醫團園圖國廣廳張強彈復態慣懷戲戰擁擴擔攜斷曉暫曆樂樣橋歐歲歷殘殺淚淺測濟溫滿漢潔濃濕災為熱燈營爭牆獨獲獎環產畫異盡監盤眾禮離種稱穩窮競筆節範築簡糧紀約紅紙級細終組給絕統絲綠維網緊緒編緣緩總績織繞繼續罰羅義聖聞職聲腳臨興舊藥蘇號衛裝製複規視覺觀觸訊討訓許訪證評詞試詩詳語誠誰課調談諸論諾講謹譯護讓豐負財貨責貴貸賀資賞賣購贈趕跡躍軍軟較輔輪轉辦辭農運達違遠適遲遺邊鄉醜釋針銷鍵鎖閃閉閣陣陳陸隊階隨雖雙雜雞難雲靈靜韓項順須預頓頻願顯飯飲養館馬駕騎騰髮鬥魚鮮鳴鹽麥黃黨齡龍嗎麼啟貼隻鄰歸',
  ].join(''),
);

/** Traditional-only characters in a Simplified Chinese text. */
export function traditionalCharacters(text: string): string[] {
  return [...new Set([...text].filter((char) => TRADITIONAL_ONLY.has(char)))];
}

/**
 * French sets : ; ! ? after a space (a no-break one, as frenchSpacingFaults asks), never straight
 * after the word: "Aussi disponible en:" is English punctuation. A mark followed by a letter
 * (https://, 12:30) is not punctuation of the sentence and is left alone.
 */
export function frenchMissingSpace(text: string): string[] {
  return [...text.matchAll(/[\p{L}\p{N})’”}]([:;!?])(?=\s|$)/gu)].map(
    (m) => `no space before "${m[1]}" in "${text.slice(Math.max(0, m.index - 12), m.index + 2)}"`,
  );
}

/**
 * Korean particles after a value the text does not know ({email}): 로/으로, 이/가, 을/를, 은/는,
 * 과/와 depend on how the value ends, so only the form that fits both ("(으)로") is right. {brand}
 * is a fixed word ("Amora"), so its particles are simply written.
 */
export function koreanParticleAfterValue(text: string): string[] {
  return [...text.matchAll(/\{(?!brand\})[^{}\s]+\}(으로|로|이|가|을|를|은|는|과|와)(?![\p{L}])/gu)].map(
    (m) => `"${m[0]}" fits only one ending: write both, e.g. "(으)로"`,
  );
}

// Polish writes the second person in lower case all through the shop ("twój", "ciebie"): a
// capitalised pronoun after a word inside a sentence ("nie udało się ustalić Twojego kraju")
// mixes the letter-writing courtesy form into it.
const POLISH_YOU =
  /(?<=[\p{Ll},;–—]\s)(Ty|Ci|Cię|Ciebie|Tobie|Tobą|Twój|Twoja|Twoje|Twojego|Twojej|Twoją|Twoim|Twoich|Twoimi|Twoi)(?![\p{L}])/gu;

/** Capitalised "you" pronouns in the middle of a Polish sentence. */
export function polishCapitalisedYou(text: string): string[] {
  return [...text.matchAll(POLISH_YOU)].map((m) => `"${m[0]}" at ${m.index}`);
}

// Greek articles and prepositions that need their noun: one left before a colon ("Διαθέσιμο
// επίσης στα:") leaves the phrase unfinished. Only words that cannot be a pronoun: "το", "τα",
// "την" … also say "it" ("Δοκιμάστε το:", "Try it:").
const GREEK_ARTICLE_BEFORE_COLON = /(?<![\p{L}])(ο|η|οι|στο|στη|στην|στον|στα|στους|στις|σε)[\s\u00a0]*[:：]/giu;

/** A Greek article or preposition with nothing after it but a colon. */
export function greekArticleBeforeColon(text: string): string[] {
  return [...text.matchAll(GREEK_ARTICLE_BEFORE_COLON)].map((m) => `"${m[0]}" at ${m.index}`);
}

/**
 * Dutch writes file formats as common nouns, in lower case ("een pdf", "de epub"); capitals only
 * in names (EPUB Accessibility 1.1, EPUBCheck).
 */
export function dutchFormatCapitals(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}])(PDF|EPUB)(?![\p{L}]|\s+Accessibility)/gu)].map(
    (m) => `"${m[0]}" at ${m.index}: write "${m[0].toLowerCase()}"`,
  );
}

/**
 * A buyer gets the eBook as a PDF and an EPUB: a text about it that names only the PDF tells them
 * less than they buy.
 */
export function pdfWithoutEpub(text: string): string[] {
  return /(?<![a-z])pdf(?![a-z])/i.test(text) && !/(?<![a-z])epub(?![a-z])/i.test(text)
    ? [`names the PDF but not the EPUB: "${text.slice(0, 80)}…"`]
    : [];
}
