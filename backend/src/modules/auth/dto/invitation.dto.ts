import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { NewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_DESCRIPTION } from '../../users/password-rule';

const INVALID = 'This invitation link is invalid. Ask your company to send you a new one.';

export class InvitationDto {
  @ApiProperty({ example: 'ada@example.com', description: 'The address invited; the account signs in with it' })
  email!: string;
  @ApiProperty({ example: 'Ada' }) first_name!: string;
  @ApiProperty({ example: 'Lovelace' }) last_name!: string;
  @ApiProperty({ example: 'Acme Inc.' }) company_name!: string;
  @ApiProperty({ type: String, format: 'date-time' }) expires_at!: Date;
  @ApiProperty({
    description: 'A self-registered account already uses this e-mail: accepting attaches it to the company and sets its password to the chosen one',
  })
  existing_account!: boolean;
}

export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token of the link sent by e-mail', example: 'q3J0b2tlbi1leGFtcGxlLXRva2VuLXZhbHVlLTQzY2g' })
  @IsString({ message: 'The invitation token is missing' })
  @MaxLength(200, { message: INVALID })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: INVALID })
  @IsNotEmpty({ message: 'The invitation token is missing' })
  token!: string;

  @ApiProperty({ example: 'tulip-garden-42', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: PASSWORD_RULE_DESCRIPTION })
  // the owner's names are checked by the service, once the link says who is invited
  @NewPassword('Please choose a password', null)
  password!: string;
}
