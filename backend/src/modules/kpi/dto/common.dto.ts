import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';
import { IsId, fieldLabel } from '../../../common/http/fields';

const SIGNED = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

/** A possibly negative decimal sent as a number or a string, normalized to two decimals ("-3.5" → "-3.50"). */
export function normalizeSigned(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return value === '' ? null : value;
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return value;
  const match = SIGNED.exec(text.trim());
  if (!match) return text;
  const digits = `${BigInt(match[2])}.${(match[3] ?? '').padEnd(2, '0')}`;
  return match[1] && digits !== '0.00' ? `-${digits}` : digits;
}

/** A measured value: may be negative (a loss, a decline), at most 2 decimals and 12 digits. */
export const IsSignedAmount = (field: string) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => normalizeSigned(value)),
    Matches(/^-?\d{1,12}\.\d{2}$/, { message: `${fieldLabel(field)} must be a number with at most 2 decimals` }),
  );

/** company_id of the impersonation payload: when sent it must be the caller's company. */
export class CompanyScopedDto {
  @ApiPropertyOptional({ description: "Sent under impersonation; must be the caller's company" })
  @IsOptional()
  @IsId('company_id')
  company_id?: number;
}
