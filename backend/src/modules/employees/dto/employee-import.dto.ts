import { ApiProperty } from '@nestjs/swagger';
import { IMPORT_STATES, type ImportState } from '../employee-import.entity';

/** An import of employees and how far it is (the console shows "Importing… 4,000 of 10,000"). */
export class EmployeeImportDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: IMPORT_STATES, description: 'running, done (the rows were imported) or failed (nothing was imported)' })
  status!: ImportState;
  @ApiProperty({ description: 'Data rows of the file (0 until the file is read)', example: 10000 }) total_rows!: number;
  @ApiProperty({ description: 'Rows checked so far', example: 4000 }) processed_rows!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Employees created, once done' }) imported!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The outcome in words: the success message or the first error' }) message!: string | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty({ type: Date, nullable: true }) finished_at!: Date | null;
}
