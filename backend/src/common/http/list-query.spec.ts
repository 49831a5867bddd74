import { parseListQuery } from './list-query';

const opts = { sortable: ['id', 'name'], filterable: ['q', 'id'], defaultSort: ['id', 'ASC'] as [string, 'ASC'] };

describe('parseListQuery', () => {
  it('reads react-admin simple-rest parameters', () => {
    expect(parseListQuery({ sort: '["name","DESC"]', range: '[10,19]', filter: '{"q":"ann"}' }, opts)).toEqual({
      sort: { field: 'name', order: 'DESC' },
      offset: 10,
      limit: 10,
      filter: { q: 'ann' },
    });
  });

  it('defaults to the first 25 rows in the default order', () => {
    expect(parseListQuery({}, opts)).toEqual({ sort: { field: 'id', order: 'ASC' }, offset: 0, limit: 25, filter: {} });
  });

  it('drops empty filter values', () => {
    expect(parseListQuery({ filter: '{"q":""}' }, opts).filter).toEqual({});
  });

  it.each([
    [{ sort: '["password","ASC"]' }, /cannot be sorted by password/],
    [{ sort: 'nope' }, /Sort must be valid JSON/],
    [{ range: '[5,1]' }, /Range must look like/],
    [{ range: '[0,5000]' }, /at most 1000 rows/],
    [{ filter: '{"evil":1}' }, /^There is no evil filter; the filters are /],
    [{ filter: '[1]' }, /Filter must be a JSON object/],
  ])('refuses %j with a message naming the parameter', (query, message) => {
    expect(() => parseListQuery(query, opts)).toThrow(message);
  });
});

describe('parseListQuery on decoded values', () => {
  it.each([
    [{ filter: '{"q":"ab\\u0000c"}' }, 'filter', 'The search filter contains characters that are not allowed'],
    [{ filter: '{"q":["x","y\\u0000"]}' }, 'filter', 'The search filter contains characters that are not allowed'],
    [{ filter: '{"q\\u0000":"x"}' }, 'filter', 'Filter contains characters that are not allowed'],
    [{ filter: '{"q":"\\ud800"}' }, 'filter', 'The search filter contains characters that are not allowed'],
    [{ sort: '["id\\u0000","ASC"]' }, 'sort', 'Sort contains characters that are not allowed'],
    [{ range: '[0,24,"\\u0000"]' }, 'range', 'Range contains characters that are not allowed'],
    [{ filter: `{"q":${'['.repeat(40)}${']'.repeat(40)}}` }, 'filter', 'Filter is nested too deeply'],
  ])('refuses %j, naming the parameter', (query, field, message) => {
    expect(() => parseListQuery(query, opts)).toThrow(expect.objectContaining({ response: { success: false, message, errors: [{ field, message }] } }));
  });
});
