import { Controller, Get, HttpStatus } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import { Public } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ApiError } from '../../common/http/errors';
import { Readiness } from './readiness';

export class HealthDto {
  @ApiProperty({ example: 'ok' }) status!: string;
  @ApiProperty({ example: 'up' }) database!: string;
  @ApiProperty({ description: 'Seconds since the process started' }) uptime_seconds!: number;
}

export class LivenessDto {
  @ApiProperty({ example: 'ok' }) status!: string;
  @ApiProperty({ description: 'Seconds since the process started' }) uptime_seconds!: number;
}

export class ReadinessDto {
  @ApiProperty({ example: 'ready' }) status!: string;
  @ApiProperty({ example: 'up' }) database!: string;
}

const DATABASE_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    private readonly readiness: Readiness,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Liveness and database check' })
  @ApiEnvelope(HealthDto)
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  async health(): Promise<HealthDto> {
    await this.databaseAnswers();
    return { status: 'ok', database: 'up', uptime_seconds: Math.round(process.uptime()) };
  }

  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (no database check); for restart decisions' })
  @ApiEnvelope(LivenessDto)
  live(): LivenessDto {
    return { status: 'ok', uptime_seconds: Math.round(process.uptime()) };
  }

  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database answers within 2 s and the application is not shutting down; for routing traffic' })
  @ApiEnvelope(ReadinessDto)
  @ApiServiceUnavailableResponse({ description: 'Shutting down, or the database does not answer' })
  async ready(): Promise<ReadinessDto> {
    if (this.readiness.shuttingDown) throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The application is shutting down');
    await this.databaseAnswers();
    return { status: 'ready', database: 'up' };
  }

  private async databaseAnswers(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.em.getConnection().execute('select 1'),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), DATABASE_TIMEOUT_MS))),
      ]);
    } catch {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The database is unavailable');
    } finally {
      clearTimeout(timer);
    }
  }
}
