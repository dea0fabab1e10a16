import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import { UNICODE_FONT, useUnicodeFonts, visualRuns, wrapLines } from '../src/platform/pdf-bidi.js';

/** The bidi writer of the PDFs (issue 33's Arabic proof of play): runs in visual order, lines that fit. */

describe('bidi text for pdfkit', () => {
  it('places the runs of a right-to-left line from left to right, digits left as they read', () => {
    // "05/2026" is read left to right and stands left of the Arabic title.
    assert.deepEqual(visualRuns('إثبات العرض 05/2026', 'rtl'), [
      { text: '05/2026', rtl: false },
      { text: 'إثبات العرض ', rtl: true },
    ]);
    // A number inside Arabic text splits it: the first words are rightmost.
    assert.deepEqual(
      visualRuns('عُرض 4,312 مرة', 'rtl').map((r) => r.text),
      [' مرة', '4,312', 'عُرض '],
    );
    // Latin in an Arabic line keeps its own order; in a German line an Arabic name is one run.
    assert.deepEqual(visualRuns('مطعم النيل GmbH', 'rtl'), [
      { text: 'GmbH', rtl: false },
      { text: 'مطعم النيل ', rtl: true },
    ]);
    assert.deepEqual(visualRuns('Theke, نافذة', 'ltr'), [
      { text: 'Theke, ', rtl: false },
      { text: 'نافذة', rtl: true },
    ]);
    assert.deepEqual(visualRuns('', 'rtl'), []);
  });

  it('mirrors brackets in right-to-left runs and reverses a run fontkit would not', () => {
    // fontkit reverses a run with Arabic letters itself: the run stays in logical order, mirrored.
    assert.deepEqual(visualRuns('(فيينا)', 'rtl'), [{ text: ')فيينا(', rtl: true }]);
    // Only neutral characters at a right-to-left level: reversed here, as fontkit sees no Arabic.
    assert.deepEqual(visualRuns('(!?)', 'rtl'), [{ text: '(?!)', rtl: true }]);
  });

  it('wraps whole words and cuts a word wider than the line', () => {
    const doc = new PDFDocument();
    useUnicodeFonts(doc);
    doc.font(UNICODE_FONT.regular).fontSize(9);
    const long = `${'x'.repeat(300)}.png`;
    const lines = wrapLines(doc, `kurz ${long} Ende`, 100);
    assert.equal(lines[0], 'kurz');
    assert.equal(lines.join('').replace(/ /g, ''), `kurz${long}Ende`);
    for (const line of lines) assert.ok(doc.widthOfString(line) <= 100, line);
    assert.deepEqual(wrapLines(doc, 'eins zwei\ndrei', 500), ['eins zwei', 'drei']);
  });
});
