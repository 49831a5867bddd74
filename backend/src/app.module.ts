import { DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { AccessGuard } from './common/auth/access.guard';
import { ormConfig } from './database/mikro-orm.config';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { PermissionsModule } from './modules/permissions/permissions.module';

export const TOKEN_AUDIENCE = 'hr-platform';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, clientUrl: string, opts: { connect?: boolean; extraImports?: Type<unknown>[] } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MikroOrmModule.forRoot({
          ...ormConfig({ clientUrl, poolMax: config.dbPoolMax, connect: opts.connect ?? true }),
          registerRequestContext: true,
        }),
        JwtModule.register({
          global: true,
          secret: config.jwtSecret,
          signOptions: {
            algorithm: 'HS256',
            expiresIn: config.accessTokenTtlSeconds,
            audience: TOKEN_AUDIENCE,
            issuer: TOKEN_AUDIENCE,
          },
          verifyOptions: { algorithms: ['HS256'], audience: TOKEN_AUDIENCE, issuer: TOKEN_AUDIENCE },
        }),
        PermissionsModule,
        AuthModule,
        HealthModule,
        ...(opts.extraImports ?? []),
      ],
      providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
    };
  }
}
