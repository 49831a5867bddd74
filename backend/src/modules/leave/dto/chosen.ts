import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

/**
 * A reference to another record (a leave type, a policy, an employee), read as IsId reads it (a
 * numeric text becomes a number, empty becomes null) but refused in a person's words: "Choose a
 * leave type", never the field's internal name ("Leave type ID must be a valid ID").
 */
export const IsChosen = (message: string) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => {
      if (value === '' || value === null) return null;
      if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
      return value;
    }),
    IsInt({ message }),
    Min(1, { message }),
  );

/** The words of each reference of the leave DTOs. */
export const CHOSEN = {
  leave_type: 'Choose a leave type',
  policy: 'Choose a leave policy, or none',
  employee: 'Choose an employee',
  attachment: 'The attachment was not found: attach the file again',
  company: 'The company is not valid: sign in again',
} as const;
