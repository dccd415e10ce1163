import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { SubtitleEncoding } from '../../domain/subtitles/encodings';
import { decodeSubtitleBytes } from './decode';
import { readSubtitleBytes } from './read';

/**
 * The encoding corpus: known text in each language, encoded with iconv-lite the way old
 * subtitle tools saved it, must decode back to exactly that text — or, where the bytes cannot
 * tell (short files, pages that differ in a few letters), come back marked unsure with the
 * right encoding offered, never as confident mojibake.
 */

const srt = (lines: string[]) =>
  lines.map((line, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i},900\n${line}\n`).join('\n');

const CORPUS: { language: string; encoding: SubtitleEncoding; lines: string[] }[] = [
  {
    language: 'ru',
    encoding: 'windows-1251',
    lines: ['Привет, как дела?', 'Это тестовый субтитр.', 'Я пойду домой завтра утром.'],
  },
  {
    language: 'ru',
    encoding: 'koi8-r',
    lines: ['Привет, как дела?', 'Это тестовый субтитр.', 'Я пойду домой завтра утром.'],
  },
  {
    language: 'uk',
    encoding: 'windows-1251',
    lines: ['Добрий вечір, друзі!', 'Ми їдемо до Києва завтра.', 'Це дуже гарний день.'],
  },
  {
    language: 'el',
    encoding: 'windows-1253',
    lines: ['Καλημέρα, τι κάνεις;', 'Πάμε για περίπατο στο πάρκο.', 'Ευχαριστώ πολύ, φίλε μου.'],
  },
  {
    language: 'el',
    encoding: 'iso-8859-7',
    lines: ['Καλημέρα, τι κάνεις;', 'Πάμε για περίπατο στο πάρκο.', 'Ευχαριστώ πολύ, φίλε μου.'],
  },
  {
    language: 'cs',
    encoding: 'windows-1250',
    lines: ['Dobrý den, jak se máte?', 'Půjdeme se projít do parku.', 'Žluťoučký kůň úpěl.'],
  },
  {
    language: 'pl',
    encoding: 'windows-1250',
    lines: ['Dzień dobry, jak się masz?', 'Zażółć gęślą jaźń.', 'Idziemy jutro do kina.'],
  },
  {
    language: 'tr',
    encoding: 'windows-1254',
    lines: ['Merhaba, nasılsın?', 'Parkta yürüyüşe çıkalım.', 'Güzel ağaçlar var.'],
  },
  {
    language: 'he',
    encoding: 'windows-1255',
    lines: ['שלום, מה שלומך?', 'בוא נלך לטייל בפארק.', 'תודה רבה, חבר שלי.'],
  },
  {
    language: 'ar',
    encoding: 'windows-1256',
    lines: ['مرحبا، كيف حالك؟', 'دعنا نذهب للتنزه في الحديقة.', 'شكرا جزيلا يا صديقي.'],
  },
  {
    language: 'ja',
    encoding: 'shift_jis',
    lines: ['こんにちは、元気ですか？', '今日はいい天気ですね。', '明日また会いましょう。'],
  },
  {
    language: 'zh',
    encoding: 'gb18030',
    lines: ['你好，今天天气很好。', '我们去公园散步吧。', '谢谢你的帮助。'],
  },
  {
    language: 'zh',
    encoding: 'big5',
    lines: ['你好，今天天氣很好。', '我們去公園散步吧。', '謝謝你的幫助。'],
  },
  {
    language: 'ko',
    encoding: 'euc-kr',
    lines: ['안녕하세요, 오늘 날씨가 좋네요.', '공원에 산책하러 갑시다.', '도와주셔서 감사합니다.'],
  },
  {
    language: 'fr',
    encoding: 'windows-1252',
    lines: ['Café crème, à bientôt !', 'Où est la gare, s’il vous plaît ?', 'Très bien, merci.'],
  },
];

describe('legacy encodings', () => {
  for (const { language, encoding, lines } of CORPUS) {
    it(`${language} in ${encoding} decodes to its text, or asks`, () => {
      const text = srt(lines);
      const bytes = iconv.encode(text, encoding);
      const decoded = decodeSubtitleBytes(bytes);
      if (!decoded.ok) throw new Error(decoded.error.message);
      if (decoded.sure) {
        expect(decoded.text).toBe(text);
      } else {
        // Unsure: the right page is offered, and reading in it (the user's pick) is exact.
        expect(decoded.candidates.map((c) => c.encoding)).toContain(encoding);
        const picked = decodeSubtitleBytes(bytes, { encoding });
        expect(picked.ok && picked.text).toBe(text);
      }
    });
  }

  it('decodes the files the import check uses without asking', () => {
    for (const { encoding, lines } of CORPUS.filter(
      (c) =>
        c.language !== 'uk' &&
        ['windows-1251', 'shift_jis', 'gb18030', 'big5', 'euc-kr', 'koi8-r'].includes(c.encoding),
    )) {
      const text = srt(lines);
      const decoded = decodeSubtitleBytes(iconv.encode(text, encoding));
      expect(decoded.ok && [decoded.encoding, decoded.sure, decoded.text]).toEqual([
        encoding,
        true,
        text,
      ]);
    }
  });

  it('asks about a short Cyrillic file instead of guessing, and the label helps', () => {
    const text = srt(['Да']);
    const bytes = iconv.encode(text, 'windows-1251');
    const unlabelled = decodeSubtitleBytes(bytes);
    expect(unlabelled.ok && unlabelled.sure).toBe(false);
    const labelled = decodeSubtitleBytes(bytes, { language: 'ru' });
    expect(labelled.ok && labelled.encoding).toBe('windows-1251');
    expect(labelled.ok && labelled.text).toBe(text);
  });

  it('asks about a short Japanese file and reads it exactly once picked', () => {
    const text = srt(['はい']);
    const bytes = iconv.encode(text, 'shift_jis');
    const read = readSubtitleBytes(bytes, { filename: 'short.srt' });
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.encodingSure).toBe(false);
    const picked = readSubtitleBytes(bytes, { filename: 'short.srt', encoding: 'shift_jis' });
    expect(picked.ok && picked.value.cues[0]?.text).toBe('はい');
    expect(picked.ok && picked.value.preview).toBe(text);
  });

  it('takes a few clean lines without asking, where one page alone reads them', () => {
    // Two lines of Russian, or one Japanese greeting, unlabelled: chardet is unsure, but only
    // one page reads them without a mark of mojibake.
    const russian = srt(['Привет, как дела?', 'Хорошо, спасибо.']);
    const ru = decodeSubtitleBytes(iconv.encode(russian, 'windows-1251'));
    expect(ru.ok && [ru.encoding, ru.sure, ru.text]).toEqual(['windows-1251', true, russian]);
    const japanese = srt(['こんにちは']);
    const ja = decodeSubtitleBytes(iconv.encode(japanese, 'shift_jis'));
    expect(ja.ok && [ja.encoding, ja.sure, ja.text]).toEqual(['shift_jis', true, japanese]);
    // Chinese in GB2312 also reads as Big5 without a mark: the user chooses.
    const chinese = decodeSubtitleBytes(iconv.encode(srt(['你好，你今天怎么样？']), 'gb2312'));
    expect(chinese.ok && chinese.sure).toBe(false);
  });

  it('never calls mojibake sure: every confident answer decodes exactly', () => {
    // Each corpus text read in each of the other pages: a sure answer must be the real page.
    for (const { encoding, lines } of CORPUS) {
      const text = srt(lines);
      const decoded = decodeSubtitleBytes(iconv.encode(text, encoding));
      if (decoded.ok && decoded.sure) expect(decoded.text).toBe(text);
    }
  });
});

describe('Unicode encodings', () => {
  const text = srt(['Привет — こんにちは — مرحبا', 'Ünïcödé ✓ 😀']);
  const cases: [string, Uint8Array, SubtitleEncoding][] = [
    ['UTF-8', Buffer.from(text, 'utf8'), 'utf-8'],
    [
      'UTF-8 with BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      'utf-8-bom',
    ],
    ['UTF-16LE with BOM', iconv.encode(text, 'utf-16le', { addBOM: true }), 'utf-16le'],
    ['UTF-16BE with BOM', iconv.encode(text, 'utf-16be', { addBOM: true }), 'utf-16be'],
    ['UTF-16LE without BOM', iconv.encode(text, 'utf-16le'), 'utf-16le'],
    ['UTF-32LE with BOM', iconv.encode(text, 'utf-32le', { addBOM: true }), 'utf-32le'],
    ['UTF-32BE with BOM', iconv.encode(text, 'utf-32be', { addBOM: true }), 'utf-32be'],
    ['UTF-32LE without BOM', iconv.encode(text, 'utf-32le'), 'utf-32le'],
    ['UTF-32BE without BOM', iconv.encode(text, 'utf-32be'), 'utf-32be'],
  ];
  for (const [name, bytes, encoding] of cases) {
    it(`reads ${name}`, () => {
      const decoded = decodeSubtitleBytes(bytes);
      expect(decoded.ok && [decoded.encoding, decoded.sure, decoded.text]).toEqual([
        encoding,
        true,
        text,
      ]);
    });
  }
});
