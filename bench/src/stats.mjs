export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Runs `fn` (which returns its own time in ms) `warmup` times unmeasured, then `n` times. */
export async function sequential(fn, { warmup = 20, n = 200 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  for (let i = 0; i < n; i++) samples.push(await fn());
  samples.sort((a, b) => a - b);
  return {
    n,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    mean: samples.reduce((a, b) => a + b, 0) / n,
  };
}

export const round = (x, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
