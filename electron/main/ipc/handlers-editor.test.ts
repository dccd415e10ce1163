import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../../shared/ipc/channels/editor';
import { requestChannels } from '../../../shared/ipc/contract';
import { editorHandlers } from './handlers-editor';

const UNDO: MenuCommand = {
  id: 'edit.undo',
  label: 'Undo',
  keys: ['Ctrl+Z'],
  scope: 'global',
  group: 'Edit',
  enabled: true,
};
const schema = requestChannels['menu:setCommands'].request;

describe('menu:setCommands', () => {
  it('hands the commands to the native menu where there is one', async () => {
    const received: (readonly MenuCommand[])[] = [];
    const handlers = editorHandlers({ setMenuCommands: (commands) => received.push(commands) });
    const answer = await handlers['menu:setCommands']({ commands: [UNDO] });
    expect(answer).toEqual({ ok: true, value: { applied: true } });
    expect(received).toEqual([[UNDO]]);
  });

  it('is accepted and ignored in browser mode, which has no menu', async () => {
    const answer = await editorHandlers({})['menu:setCommands']({ commands: [UNDO] });
    expect(answer).toEqual({ ok: true, value: { applied: false } });
  });

  it('lets only well-formed command lists through the contract', () => {
    expect(schema.safeParse({ commands: [UNDO] }).success).toBe(true);
    expect(schema.safeParse({ commands: [{ ...UNDO, scope: 'devtools' }] }).success).toBe(false);
    expect(schema.safeParse({ commands: [{ ...UNDO, enabled: undefined }] }).success).toBe(false);
    expect(schema.safeParse({ commands: [UNDO], extra: 1 }).success).toBe(false);
    const many = Array.from({ length: 501 }, (_, i) => ({ ...UNDO, id: `c${i}` }));
    expect(schema.safeParse({ commands: many }).success).toBe(false);
  });
});
