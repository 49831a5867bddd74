import { ApiProperty } from '@nestjs/swagger';

export class DatabaseHealthDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'time of a `select 1` round trip' }) round_trip_ms!: number | null;
  @ApiProperty({ nullable: true, type: String }) server_version!: string | null;
  @ApiProperty({ nullable: true, type: Number }) size_bytes!: number | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}

export class MigrationsHealthDto {
  @ApiProperty() applied!: number;
  @ApiProperty({ type: [String] }) pending!: string[];
  @ApiProperty({ nullable: true, type: String }) last_applied!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) last_applied_at!: string | null;
}

export class JobHealthDto {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['cron', 'interval', 'timeout'] }) type!: 'cron' | 'interval' | 'timeout';
  @ApiProperty() running!: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) next_run_at!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) last_run_at!: string | null;
}

export class ProcessHealthDto {
  @ApiProperty() uptime_seconds!: number;
  @ApiProperty() node_version!: string;
  @ApiProperty() pid!: number;
  @ApiProperty() memory_rss_bytes!: number;
  @ApiProperty() memory_heap_used_bytes!: number;
  @ApiProperty() memory_heap_total_bytes!: number;
}

export class SystemHealthDto {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status!: 'ok' | 'degraded';
  @ApiProperty({ format: 'date-time' }) checked_at!: string;
  @ApiProperty({ type: DatabaseHealthDto }) database!: DatabaseHealthDto;
  @ApiProperty({ type: MigrationsHealthDto }) migrations!: MigrationsHealthDto;
  @ApiProperty({ type: [JobHealthDto] }) jobs!: JobHealthDto[];
  @ApiProperty({ type: ProcessHealthDto }) process!: ProcessHealthDto;
}

export class CleanupResultDto {
  @ApiProperty({ example: 'expired sessions' }) name!: string;
  @ApiProperty({ description: 'rows deleted or cleared' }) affected!: number;
  @ApiProperty({ required: false }) error?: string;
}

export class CleanOldRecordsDto {
  @ApiProperty({ type: [CleanupResultDto] }) results!: CleanupResultDto[];
  @ApiProperty() total_affected!: number;
  @ApiProperty({ format: 'date-time' }) finished_at!: string;
}
