import { afterAll, describe, expect, it } from 'vitest';
import { dictionaryFiles, spellLanguage } from './dictionaries';
import { SpellService } from './spell-service';

const service = new SpellService();
afterAll(() => service.close());

describe('SpellService', () => {
  it('flags words the English dictionary does not know, and caches answers', async () => {
    const answer = await service.check('en', ['hello', 'wrold', 'world', 'wrold']);
    expect(answer).toEqual({ available: true, language: 'en', misspelled: ['wrold', 'wrold'] });
    const again = await service.check('en-GB', ['wrold']);
    expect(again).toEqual({ available: true, language: 'en', misspelled: ['wrold'] });
  });

  it('takes a hyphenated compound whose parts are words, not one with a misspelt part', async () => {
    const answer = await service.check('en', ['forty-two', 'well-known', 'forty-twoo']);
    expect(answer).toMatchObject({ available: true, misspelled: ['forty-twoo'] });
  });

  it('checks Spanish with its own dictionary', async () => {
    const answer = await service.check('es', ['hola', 'mundo', 'holaa']);
    expect(answer).toMatchObject({ available: true, misspelled: ['holaa'] });
  });

  it('suggests corrections', async () => {
    expect(await service.suggest('en', 'wrold')).toContain('world');
  });

  it('answers "not available" for a language without a dictionary', async () => {
    expect(await service.check('ja', ['こんにちは'])).toEqual({ available: false, language: 'ja' });
    expect(await service.suggest('ja', 'x')).toEqual([]);
  });

  it('finds the files of every installed dictionary', () => {
    expect(spellLanguage('pt-BR')).toBe('pt');
    for (const code of ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'tr'])
      expect(dictionaryFiles(code)?.aff).toMatch(/index\.aff$/);
    expect(dictionaryFiles('xx')).toBeNull();
  });
});
