import { registerDecorator, type ValidationOptions } from 'class-validator';
// Mozilla's list of the most common passwords (8 characters and longer)
import { test as inCommonList } from 'fxa-common-password-list';

export const COMMON_PASSWORD = 'This password is too common. Please choose one that is harder to guess.';

/** The most common passwords shorter than 8 characters, which the list above leaves out. */
const SHORT_COMMON = new Set([
  '123456', '1234567', '654321', '7654321', '111111', '1111111', '000000', '0000000', '121212', '123123', '112233',
  '123321', '131313', '159753', '987654', '666666', '555555', '777777', '7777777', '888888', '999999', '222222',
  '333333', '444444', '696969', '101010', '123654', '147258', '258456', '789456', 'qwerty', 'qwerty1', 'qwerty12',
  'azerty', 'qwertz', 'asdfgh', 'zxcvbn', 'qazwsx', '1q2w3e', '1qaz2wsx', 'abc123', 'abcdef', 'abcd1234', 'aaaaaa',
  'a123456', '123abc', 'pass12', 'passwd', 'passw0rd', 'pass123', 'secret', 'letmein', 'iloveyou', 'welcome',
  'monkey', 'dragon', 'shadow', 'master', 'michael', 'jordan', 'hunter', 'ranger', 'buster', 'soccer', 'hockey',
  'killer', 'george', 'charlie', 'andrew', 'thomas', 'jessica', 'pepper', 'daniel', 'summer', 'ashley', 'joshua',
  'maggie', 'cheese', 'freedom', 'access', 'mustang', 'batman', 'tigger', 'ginger', 'hello1', 'hello123', 'admin',
  'admin1', 'admin123', 'root123', 'test123', 'guest1', 'login1', 'starwars', 'trustno1', 'matrix', 'orange',
  'banana', 'cookie', 'flower', 'lovely', 'loveme', 'princess', 'sunshine', 'football', 'baseball', 'computer',
]);

/**
 * Words of this product and its domain (ASVS 6.2.11, context-specific words): a password made
 * of one of them with digits or symbols around it is the first an attacker of this site tries.
 */
const CONTEXT_WORDS = ['hrplatform', 'hrsaas', 'hrportal', 'humanresources'];

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (SHORT_COMMON.has(lower) || inCommonList(password) || inCommonList(lower)) return true;
  // one character repeated (zzzzzzzzzz), at any length
  if (/^(.)\1*$/su.test(lower)) return true;
  // a word of this product anywhere, whatever digits and symbols are added
  const letters = lower.replace(/[^\p{L}]/gu, '');
  return CONTEXT_WORDS.some((w) => letters.includes(w));
}

/** Refuses the most common passwords (OWASP ASVS 6.2.4), with a message naming the field. */
export function NotCommonPassword(options?: ValidationOptions): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: 'notCommonPassword',
      target: object.constructor,
      propertyName: propertyName as string,
      options: { message: COMMON_PASSWORD, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !isCommonPassword(value) },
    });
}
