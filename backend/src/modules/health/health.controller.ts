import { Controller, Get, HttpStatus } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import { Public } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ApiError } from '../../common/http/errors';

export class HealthDto {
  @ApiProperty({ example: 'ok' }) status!: string;
  @ApiProperty({ example: 'up' }) database!: string;
  @ApiProperty({ description: 'Seconds since the process started' }) uptime_seconds!: number;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly em: EntityManager) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Liveness and database check' })
  @ApiEnvelope(HealthDto)
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  async health(): Promise<HealthDto> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.em.getConnection().execute('select 1'),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000))),
      ]);
    } catch {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The database is unavailable');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok', database: 'up', uptime_seconds: Math.round(process.uptime()) };
  }
}
