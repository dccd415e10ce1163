import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../../api/languages';
import { checkDeclaredLanguage, guessLanguage } from '../language';

describe('checkDeclaredLanguage', () => {
  const SAMPLES: Record<LanguageCode, string> = {
    en: 'Thank you for watching, and see you next time on our channel.',
    zh_cn: '感谢您的观看，我们下次在我们的频道再见。',
    ja: 'ご覧いただきありがとうございます。また次回お会いしましょう。',
    ko: '시청해 주셔서 감사합니다. 다음에 또 만나요. 좋은 하루 되세요.',
    pt: 'Obrigado por assistir e até a próxima vez no nosso canal.',
    pt_br: 'Obrigado por assistir, a gente se vê na próxima vez no nosso canal.',
    es: 'Gracias por ver el vídeo y nos vemos la próxima vez en nuestro canal.',
    es_419: 'Gracias por ver el video y nos vemos la próxima vez en nuestro canal.',
    de: 'Vielen Dank fürs Zuschauen und bis zum nächsten Mal auf unserem Kanal.',
    fr: 'Merci de nous avoir regardés et à la prochaine fois sur notre chaîne.',
    it: 'Grazie per aver guardato e ci vediamo la prossima volta sul nostro canale.',
    ru: 'Спасибо за просмотр, увидимся в следующий раз на нашем канале.',
    th: 'ขอบคุณที่รับชม แล้วพบกันใหม่ครั้งหน้าในช่องของเรา',
    ar: 'شكرا على المشاهدة ونراكم في المرة القادمة على قناتنا.',
    tr: 'İzlediğiniz için teşekkürler, kanalımızda bir dahaki sefere görüşmek üzere.',
    vi: 'Cảm ơn các bạn đã xem và hẹn gặp lại lần sau trên kênh của chúng tôi.',
    id: 'Terima kasih telah menonton dan sampai jumpa lagi di saluran kami.',
  };

  it.each(Object.entries(SAMPLES))('recognises %s', (code, text) => {
    expect(checkDeclaredLanguage(text, code as LanguageCode).matches).toBe(true);
  });

  it('rejects a sentence declared as another language', () => {
    expect(checkDeclaredLanguage(SAMPLES.de, 'en')).toMatchObject({
      matches: false,
      detected: 'de',
    });
    expect(checkDeclaredLanguage(SAMPLES.ru, 'es')).toMatchObject({
      matches: false,
      detected: 'ru',
    });
    expect(checkDeclaredLanguage(SAMPLES.zh_cn, 'ja').matches).toBe(false);
  });

  it('gives no verdict on very short text', () => {
    expect(checkDeclaredLanguage('OK!', 'de')).toEqual({
      matches: true,
      detected: null,
      accuracy: 0,
    });
  });
});

describe('guessLanguage', () => {
  it('names the language a script reads as, in our codes where one fits', () => {
    expect(
      guessLanguage('Vielen Dank fürs Zuschauen und bis zum nächsten Mal auf unserem Kanal.'),
    ).toMatchObject({ family: 'de', code: 'de' });
    expect(guessLanguage('感谢您的观看，我们下次在我们的频道再见。')).toMatchObject({
      family: 'zh',
      code: 'zh_cn',
    });
    expect(guessLanguage('Hi!')).toBeNull();
  });
});
