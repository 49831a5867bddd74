import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Level, type Logger as Pino } from 'pino';
import pretty from 'pino-pretty';
import { Logger as NestPinoLogger, LoggerModule, PinoLogger, type Params } from 'nestjs-pino';
import { RequestMethod, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { requestIdFor } from './request-context';

/** LOG_LEVEL keeps Nest's names; pino's are these. */
export const PINO_LEVELS: Record<AppConfig['logLevel'], Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

const SECRET_FIELDS = ['password', 'new_password', 'current_password', 'token', 'access_token', 'refresh_token', 'secret', 'jwt_secret'];

/** Never written: credentials in headers, and secret fields of any object logged (two levels deep). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Query parameters whose values are dropped from logged URLs (e-mailed links carry tokens). */
const SECRET_QUERY = /([?&][^=&]*(?:pass|token|secret)[^=&]*=)[^&]*/gi;
/** An invitation's token is its path (GET /api/auth/invitations/{token}). */
const SECRET_PATH = /(\/api\/auth\/invitations\/)(?!accept(?:[/?]|$))[^/?]+/i;
export const scrubUrl = (url: string | undefined): string | undefined =>
  url?.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');

export interface LoggerOptions {
  /** Where lines go (stdout by default). */
  stream?: DestinationStream;
  /** No output at all (the tests' apps). */
  silent?: boolean;
}

type Entry = Record<string, unknown> & { req?: { method?: string; url?: string }; res?: { status_code?: number } };

/** A request's line as a person reads it ("GET /api/hr/employees 200 12 ms"); other lines with their context. */
export const prettyMessage = (entry: Entry, messageKey: string): string => {
  if (entry.req?.method && entry.res) return `${entry.req.method} ${entry.req.url} ${entry.res.status_code} ${entry.duration_ms} ms`;
  const message = String(entry[messageKey] ?? '');
  return typeof entry.context === 'string' ? `[${entry.context}] ${message}` : message;
};

/** Readable lines for a terminal (LOG_FORMAT=pretty), written in this process (no transport thread). */
export function prettyStream(destination: NodeJS.WritableStream = process.stdout): DestinationStream {
  return pretty({
    destination,
    colorize: destination === process.stdout && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,context,req,res,request_id,duration_ms',
    messageFormat: (entry, messageKey) => prettyMessage(entry as Entry, messageKey),
    sync: true,
  });
}

/** The process's one logger: one event a line, secrets redacted; JSON, or readable lines at a terminal. */
export function createRootLogger(config: Pick<AppConfig, 'logLevel'> & Partial<Pick<AppConfig, 'logFormat'>>, opts: LoggerOptions = {}): Pino {
  return pino(
    {
      level: opts.silent ? 'silent' : PINO_LEVELS[config.logLevel],
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    opts.stream ?? (config.logFormat === 'pretty' ? prettyStream() : pino.destination(1)),
  );
}

/** Probes answer often and say little: their lines only at debug. */
const QUIET = /^\/api\/(health|metrics)(\/|\?|$)/;

/** nestjs-pino over the root logger: every line of a request carries its request_id. */
export function pinoParams(root: Pino): Params {
  return {
    // every route, in the path syntax of Nest 11 (its default `*` is converted with a warning at every start)
    forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
    pinoHttp: {
      logger: root,
      genReqId: (req: IncomingMessage) => ((req as IncomingMessage & { id?: string }).id ?? requestIdFor(req)),
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'request_id', responseTime: 'duration_ms' },
      customLogLevel: (req: IncomingMessage, res: ServerResponse, err?: Error) => {
        if (err || res.statusCode >= 500) return 'error';
        return QUIET.test(req.url ?? '') ? 'debug' : 'info';
      },
      serializers: {
        req: (req: { id: string; method: string; url: string; headers: Record<string, unknown>; remoteAddress?: string }) => ({
          method: req.method,
          url: scrubUrl(req.url),
          headers: req.headers,
          remote_address: req.remoteAddress,
        }),
        res: (res: { statusCode: number; headers: Record<string, unknown> }) => ({ status_code: res.statusCode, headers: res.headers }),
      },
    },
  };
}

/** The module that logs each request (pino-http) and keeps its logger for the code it runs. */
export const loggerModule = (params: Params): DynamicModule => LoggerModule.forRoot(params);

/** Nest lists every module it loads and route it maps at each start: detail for debugging, not for every start's log. */
const START_UP_DETAIL = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

class AppNestLogger extends NestPinoLogger {
  override log(message: unknown, ...optionalParams: unknown[]) {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && START_UP_DETAIL.has(context)) return this.debug(message, ...optionalParams);
    return super.log(message, ...optionalParams);
  }
}

/** Nest's logger interface over the same logger, from the first line Nest writes while it starts. */
export const nestLogger = (params: Params): NestPinoLogger => new AppNestLogger(new PinoLogger(params), params);
