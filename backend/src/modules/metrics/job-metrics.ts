import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What outlives one application instance: the process's own figures and the scheduled jobs' runs
 * (recorded by a decorator, which has no instance to reach).
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

const jobRuns = new Counter({
  name: 'hr_job_runs_total',
  help: 'Runs of the scheduled jobs, by job and result (ok or error)',
  labelNames: ['job', 'result'] as const,
  registers: [processRegistry],
});

const jobDuration = new Histogram({
  name: 'hr_job_duration_seconds',
  help: 'How long the runs of the scheduled jobs took, by job and result',
  labelNames: ['job', 'result'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [processRegistry],
});

/** Counts and times every call of the decorated async method as a run of the job `name`. */
export function MeasuredJob(name: string): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const original = descriptor.value as (...args: unknown[]) => Promise<unknown>;
    descriptor.value = async function measured(this: unknown, ...args: unknown[]) {
      const end = jobDuration.startTimer({ job: name });
      let result = 'error';
      try {
        const value = await original.apply(this, args);
        result = 'ok';
        return value;
      } finally {
        end({ result });
        jobRuns.inc({ job: name, result });
      }
    };
    // keeps @Cron and the other metadata set on the method before this decorator ran
    for (const key of Reflect.getMetadataKeys(original)) {
      Reflect.defineMetadata(key, Reflect.getMetadata(key, original), descriptor.value);
    }
    return descriptor;
  };
}
