import { createRequire } from 'node:module';
import type { Bidi } from 'bidi-js';

/**
 * Right-to-left text in a pdfkit document (the Arabic proof of play, issue 33).
 *
 * pdfkit shapes Arabic through fontkit (joined letter forms) but knows no bidirectional order: it
 * wraps words left to right, and fontkit reverses a whole Arabic string, digits included ("4312"
 * came out "2134"). So a line is laid out here: words wrapped in logical order, then each line cut
 * into runs of one direction by the Unicode bidi algorithm (bidi-js), the runs placed in visual
 * order, each run laid out by fontkit as a whole. A right-to-left run that holds Arabic or Hebrew letters is given to fontkit as it is (it
 * reverses it while shaping); one of only neutral characters is reversed here. Mirrored characters
 * (brackets) are swapped in right-to-left runs.
 *
 * Helvetica has no Arabic glyphs; DejaVu Sans has Latin and Arabic in one face, so a line with an
 * Arabic label and a Latin file name needs no change of font.
 */

/**
 * pdfkit lays a string out word by word (for its cache) unless features are given: a run drawn that
 * way would have its words left to right again. With features, fontkit gets the whole run.
 */
const WHOLE = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };
const require = createRequire(import.meta.url);
// bidi-js is CommonJS (module.exports is the factory) but its types declare an ES default export.
const bidi = (require('bidi-js') as () => Bidi)();

/** The faces registered by `useUnicodeFonts`, for `doc.font(...)`. */
export const UNICODE_FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

export function useUnicodeFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(UNICODE_FONT.regular, require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  doc.registerFont(UNICODE_FONT.bold, require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
}

export interface Run {
  text: string;
  rtl: boolean;
}

const strongRtl = (ch: string) => {
  const type = bidi.getBidiCharTypeName(ch);
  return type === 'R' || type === 'AL';
};

/**
 * One line's runs from left to right, each as fontkit wants it (see above). `base` is the
 * paragraph's direction: in a right-to-left paragraph "27.11.2026, 22:00" keeps its date rightmost.
 */
export function visualRuns(line: string, base: 'ltr' | 'rtl'): Run[] {
  if (line === '') return [];
  const embedding = bidi.getEmbeddingLevels(line, base);
  const order = bidi.getReorderedIndices(line, embedding);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const levels = embedding.levels;
  const runs: Run[] = [];
  let from = 0;
  for (let i = 1; i <= order.length; i++) {
    const prev = order[i - 1]!;
    const cur = order[i];
    const rtl = levels[prev]! % 2 === 1;
    // A run goes on while the level stays and the logical index steps the run's way.
    if (cur !== undefined && levels[cur] === levels[prev] && cur === prev + (rtl ? -1 : 1)) continue;
    const visual = order.slice(from, i);
    const logical = rtl ? visual.slice().reverse() : visual;
    const chars = logical.map((k) => mirrored.get(k) ?? line[k]!);
    const text = rtl && !chars.some(strongRtl) ? chars.reverse().join('') : chars.join('');
    runs.push({ text, rtl });
    from = i;
  }
  return runs;
}

/** Lines of `text` that fit `width` in the current font: whole words, a word too long cut by characters. */
export function wrapLines(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (doc.widthOfString(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      // A word wider than the line (a long file name) is cut where it has to be.
      let rest = word;
      while (doc.widthOfString(rest) > width) {
        let n = 1;
        while (n < rest.length && doc.widthOfString(rest.slice(0, n + 1)) <= width) n++;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface BidiBox {
  width: number;
  /** Where each line sits in the box; right-to-left text is usually set to the right. */
  align: 'left' | 'right';
  base: 'ltr' | 'rtl';
}

/** The height `bidiText` would take. */
export function bidiHeight(doc: PDFKit.PDFDocument, text: string, box: Pick<BidiBox, 'width'>): number {
  return wrapLines(doc, text, box.width).length * doc.currentLineHeight(true);
}

/**
 * `text` wrapped into the box at (x, y), each line in visual order; returns the height used and
 * leaves the document's cursor below it (as `doc.text` does).
 */
export function bidiText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, box: BidiBox): number {
  const lineHeight = doc.currentLineHeight(true);
  const lines = wrapLines(doc, text, box.width);
  lines.forEach((line, i) => {
    const runs = visualRuns(line, box.base).map((r) => ({ ...r, w: doc.widthOfString(r.text, WHOLE) }));
    const total = runs.reduce((s, r) => s + r.w, 0);
    let cx = box.align === 'right' ? x + box.width - total : x;
    for (const r of runs) {
      doc.text(r.text, cx, y + i * lineHeight, { lineBreak: false, ...WHOLE });
      cx += r.w;
    }
  });
  const height = lines.length * lineHeight;
  doc.x = x;
  doc.y = y + height;
  return height;
}
