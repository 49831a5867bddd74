import { setRecent } from './recent-map';

describe('setRecent', () => {
  it('keeps the most recently set entries and drops the least recently set past the bound', () => {
    const map = new Map<string, number>();
    setRecent(map, 'a', 1, 2);
    setRecent(map, 'b', 2, 2);
    setRecent(map, 'a', 3, 2);
    setRecent(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
