import { containsPersonalWords } from './password-rule';

describe('containsPersonalWords', () => {
  const owner = { username: 'j.smith', email: 'jane.smith@example.com', first_name: 'Jane', last_name: 'Smith', company_name: 'Zanzibar Logistics Ltd' };
  it.each(['Smith#2026', 'JANE1234567', 'janesmith!!', 'Zanzibar#1', 'logistics-rule', 'x-j.smith-x'])('refuses %s', (p) =>
    expect(containsPersonalWords(p, owner)).toBe(true),
  );
  it.each(['Tulip#Garden42', 'Ltd#Garden42', 'Correct#Horse7'])('accepts %s', (p) => expect(containsPersonalWords(p, owner)).toBe(false));
  it('ignores what is unknown', () => expect(containsPersonalWords('Tulip#Garden42', {})).toBe(false));
});
