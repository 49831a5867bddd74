import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { NewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_DESCRIPTION } from '../../users/password-rule';

export class ChangePasswordDto {
  @ApiProperty({ example: 'Correct#Horse7', description: 'The password in use now' })
  @IsString({ message: 'Please enter your current password' })
  @MaxLength(128)
  @IsNotEmpty({ message: 'Please enter your current password' })
  current_password!: string;

  @ApiProperty({ example: 'tulip-garden-42', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: PASSWORD_RULE_DESCRIPTION })
  // the owner's names are checked by the service, which knows them
  @NewPassword('Please enter a new password', null)
  new_password!: string;
}

export class ForgotPasswordDto {
  @ApiProperty({ example: 'jane.doe@acme.example.com' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(255)
  @IsNotEmpty({ message: 'Please enter your email address' })
  email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token of the link sent by e-mail', example: 'q3J0b2tlbi1leGFtcGxlLXRva2VuLXZhbHVlLTQzY2g' })
  @IsString({ message: 'The reset token is missing' })
  @MaxLength(200, { message: 'This password reset link is invalid or has expired. Please request a new one.' })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'This password reset link is invalid or has expired. Please request a new one.' })
  @IsNotEmpty({ message: 'The reset token is missing' })
  token!: string;

  @ApiProperty({ example: 'tulip-garden-42', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: PASSWORD_RULE_DESCRIPTION })
  // the owner's names are checked by the service, once the link says whose account it is
  @NewPassword('Please enter a new password', null)
  password!: string;
}
