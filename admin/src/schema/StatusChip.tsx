import { Chip, alpha, darken } from '@mui/material';
import { useLabels } from './labels';

type Tone = 'success' | 'warning' | 'error' | 'info' | 'default';

const TONES: Array<[RegExp, Tone]> = [
  [/^(active|approved|paid|completed|present|done|on_time|published|yes|true|trial)$/, 'success'],
  [/^(pending|draft|in_progress|late|half_day|calculated|processing|review|expiring)$/, 'warning'],
  [/^(rejected|cancelled|canceled|inactive|absent|overdue|expired|suspended|blocked|terminated|failed|no|false)$/, 'error'],
  [/^(on_leave|holiday|scheduled|open|new|todo)$/, 'info'],
];

/**
 * A collection whose statuses the spec colours itself: its values' tones, and the tone of any
 * other value. The other collections keep the colour by meaning.
 */
const BY_RESOURCE: Record<string, { tones: Record<string, Tone>; otherwise: Tone }> = {
  // hr.md 3 Leave request: pending, approved, rejected; other values (cancelled) shown as info
  'hr/leave-requests': { tones: { pending: 'warning', approved: 'success', rejected: 'error' }, otherwise: 'info' },
  // hr.md 4: active success, on_leave warning, suspended danger, anything else info
  'hr/employees': { tones: { active: 'success', on_leave: 'warning', suspended: 'error' }, otherwise: 'info' },
};
/** the field whose values a collection's colours are for (its other enums keep the colour by meaning) */
const STATUS_FIELD: Record<string, string> = { 'hr/leave-requests': 'status', 'hr/employees': 'employment_status' };

/** A value's colour: the collection's own where the spec gives one, else by meaning. */
export const toneOf = (value: string, resource?: string, field?: string): Tone => {
  const own = resource && (!field || STATUS_FIELD[resource] === field) ? BY_RESOURCE[resource] : undefined;
  if (own) return own.tones[value.toLowerCase()] ?? own.otherwise;
  return TONES.find(([re]) => re.test(value.toLowerCase()))?.[1] ?? 'default';
};

/**
 * The one status chip of the console: the value's wording from the catalogue (`label`, or the
 * collection's wording of its status field), its colour by meaning, or as the spec colours that
 * collection's statuses (`resource`, e.g. `hr/leave-requests`).
 */
export const StatusChip = ({ value, label, resource, field }: { value: string; label?: string; resource?: string; field?: string }) => {
  const labels = useLabels(resource ?? '');
  const tone = toneOf(value, resource, field);
  const wording = label ?? labels.choice(field ?? (resource && STATUS_FIELD[resource]) ?? 'status', value);
  // a tinted chip with dark text of its colour: white text on the pale status colours was under
  // WCAG's 4.5:1 (green #16a34a on white text is 3.3:1), which phones in daylight made unreadable
  return (
    <Chip
      size="small"
      color={tone}
      label={wording}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      data-tone={tone}
      sx={
        tone === 'default'
          ? { whiteSpace: 'nowrap' }
          : {
              whiteSpace: 'nowrap',
              fontWeight: 600,
              bgcolor: (theme) => alpha(theme.palette[tone].main, 0.14),
              color: (theme) => darken(theme.palette[tone].main, 0.45),
            }
      }
    />
  );
};
