import { describe, expect, it } from 'vitest';
import { apiQueryOf, queueSearchSchema, searchParamsOf } from './queue-search.ts';

describe('the queue filters in the address', () => {
  it('keeps the known filters and drops what is not one', () => {
    const search = queueSearchSchema.parse({
      work: 'form_notice',
      plan: 'gold',
      overdue: true,
      claim: 'mine',
      creator: ' luna@example.com ',
    });
    expect(search).toEqual({
      work: 'form_notice',
      overdue: true,
      claim: 'mine',
      creator: 'luna@example.com',
    });
  });

  it('makes the API query of them, with the page cursor', () => {
    const query = apiQueryOf({ work: 'support', overdue: false, host: 'tube.example' });
    expect(query).toEqual({ kind: 'support', overdue: 'false', host: 'tube.example' });
    expect(searchParamsOf(query, 'abc').toString()).toBe(
      'kind=support&host=tube.example&overdue=false&cursor=abc',
    );
    expect(searchParamsOf(apiQueryOf({})).toString()).toBe('');
  });
});
