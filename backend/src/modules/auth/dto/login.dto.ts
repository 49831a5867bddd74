import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'superadmin@example.com' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(255)
  @IsNotEmpty({ message: 'Please enter your email address' })
  email!: string;

  @ApiProperty({ minLength: 6 })
  @IsString()
  @MinLength(6, { message: 'Password must be at least 6 characters long' })
  @MaxLength(128)
  @IsNotEmpty({ message: 'Please enter your password' })
  password!: string;

  @ApiPropertyOptional({ description: 'Keep the session after the browser closes', default: false })
  @IsOptional()
  @IsBoolean()
  remember_me?: boolean;
}
