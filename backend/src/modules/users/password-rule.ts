import { IsNotEmpty, IsString, MaxLength, MinLength, registerDecorator, type ValidationArguments } from 'class-validator';
import { badRequest } from '../../common/http/errors';
import { NotCommonPassword } from './common-passwords';

/**
 * The one rule of a new password, wherever one is set (registration, the free trial, a company's
 * admin, an employee's sign-in, change and reset): OWASP ASVS level 2 — at least 8 characters,
 * at most 128, not one of the most common passwords nor a word of this product, and not made of
 * the user's own name, email or company name. Signing in checks none of this (older passwords
 * keep working).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
export const PASSWORD_PERSONAL = 'Password must not contain your name, email or company name';
export const PASSWORD_RULE_DESCRIPTION =
  'At least 8 characters; not one of the most common passwords, and not containing your name, email or company name';

/** What is known of the password's owner; each field is optional. */
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
}

/** Words too general to be anybody's: a company called "Acme Inc" does not forbid "inc". */
const GENERIC = new Set(['inc', 'ltd', 'llc', 'plc', 'gmbh', 'corp', 'company', 'group', 'the', 'and', 'for', 'com', 'org', 'net']);
/** A whole name of 3 characters counts (Ann); a part of one needs 4 (the "att" of att.smith is no one's name). */
const MIN_WHOLE = 3;
const MIN_WORD = 4;

const words = (value: string) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= MIN_WORD && !GENERIC.has(w));

/** The owner's words a password must not contain: each name, the email's local part, the company name, whole and word by word. */
function personalWords(owner: PasswordOwner): string[] {
  const values = [owner.username, owner.email?.split('@')[0], owner.first_name, owner.last_name, owner.company_name].filter(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  const out = new Set<string>();
  for (const v of values) {
    const whole = v.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    if (whole.length >= MIN_WHOLE && !GENERIC.has(whole)) out.add(whole);
    for (const w of words(v)) out.add(w);
  }
  return [...out];
}

export function containsPersonalWords(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const compact = lower.replace(/[^\p{L}\p{N}]+/gu, '');
  return personalWords(owner).some((w) => lower.includes(w) || compact.includes(w));
}

/** For a rule checked on the server, where the owner is known there only (change, reset, an admin of a company). */
export function assertPasswordNotPersonal(password: string, owner: PasswordOwner, field: string): void {
  if (containsPersonalWords(password, owner)) throw badRequest(PASSWORD_PERSONAL, field);
}

/** Refuses a password containing the names, email or company name the same body carries. */
function NotPersonal(owner: (body: Record<string, unknown>) => PasswordOwner): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: 'notPersonalPassword',
      target: object.constructor,
      propertyName: propertyName as string,
      options: { message: PASSWORD_PERSONAL },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          typeof value !== 'string' || !containsPersonalWords(value, owner(args.object as Record<string, unknown>)),
      },
    });
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);
/** The owner's fields a body of a new account carries under their usual names. */
export const ownerFromBody = (body: Record<string, unknown>): PasswordOwner => ({
  username: str(body.username),
  email: str(body.email),
  first_name: str(body.first_name),
  last_name: str(body.last_name),
  company_name: str(body.company_name),
});

/**
 * The new-password field's validators, in the order their messages are answered (the first
 * failing one): required, at most 128, at least 8, a string, not common, not personal (with
 * what the body says of its owner, when it says anything).
 */
export function NewPassword(
  required = 'Password is required',
  owner: ((body: Record<string, unknown>) => PasswordOwner) | null = ownerFromBody,
): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      IsNotEmpty({ message: required }),
      MaxLength(PASSWORD_MAX_LENGTH, { message: PASSWORD_TOO_LONG }),
      MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT }),
      IsString({ message: required }),
      NotCommonPassword(),
      ...(owner ? [NotPersonal(owner)] : []),
    ]) {
      decorate(target, key);
    }
  };
}
