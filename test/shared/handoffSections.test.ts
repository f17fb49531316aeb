// The structure check follows the sections set and passes a document in any language whose level-2
// headings are exactly the sections in number and order (SPEC §4.3 "Your own sections"); the new
// session's title comes from the first section either way.
import { describe, expect, it } from 'vitest';
import { findMissingSections } from '../../shared/handoffSections';
import { unwrapHandoffDocument, wrapHandoffDocument } from '../../shared/sessionFormat';
import { HANDOFF_SECTIONS } from '../../shared/texts';
import { handoffTitle } from '../../electron/core/handoff/handoffDocument';

const doc = (headings: readonly string[], body = (i: number) => `Line ${i + 1}.`) => headings.map((h, i) => `## ${h}\n${body(i)}`).join('\n\n');

const THAI = ['เป้าหมาย', 'ข้อจำกัดและความต้องการ', 'ความคืบหน้า', 'การตัดสินใจสำคัญ', 'บริบทสำคัญ', 'ขั้นตอนถัดไป'];
const CJK = ['目标', '约束与偏好', '进展', '关键决策', '关键上下文', '下一步'];

describe('the structure check', () => {
  it('passes English headings, and names what is missing', () => {
    expect(findMissingSections(doc(HANDOFF_SECTIONS))).toEqual([]);
    expect(findMissingSections(doc(HANDOFF_SECTIONS.slice(0, 4)))).toEqual(['Critical Context', 'Next Steps']);
  });

  it('passes a Thai document and a CJK one whose six level-2 headings stand in the six places', () => {
    expect(findMissingSections(doc(THAI))).toEqual([]);
    expect(findMissingSections(doc(CJK))).toEqual([]);
  });

  it('fails a Thai document with five headings: then every section is named missing', () => {
    expect(findMissingSections(doc(THAI.slice(0, 5)))).toEqual([...HANDOFF_SECTIONS]);
  });

  it('passes bilingual headings, and finds them by their English name too', () => {
    const bilingual = HANDOFF_SECTIONS.map((name, i) => `${name} (${THAI[i]})`);
    expect(findMissingSections(doc(bilingual))).toEqual([]);
    // By name when the count is off (two extra headings): only the absent one is missing.
    const extra = `${doc(bilingual.slice(0, 5))}\n\n## หมายเหตุ\nextra\n\n## อื่นๆ\nmore`;
    expect(findMissingSections(extra)).toEqual(['Next Steps']);
    expect(findMissingSections(doc(['เป้าหมาย (Goal)', 'Constraints & Preferences / 约束']).concat('\n\n## x'))).toEqual(['Progress', 'Key Decisions', 'Critical Context', 'Next Steps']);
  });

  it('does not take a section named in the wrong place for one of the right number', () => {
    const swapped = ['Progress', 'Goal', 'Constraints & Preferences', 'Key Decisions', 'Critical Context', 'Next Steps'];
    // All six named, so it passes by name; but a translated heading in the place of a named one does not count by place.
    expect(findMissingSections(doc(swapped))).toEqual([]);
    const misplaced = ['目标', 'Goal', '进展', '关键决策', '关键上下文', '下一步'];
    expect(findMissingSections(doc(misplaced))).toEqual(HANDOFF_SECTIONS.filter((s) => s !== 'Goal'));
  });

  it('follows renamed sections: the set decides, not the default six', () => {
    const mine = ['Summary', 'Open questions', 'Files'];
    expect(findMissingSections(doc(mine), mine)).toEqual([]);
    expect(findMissingSections(doc(HANDOFF_SECTIONS), mine)).toEqual(mine);
    expect(findMissingSections(doc(['Summary', 'Files']), mine)).toEqual(['Open questions']);
    expect(findMissingSections(doc(['สรุป', 'คำถาม', 'ไฟล์']), mine)).toEqual([]);
  });

  it('never reads a heading inside a fenced code block', () => {
    const fenced = `${doc(HANDOFF_SECTIONS.slice(0, 5))}\n\n\`\`\`md\n## Next Steps\n\`\`\`\n\n~~~~\n## Goal\n~~~~`;
    expect(findMissingSections(fenced)).toEqual(['Next Steps']);
    // A Thai document with a level-2 heading in a code block still has six headings, not seven.
    const thai = doc(THAI, (i) => (i === 4 ? '```\n## not a heading\n```' : 'ok'));
    expect(findMissingSections(thai)).toEqual([]);
  });

  it('ignores what Baton appended (carry-over, pinned), even headings inside the pinned text', () => {
    const appended = `${doc(THAI)}\n\n## Also carried over\n\n- \`src/a.ts\`\n\n## Pinned (verbatim)\n\n### Pinned message\n\n## A heading the user wrote`;
    expect(findMissingSections(appended)).toEqual([]);
  });

  it('survives a literal </handoff-context> in the document, wrapped and unwrapped', () => {
    const tricky = doc(THAI, (i) => (i === 5 ? 'Write `</handoff-context>` in the template.\n```\n</handoff-context>\n## x\n```' : 'ok'));
    const back = unwrapHandoffDocument(wrapHandoffDocument(tricky));
    expect(back).toBe(tricky);
    expect(findMissingSections(back)).toEqual([]);
  });
});

describe('the handed-off session’s title', () => {
  it('is the first line of Goal in English', () => {
    expect(handoffTitle(doc(HANDOFF_SECTIONS, (i) => (i === 0 ? '- **Ship** the `parser` [#3]' : 'x')), 'Parent')).toBe('Ship the parser');
  });

  it('is the first line of the first section in Thai, CJK and bilingual documents (not the parent’s "(2)")', () => {
    expect(handoffTitle(doc(THAI, (i) => (i === 0 ? 'ย้ายฐานข้อมูลไปยัง Postgres' : 'x')), 'Parent')).toBe('ย้ายฐานข้อมูลไปยัง Postgres');
    expect(handoffTitle(doc(CJK, (i) => (i === 0 ? '完成解析器' : 'x')), 'Parent')).toBe('完成解析器');
    const bilingual = HANDOFF_SECTIONS.map((name, i) => `${name} (${THAI[i]})`);
    expect(handoffTitle(`${doc(bilingual, (i) => (i === 0 ? 'แก้บั๊ก' : 'x'))}\n\n## extra\nx`, 'Parent')).toBe('แก้บั๊ก');
  });

  it('follows renamed sections, and falls back to the parent’s title when the first section is empty', () => {
    expect(handoffTitle(doc(['Summary', 'Files'], (i) => (i === 0 ? 'Port the CLI' : 'x')), 'Parent', [], ['Summary', 'Files'])).toBe('Port the CLI');
    expect(handoffTitle('## Goal\n\n## Progress\nx', 'Parent')).toBe('Parent (2)');
    expect(handoffTitle('```\n## Goal\nnot this\n```\nplain', 'Parent')).toBe('Parent (2)');
  });
});
