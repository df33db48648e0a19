import { describe, expect, it } from 'vitest';
import { planQueryOptions } from '../../src/analysis/query-options.ts';

const standIn = (d: string) => /^9\d{3}$/.test(d);
const opt = (key: string, value: string) => ({ key, value, runTime: standIn(value) });

describe('planQueryOptions', () => {
  it('keeps, leaves out, renames and respells properties one by one', () => {
    const plan = planQueryOptions(
      [opt('state', 'all'), opt('page', '9001'), opt('filter_name', 'new_my_open')],
      [],
      { page: '9001', filter: 'new_and_my_open' },
      new Map([['filter_name', 'filter']]),
      standIn,
    );
    expect(plan).toEqual({
      object: [
        { op: 'remove', key: 'state' },
        { op: 'keep', key: 'page' },
        { op: 'set', key: 'filter_name', name: 'filter', value: 'new_and_my_open' },
      ],
      url: {},
    });
  });

  it('adds what v2 derives from a property that goes (query=email is x → email=x)', () => {
    const plan = planQueryOptions([opt('query', 'email is a@b.c')], [], { email: 'a@b.c' }, new Map(), standIn);
    expect(plan).toEqual({ object: [{ op: 'remove', key: 'query' }, { op: 'add', name: 'email', value: 'a@b.c' }], url: {} });
  });

  it('leaves the URL text its own pairs', () => {
    const plan = planQueryOptions([opt('page', '2')], ['email'], { email: '9000', page: '2' }, new Map(), standIn);
    expect(plan).toEqual({ object: [{ op: 'keep', key: 'page' }], url: { email: '9000' } });
  });

  it('gives a reason for a run-time value v2 takes in another form', () => {
    const plan = planQueryOptions([opt('query', 'email is 9000')], [], { email: '9000' }, new Map(), standIn);
    expect(plan).toEqual({ why: 'v2 adds email with a value known only at run time' });
    const renamed = planQueryOptions([opt('state', '9000')], [], { state: 'x9000' }, new Map(), standIn);
    expect(renamed).toHaveProperty('why');
  });

  it('gives a reason for a key both in the URL and the options', () => {
    expect(planQueryOptions([opt('page', '2')], ['page'], { page: '2' }, new Map(), standIn)).toHaveProperty('why');
  });
});
