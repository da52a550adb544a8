import { describe, expect, it } from 'vitest';
import { countQuestions, filterHelp, type HelpCategory } from './filter';

const help: HelpCategory[] = [
  {
    name: 'Account',
    items: [
      { question: 'How do I delete my Account?', answer: 'a' },
      { question: 'Can I change my name?', answer: 'b' },
    ],
  },
  {
    name: 'Safety',
    items: [
      { question: 'How do I report someone?', answer: 'c' },
      { question: 'Is my chat private?', answer: 'account words in answer' },
    ],
  },
];

describe('filterHelp', () => {
  it('returns everything for an empty or blank query', () => {
    expect(filterHelp(help, '')).toEqual(help);
    expect(filterHelp(help, '   ')).toEqual(help);
  });
  it('matches questions by case-insensitive substring and keeps their groups', () => {
    expect(filterHelp(help, 'ACCOUNT')).toEqual([
      { name: 'Account', items: [{ question: 'How do I delete my Account?', answer: 'a' }] },
    ]);
    expect(countQuestions(filterHelp(help, 'how do i'))).toBe(2);
    expect(filterHelp(help, 'how do i').map((c) => c.name)).toEqual(['Account', 'Safety']);
  });
  it('searches questions, not answers, and drops groups with no match', () => {
    expect(filterHelp(help, 'words in answer')).toEqual([]);
    expect(filterHelp(help, 'private').map((c) => c.name)).toEqual(['Safety']);
  });
});
