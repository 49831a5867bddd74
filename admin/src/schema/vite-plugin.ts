import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { compactDocument } from './compact';

const DOCUMENT = fileURLToPath(new URL('../../../openapi/openapi.json', import.meta.url));
const ID = 'virtual:console-schema';
const RESOLVED = `\0${ID}`;

/** `import schema from 'virtual:console-schema'`: the console's part of openapi/openapi.json, read at build time. */
export function consoleSchema(): Plugin {
  return {
    name: 'console-schema',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(DOCUMENT);
      const schema = compactDocument(JSON.parse(readFileSync(DOCUMENT, 'utf8')));
      return `export default ${JSON.stringify(schema)};`;
    },
  };
}
