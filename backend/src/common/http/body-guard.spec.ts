import { MAX_BODY_DEPTH, assertStorable, findBodyProblem } from './body-guard';

describe('findBodyProblem', () => {
  it('accepts ordinary bodies, emoji and other scripts included', () => {
    expect(findBodyProblem({ name: 'Zoë 😀 مرحبا', tags: ['a', { b: 1 }] })).toBeNull();
    expect(findBodyProblem(undefined)).toBeNull();
  });

  it('names the field holding a NUL character or an unpaired surrogate', () => {
    expect(findBodyProblem({ profile: { city: 'Ber\u0000lin' } })).toEqual({
      field: 'profile.city',
      message: 'City contains characters that are not allowed',
    });
    expect(findBodyProblem({ items: ['ok', 'x\uD800'] })?.field).toBe('items[1]');
  });

  it('refuses nesting deeper than the limit, without recursing', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findBodyProblem(deep)?.message).toBe('The request body is nested too deeply');
    let ok: unknown = 1;
    for (let i = 0; i < MAX_BODY_DEPTH; i++) ok = [ok];
    expect(findBodyProblem(ok)).toBeNull();
  });

  it('assertStorable refuses a decoded value with a 400 naming the field, in words', () => {
    expect(() => assertStorable('ok 😀.pdf', 'file')).not.toThrow();
    expect(() => assertStorable('a\u0000.pdf', 'file', 'The file name')).toThrow(
      expect.objectContaining({
        response: {
          success: false,
          message: 'The file name contains characters that are not allowed',
          errors: [{ field: 'file', message: 'The file name contains characters that are not allowed' }],
        },
      }),
    );
  });
});
