import { setFlagsFromString } from 'node:v8';

/**
 * How far the heap may grow past what survived a full garbage collection before the next one:
 * 300 % (4×), V8's own largest factor. Left to itself V8 picks a factor between 1.1 and 4 from how
 * fast it collects: the less a server promotes, the smaller the factor, so full collections came
 * every 3–7 s at 500 requests/s (a live heap of ~70 MB). Each one slows the server for ~100 ms
 * while it marks, long enough to delay the next 50–100 requests by tens of milliseconds; with a
 * fixed factor they come about once a minute at that rate, for ~200 MB more heap at most.
 */
const HEAP_GROWING_PERCENT = 300;

export function spaceFullCollections(): void {
  // read by V8 each time it sets the next collection's limit, so it applies from the first one on
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
