import type { spellChannels } from '../../../shared/ipc/channels/spell';
import { fail, ok } from '../../../shared/ipc/result';
import { SpellService } from '../../../shared/node/spell/spell-service';
import type { DomainHandlers } from './handlers';

const failed = (error: unknown) =>
  fail(
    'spell_failed',
    `Spell check stopped: ${(error as Error).message}. Reopen the subtitles to try again.`,
    { retryable: true },
  );

/** Spell check handlers: one SpellService (and worker) for the life of main. */
export function spellHandlers(
  service: SpellService = new SpellService(),
): DomainHandlers<typeof spellChannels> {
  return {
    'spell:check': async ({ language, words }) => {
      try {
        return ok(await service.check(language, words));
      } catch (error) {
        return failed(error);
      }
    },
    'spell:suggest': async ({ language, word }) => {
      try {
        return ok({ suggestions: await service.suggest(language, word) });
      } catch (error) {
        return failed(error);
      }
    },
  };
}
