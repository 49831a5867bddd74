import { ActivePageCache } from './active-page.cache';

const page = (id: number) => ({ id }) as any;

describe('ActivePageCache', () => {
  it('loads once for concurrent and repeated reads', async () => {
    const cache = new ActivePageCache();
    const load = jest.fn(async () => page(1));
    const [a, b] = await Promise.all([cache.get(load), cache.get(load)]);
    expect(await cache.get(load)).toEqual(page(1));
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads after invalidate, and never stores a load that started before it', async () => {
    const cache = new ActivePageCache();
    let release!: (v: any) => void;
    const slow = cache.get(() => new Promise((resolve) => (release = resolve)));
    cache.invalidate();
    release(page(1));
    expect(await slow).toEqual(page(1));
    const load = jest.fn(async () => page(2));
    expect(await cache.get(load)).toEqual(page(2));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new ActivePageCache();
    await expect(cache.get(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(async () => null)).toBeNull();
  });
});
