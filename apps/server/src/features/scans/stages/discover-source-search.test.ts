// The creator's names as web search phrases.
import { describe, expect, it } from 'vitest';
import { namePhrases } from './discover-source-search.ts';

describe('namePhrases', () => {
  it('quotes each name as a phrase, once, whatever its case, spacing or quotes', () => {
    expect(
      namePhrases(['Luna Fox', '  luna   FOX ', '“Luna Fox”', 'Luna "the Fox" Moon'], ['lunafox']),
    ).toEqual(['"Luna Fox"', '"Luna the Fox Moon"']);
  });

  it('leaves out a name already searched word for word, and an empty or one-letter name', () => {
    expect(
      namePhrases(['Foxyluna', 'Luna Fox', '', ' ', 'x'], ['foxyluna', 'luna fox leaks']),
    ).toEqual(['"Luna Fox"']);
    expect(namePhrases(['Luna Fox'], ['Luna  fox'])).toEqual([]);
  });
});
