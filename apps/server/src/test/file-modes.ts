import { chmodSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What under `root` (itself included; or the file `root`) is not private (platform/private-files.ts): each folder not 0700 and each file
 * not 0600, as `<relative path> <octal mode>`. An empty list when all is.
 */
export function notPrivate(root: string): string[] {
  const found: string[] = [];
  const check = (file: string) => {
    const info = statSync(file);
    const mode = info.mode & 0o777;
    if (mode !== (info.isDirectory() ? 0o700 : 0o600)) found.push(`${path.relative(root, file) || '.'} ${mode.toString(8)}`);
  };
  check(root);
  if (!statSync(root).isDirectory()) return found;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) check(path.join(entry.parentPath, entry.name));
  }
  return found;
}

/** Makes everything under `root` as an older version left it: folders 0755, files 0666 (PGlite's) or `fileMode`. */
export function loosen(root: string, fileMode = 0o666): void {
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(file, 0o755);
    else if (entry.isFile()) chmodSync(file, fileMode);
  }
  chmodSync(root, 0o755);
}
