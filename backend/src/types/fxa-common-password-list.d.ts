declare module 'fxa-common-password-list' {
  /** true when the password is on the list */
  export function test(password: string): boolean;
}
