import { Chip } from '@mui/material';

type Tone = 'success' | 'warning' | 'error' | 'info' | 'default';

const TONES: Array<[RegExp, Tone]> = [
  [/^(active|approved|paid|completed|present|done|on_time|published|yes|true|trial)$/, 'success'],
  [/^(pending|draft|in_progress|late|half_day|calculated|processing|review|expiring)$/, 'warning'],
  [/^(rejected|cancelled|canceled|inactive|absent|overdue|expired|suspended|blocked|terminated|failed|no|false)$/, 'error'],
  [/^(on_leave|holiday|scheduled|open|new|todo)$/, 'info'],
];

export const toneOf = (value: string): Tone => TONES.find(([re]) => re.test(value.toLowerCase()))?.[1] ?? 'default';

/** The one status chip of the console: the value's wording from the catalogue, its colour by meaning. */
export const StatusChip = ({ value, label }: { value: string; label: string }) => (
  <Chip size="small" color={toneOf(value)} label={label} variant={toneOf(value) === 'default' ? 'outlined' : 'filled'} />
);
