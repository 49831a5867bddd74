import 'reflect-metadata';
import { parentPort, workerData } from 'node:worker_threads';
import { checkImportFile, type WorkerMessage } from './employees-import.check';

/** The worker thread of an employee import: checks the file it is given, tells its progress and its result. */
const post = (m: WorkerMessage) => parentPort!.postMessage(m);

checkImportFile((workerData as { text: string }).text, (total, done) => post({ progress: [total, done] })).then(
  (result) => post({ result }),
  (e: unknown) => post({ failed: (e as Error).message }),
);
