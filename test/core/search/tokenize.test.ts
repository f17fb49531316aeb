// Tokens for full-text search: folded, split where words end, unspaced scripts in character pairs.
import { describe, expect, it } from 'vitest';
import { foldQuery, foldText } from '../../../shared/textFold';
import { MAX_TOKEN_LENGTH, queryMarks, queryTokens, tokenize } from '../../../electron/core/search/tokenize';

describe('folding', () => {
  it('lower-cases and drops Latin and Greek accents, keeping every offset', () => {
    for (const [text, folded] of [
      ['Crème Brûlée', 'creme brulee'],
      ['ÉCOLE naïve Ångström', 'ecole naive angstrom'],
      ['Ελληνικά ΌΛΑ', 'ελληνικα ολα'],
      ['Tiếng Việt', 'tieng viet'],
      ['ΣΟΦΟΣ σοφός', 'σοφοσ σοφοσ'],
    ] as const) {
      expect(foldText(text)).toBe(folded);
      expect(foldText(text)).toHaveLength(text.length);
    }
  });

  it('keeps marks that are part of a letter in other scripts, and stays the same length where lowering would grow', () => {
    expect(foldText('Йод')).toBe('йод'); // й is not и
    expect(foldText('ภาษาไทย')).toBe('ภาษาไทย');
    expect(foldText('हिन्दी')).toBe('हिन्दी');
    expect(foldText('İstanbul')).toHaveLength('İstanbul'.length);
    expect(foldText('😀 OK')).toBe('😀 ok');
  });

  it('folds a query typed with decomposed accents like a composed one', () => {
    expect(foldQuery('Cre\u0300me')).toBe('creme');
    expect(foldQuery('CAFÉ')).toBe('cafe');
  });
});

describe('tokenize', () => {
  it('splits at anything that is not a letter or digit', () => {
    expect(tokenize("Don't rename(2) the_file, it's append-only!")).toEqual(['don', 't', 'rename', '2', 'the', 'file', 'it', 's', 'append', 'only']);
  });

  it('makes accented and unaccented spellings the same token', () => {
    expect(tokenize('Crème brûlée')).toEqual(tokenize('creme BRULEE'));
    expect(tokenize('cafe\u0301')).toEqual(['cafe']);
  });

  it('cuts Chinese and Japanese into character pairs plus the last character', () => {
    expect(tokenize('東京都')).toEqual(['東京', '京都', '都']);
    expect(tokenize('今日は東京へ')).toEqual(['今日', '日は', 'は東', '東京', '京へ', 'へ']);
    expect(tokenize('中')).toEqual(['中']);
    // Katakana with the prolonged sound mark stays one run.
    expect(tokenize('サーバー')).toEqual(['サー', 'ーバ', 'バー', 'ー']);
  });

  it('cuts Thai (no spaces between words) into pairs of characters, marks included', () => {
    expect(tokenize('สวัสดี')).toEqual(['สว', 'วั', 'ัส', 'สด', 'ดี', 'ี']);
  });

  it('keeps Latin words whole inside mixed-script text', () => {
    expect(tokenize('iPhone用のケース')).toEqual(['iphone', '用の', 'のケ', 'ケー', 'ース', 'ス']);
    expect(tokenize('Привет, мир')).toEqual(['привет', 'мир']);
    expect(tokenize('안녕하세요 세계')).toEqual(['안녕하세요', '세계']); // Hangul is written with spaces
  });

  it('makes each emoji a token of its own', () => {
    expect(tokenize('ship it 🚀🎉 now')).toEqual(['ship', 'it', '🚀', '🎉', 'now']);
  });

  it('cuts very long tokens', () => {
    expect(tokenize('x'.repeat(500))).toEqual(['x'.repeat(MAX_TOKEN_LENGTH)]);
  });
});

describe('queryTokens', () => {
  it('gives each token once, and a run of unspaced characters its pairs only', () => {
    expect(queryTokens('Apple apple APPLE pie')).toEqual(['apple', 'pie']);
    expect(queryTokens('東京都')).toEqual(['東京', '京都']);
    expect(queryTokens('京')).toEqual(['京']);
    expect(queryTokens('สวัสดี')).toEqual(['สว', 'วั', 'ัส', 'สด', 'ดี']);
  });

  it('has no tokens for punctuation alone', () => {
    expect(queryTokens('?! -- ...')).toEqual([]);
  });
});

describe('queryMarks', () => {
  it('keeps unspaced runs whole, for marking where they occur', () => {
    expect(queryMarks('Crème 東京都 อากาศ')).toEqual(['creme', '東京都', 'อากาศ']);
  });
});
