import type { dubLinesChannels } from '../../../shared/ipc/channels/dub-lines';
import type { MainServices } from '../services/main-services';
import type { DomainHandlers } from './handlers';

/** Line re-dubs of finished Dub cells (services/dub-lines); paths are checked by the contract. */
export function dubLinesHandlers(
  services: Pick<MainServices, 'dubLines'>,
): DomainHandlers<typeof dubLinesChannels> {
  const { dubLines } = services;
  return {
    'dub:lineQuote': (ref) => dubLines.quote(ref),
    'dub:lineRedub': (ref) => dubLines.redub(ref),
    'dub:lineEdits': ({ dub }) => dubLines.edits(dub),
    'dub:lineUndo': ({ dub }) => dubLines.undo(dub),
  };
}
