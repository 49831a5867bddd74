import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

const INVALID = 'This confirmation link is invalid or has expired. Sign in and ask for a new one.';

export class VerifyEmailDto {
  @ApiProperty({ description: 'The token of the link sent by e-mail', example: 'q3J0b2tlbi1leGFtcGxlLXRva2VuLXZhbHVlLTQzY2g' })
  @IsString({ message: 'The confirmation token is missing' })
  @MaxLength(200, { message: INVALID })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: INVALID })
  @IsNotEmpty({ message: 'The confirmation token is missing' })
  token!: string;
}
