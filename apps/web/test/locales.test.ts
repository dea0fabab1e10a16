import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@portal/shared';

const dir = fileURLToPath(new URL('../src/locales', import.meta.url));
const src = fileURLToPath(new URL('../src', import.meta.url));
/** A language's area files merged per namespace, as the app loads them; no key may be defined twice. */
function load(lang: string): Record<string, unknown> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const file of fs
    .readdirSync(path.join(dir, lang))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const bundle = JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    for (const [ns, values] of Object.entries(bundle)) {
      for (const k of Object.keys(values))
        assert.ok(!(k in (out[ns] ?? {})), `${lang}/${file}: ${ns}.${k} is defined in two files`);
      out[ns] = { ...out[ns], ...values };
    }
  }
  return out;
}

/** Every leaf key path of a nested object, with its value. */
function leaves(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof obj === 'string') out.set(prefix, obj);
  else if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj)) {
      // validation keys are German sentences with dots: keep them whole.
      for (const [kk, vv] of leaves(v, prefix ? `${prefix}\u0000${k}` : k)) out.set(kk, vv);
    }
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('every language has the same area files', () => {
    const files = (lang: string) => fs.readdirSync(path.join(dir, lang)).sort();
    for (const lang of ['en', 'fr', 'ar']) assert.deepEqual(files(lang), files('de'), lang);
  });

  const de = leaves(load('de'));
  for (const lang of ['en', 'fr', 'ar']) {
    it(`${lang} has every key of de, no extra key, the same placeholders, and is translated`, () => {
      const other = leaves(load(lang));
      const missing = [...de.keys()].filter((k) => !other.has(k));
      const extra = [...other.keys()].filter((k) => !de.has(k));
      assert.deepEqual(
        missing.map((k) => k.replaceAll('\u0000', '.')),
        [],
        `${lang} misses keys`,
      );
      assert.deepEqual(
        extra.map((k) => k.replaceAll('\u0000', '.')),
        [],
        `${lang} has keys de does not`,
      );
      for (const [k, v] of de) {
        assert.deepEqual(placeholders(other.get(k)!), placeholders(v), `${lang}: placeholders of ${k}`);
      }
      // Not a copy of German: most strings differ (names like "RKSV" or "FAQ" may stay).
      const same = [...de].filter(([k, v]) => other.get(k) === v && v.length > 12).length;
      assert.ok(same / de.size < 0.05, `${lang}: ${same} of ${de.size} long strings are still German`);
    });
  }

  it('de has every static key the source uses', () => {
    const tree = load('de').translation as Record<string, unknown>;
    const has = (key: string) => {
      let cur: unknown = tree;
      for (const part of key.split('.')) {
        if (!cur || typeof cur !== 'object' || !(part in cur)) return false;
        cur = (cur as Record<string, unknown>)[part];
      }
      return typeof cur === 'string';
    };
    const files = fs
      .readdirSync(src, { recursive: true })
      .map(String)
      .filter((f) => /\.tsx?$/.test(f));
    const used = new Set<string>();
    for (const f of files) {
      for (const m of fs.readFileSync(path.join(src, f), 'utf8').matchAll(/\bt\('([\w.]+)'/g)) used.add(m[1]!);
    }
    assert.ok(used.size > 50);
    assert.deepEqual(
      [...used].filter((k) => !has(k)),
      [],
    );
  });

  it('every message of the shared catalogue is in every language under its code, German word for word', () => {
    // en, fr and ar have every key of de (above); de must have each code with the catalogue's text.
    const validation = load('de').validation as Record<string, unknown>;
    const at = (code: string) =>
      code.split('.').reduce<unknown>((cur, k) => (cur as Record<string, unknown>)?.[k], validation);
    const wrong: string[] = [];
    // An entry an area takes over from common keeps common's code: it appears once, under that code.
    for (const [code, text] of MESSAGES) if (at(code) !== text) wrong.push(`${code}: ${String(at(code))} ≠ ${text}`);
    assert.deepEqual(wrong, []);
  });

  it('the server and schema messages are keyed by code, not by their German text', () => {
    const validation = load('de').validation as Record<string, unknown>;
    assert.deepEqual(
      Object.keys(validation).filter((k) => [...MESSAGES.values()].includes(k)),
      [],
    );
  });

  it('Arabic text is Arabic script', () => {
    const ar = load('ar') as { translation: { nav: { logout: string } } };
    assert.match(ar.translation.nav.logout, /[\u0600-\u06FF]/);
  });
});
