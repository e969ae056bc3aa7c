import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { cataloguePart, type CataloguePart } from './src/i18n/areas';

const catalogueImport = /^\.\/(en|ar)\.json\?(first|rest)$/;
const messagesModule = /[\\/]src[\\/]i18n[\\/]messages\.ts$/;
const prefix = '\0precompiled-messages:';

/** Each message as react-intl's AST, literal-only messages through a helper so the chunk stays small. */
export function compileCatalogue(messages: Record<string, string>): string {
  const entries = Object.entries(messages).map(([id, message]) => {
    const ast: MessageFormatElement[] = parse(message);
    const only = ast[0];
    const value =
      ast.length === 1 && only?.type === TYPE.literal ? `l(${JSON.stringify(only.value)})` : JSON.stringify(ast);
    return `${JSON.stringify(id)}:${value}`;
  });
  return `const l=(value)=>[{type:${TYPE.literal},value}];\nexport default {${entries.join(',\n')}};\n`;
}

/**
 * Issue 13: src/i18n/messages.ts imports each catalogue in two parts,
 * `./en.json?first` (the areas of src/i18n/areas.ts: sign-in, the shell, the
 * dashboard) and `./en.json?rest`, each a module of its own, so the first
 * screens download a sixth of the messages.
 *
 * The build also ships the messages already parsed (ICU to react-intl's AST),
 * so the browser never parses one and react-intl's ICU parser is left out of
 * the bundle (`@formatjs/icu-messageformat-parser` resolves to its no-parser
 * build, which keeps the types and guards react-intl formats with). Only the
 * catalogues src/i18n/messages.ts imports are compiled; a message given as a
 * string anywhere else would throw, and none is (no `defaultMessage`). The dev
 * server serves the parts as plain strings; Jest maps both to the whole JSON.
 */
export function precompiledMessages(): Plugin {
  let build = false;
  return {
    name: 'pharmacy:precompiled-messages',
    enforce: 'pre',
    config: (_, { command }) => {
      build = command === 'build';
      if (!build) return {};
      return {
        resolve: {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ],
        },
      };
    },
    resolveId(source, importer) {
      const match = catalogueImport.exec(source);
      if (!importer || !messagesModule.test(importer) || !match) return null;
      // Without `.json`: Vite's JSON step would read the compiled module as JSON.
      return `${prefix}${match[2]}:${resolve(dirname(importer), `./${match[1]}`)}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const [part, path] = id.slice(prefix.length).split(/:(.*)/s) as [CataloguePart, string];
      const file = `${path}.json`;
      this.addWatchFile(file);
      const messages = cataloguePart(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>, part) as Record<
        string,
        string
      >;
      return build ? compileCatalogue(messages) : `export default ${JSON.stringify(messages)};\n`;
    },
  };
}
