import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each(['123456', 'qwerty', 'password', 'password123', 'Password123', '12345678', 'iloveyou', 'qwertyuiop', 'Welcome'])(
    'refuses %s',
    (p) => expect(isCommonPassword(p)).toBe(true),
  );
  it.each(['Correct#Horse7', 'Acme#Admin2026', 'secret1', 'tulip-garden-42'])('accepts %s', (p) =>
    expect(isCommonPassword(p)).toBe(false),
  );
});

describe('context words and repeated characters', () => {
  it.each(['hrplatform', 'HRPlatform2026', 'my-hr-platform!', 'zzzzzz', 'zzzzzzzzzzzz'])('refuses %s', (p) =>
    expect(isCommonPassword(p)).toBe(true),
  );
  it.each(['Employee#2026', 'Super#Admin2026', 'Tulip#Garden42'])('accepts %s', (p) => expect(isCommonPassword(p)).toBe(false));
});
