import type { Plugin } from 'vite';

/**
 * zod 4's classic schemas carry their JSON-Schema writer (`toJSONSchema`, `~standard.jsonSchema`, a
 * `processJSONSchema` per schema): about 5 KB gzipped on every staff screen, which checks every answer
 * with the shared schemas. The web app never writes a JSON Schema, so its build keeps only what parsing
 * reads from those modules (`aggregateChecks`, behind `.minLength`, `.maxLength`, `.format` of a schema)
 * and every writer function throws if it is ever called. The server keeps the whole of zod.
 *
 * A zod update that moves these modules' seams fails the build here, not in a browser.
 */
const PROCESSORS = /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/;
const WRITER = /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;

const UNAVAILABLE =
  "const unavailable = () => { throw new Error('zod: JSON Schema is not part of the web build (zod-without-json-schema.ts)'); };\n";

/** The names a module exports (`export const|function|class X`, `export { a as b }`). */
function exportedNames(code: string): string[] {
  const names = [...code.matchAll(/^export (?:const|function|class|let) (\w+)/gm)].map((m) => m[1]!);
  for (const m of code.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  return [...new Set(names)];
}

const stubs = (names: string[]) => names.map((n) => `export const ${n} = unavailable;`).join('\n');

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (WRITER.test(id)) return { code: UNAVAILABLE + stubs(exportedNames(code)), map: null };
      if (!PROCESSORS.test(id)) return null;
      const cut = code.indexOf('const formatMap');
      if (cut < 0 || !code.includes('export function aggregateChecks'))
        throw new Error('zod-without-json-schema: json-schema-processors.js changed; look at the plugin');
      const kept = code
        .slice(0, cut)
        .replace(/^import \{[^}]*\} from "\.\/to-json-schema\.js";\n/m, '')
        .replace(/^import \{[^}]*\} from "\.\/schemas\.js";\n/m, '');
      const rest = exportedNames(code.slice(cut));
      return { code: `${kept}\n${UNAVAILABLE}${stubs(rest)}\n`, map: null };
    },
  };
}
