/** A fresh Idempotency-Key: a create sent twice (double click, retry) is stored once. */
export const newIdempotencyKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
