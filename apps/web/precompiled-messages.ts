import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const catalogueImport = /^\.\/(en|ar)\.json$/;
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
 * Issue 13: the build ships the messages already parsed (ICU to react-intl's
 * AST), so the browser never parses one and react-intl's ICU parser is left out
 * of the bundle (`@formatjs/icu-messageformat-parser` resolves to its no-parser
 * build, which keeps the types and guards react-intl formats with). Only the
 * catalogues src/i18n/messages.ts imports are compiled; a message given as a
 * string anywhere else would throw, and none is (no `defaultMessage`). The dev
 * server and Jest read the JSON as it is.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'pharmacy:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    resolveId(source, importer) {
      if (!importer || !messagesModule.test(importer) || !catalogueImport.test(source)) return null;
      // Without `.json`: Vite's JSON step would read the compiled module as JSON.
      return prefix + resolve(dirname(importer), source).replace(/\.json$/, '');
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = `${id.slice(prefix.length)}.json`;
      this.addWatchFile(file);
      return compileCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
    },
  };
}
