// `npm run web`: Soundstage in browser mode. Starts the same main-process services as Electron
// (with the child-process engine launcher and the 0600-file key storage), serves the built
// renderer on 127.0.0.1 and carries the IPC contract over a token-guarded WebSocket.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { makePrivateFolder } from '../../shared/node/storage/private-folder';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHandlers } from '../../electron/main/ipc/handlers';
import { ChildProcessEngineLauncher } from '../../electron/main/services/engine-host/child-process-launcher';
import { prepareProjectFolder } from '../../electron/main/services/file-access/project-folder';
import { FileSecretStorage } from '../../electron/main/services/key-vault/secret-storage';
import { createMainServices } from '../../electron/main/services/main-services';
import {
  DataFolderLock,
  describeHolder,
} from '../../electron/main/services/storage/data-folder-lock';
import { startBrowserHost, type BrowserHost } from './host';
import { createEventHub } from './event-hub';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SOUNDSTAGE_WEB_PORT ?? '0' },
    data: { type: 'string', default: process.env.SOUNDSTAGE_USER_DATA },
    project: { type: 'string' },
    'no-open': { type: 'boolean', default: false },
  },
});

const userDataDir = resolve(
  values.data ?? join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Soundstage'),
);
const uploadsDir = join(userDataDir, 'uploads');
// One process per data folder, before anything reads its job ledger: a second one would resume
// (and post again) the first one's jobs. A second start is not an error: it says where to look.
const locked = await DataFolderLock.acquire(userDataDir);
if (!locked.ok) {
  console.log(describeHolder(locked.holder, userDataDir));
  console.log('Open that one, or stop it first (Ctrl+C in its terminal).');
  process.exit(0);
}
const folderLock = locked.lock;
const rendererDir = join(root, 'out', 'renderer');
if (!existsSync(join(rendererDir, 'index.html'))) {
  console.error('The renderer is not built. Run `npm run build` (or `npm start`) first.');
  process.exit(1);
}
// Owner-only: the data folder holds the job ledger, settings and the engine's key.
await makePrivateFolder(userDataDir);
await makePrivateFolder(uploadsDir);

const log = (line: string) => console.log(line);
const events = createEventHub();
const version = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
).version;
let host: BrowserHost | null = null;

const services = await createMainServices({
  userDataDir,
  homeDir: homedir(),
  appDir: root,
  defaultProjectFolder: values.project ? resolve(values.project) : undefined,
  uploadsDir,
  clientVersion: version,
  engineLauncher: new ChildProcessEngineLauncher({ appRoot: root, onOutput: log }),
  secretStorage: new FileSecretStorage(join(userDataDir, 'api-key')),
  emit: (channel, payload) => events.emit(channel, payload),
  log,
});
if (values.project) {
  // The command line is the user's own choice, checked by the same rule as the folder chooser.
  const projectFolder = await prepareProjectFolder(resolve(values.project), {
    homeDir: homedir(),
    userDataDir,
    appDir: root,
  });
  if (!projectFolder.ok) {
    console.error(`--project: ${projectFolder.error.message}`);
    process.exit(1);
  }
  if (services.settings.get().projectFolder !== projectFolder.value)
    await services.settings.update({ projectFolder: projectFolder.value });
}

const ipc = createHandlers({
  services,
  log,
  platform: {
    mediaUrlFor: (path) => host?.mediaUrlFor(path) ?? '',
    // No native dialog in a browser tab: results are saved inside the project folder.
    showSaveDialog: async (suggestedName) => {
      const exportsDir = join(services.settings.get().projectFolder, 'exports');
      await mkdir(exportsDir, { recursive: true });
      return join(exportsDir, suggestedName);
    },
    revealInFolder: (path) => log(`reveal: ${dirname(path)}`),
    openPath: async () => false,
    // The page picks files with <input type=file> and uploads them; there is no picker here.
    pickFiles: async () => [],
    // No folder picker in a browser tab: the path typed in Settings, checked by main.
    pickFolder: async (typedPath) => typedPath,
    // The host cannot open the user's browser for a page; it prints the link instead.
    openExternal: (url) => {
      log(`open in your browser: ${url}`);
      return false;
    },
  },
});

host = await startBrowserHost({
  rendererDir,
  uploadsDir,
  token: randomBytes(24).toString('base64url'),
  port: Number(values.port),
  dispatch: ipc.dispatch,
  onClientClosed: ipc.releaseClient,
  subscribe: events.subscribe,
  allowMediaPath: ipc.allowMediaPath,
});
console.log(`Soundstage (browser mode) at ${host.url}`);
await folderLock.describe(host.url);

if (!values['no-open'] && process.env.CI !== 'true') {
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  // Command lines are visible to every local user: the opener gets a one-time link, not the token.
  spawn(opener, [host.launchUrl()], { stdio: 'ignore', detached: true })
    .on('error', () => undefined)
    .unref();
}

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host?.close();
  await services.dispose();
  await folderLock.release();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
