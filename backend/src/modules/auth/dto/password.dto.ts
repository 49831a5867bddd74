import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { NotCommonPassword } from '../../users/common-passwords';

/**
 * The rules of a new password, wherever one is set: spec minimum 6, at most 128, not a common
 * one. Checked in this order (the first failing rule is the one answered).
 */
function NewPassword(required: string): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      IsNotEmpty({ message: required }),
      MaxLength(128, { message: 'Password must be at most 128 characters long' }),
      MinLength(6, { message: 'Password must be at least 6 characters long' }),
      IsString({ message: required }),
      NotCommonPassword(),
    ]) {
      decorate(target, key);
    }
  };
}

export class ChangePasswordDto {
  @ApiProperty({ example: 'Correct#Horse7', description: 'The password in use now' })
  @IsString({ message: 'Please enter your current password' })
  @MaxLength(128)
  @IsNotEmpty({ message: 'Please enter your current password' })
  current_password!: string;

  @ApiProperty({ example: 'tulip-garden-42', minLength: 6, maxLength: 128, description: 'Not one of the most common passwords' })
  @NewPassword('Please enter a new password')
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

  @ApiProperty({ example: 'tulip-garden-42', minLength: 6, maxLength: 128, description: 'Not one of the most common passwords' })
  @NewPassword('Please enter a new password')
  password!: string;
}
