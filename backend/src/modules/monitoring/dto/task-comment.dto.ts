import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../common/http/fields';

export class CreateTaskCommentDto {
  @ApiProperty({ maxLength: 5000, example: 'Started on the paperwork' })
  @Transform(trim)
  @IsString({ message: 'Please enter a comment' })
  @MaxLength(5000, { message: 'A comment must be at most 5000 characters long' })
  @IsNotEmpty({ message: 'Please enter a comment' })
  comment!: string;
}

export class TaskCommentResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() task_id!: number;
  @ApiProperty() comment!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'User id of the author' }) user_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) author_name!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: string;
}
