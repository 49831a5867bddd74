import { useMediaQuery, type Theme } from '@mui/material';

/** A phone-sized screen (under MUI's sm breakpoint, 600 px): the employee app's first target. */
export const usePhone = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** At least 44 px high on a phone (WCAG 2.5.5, Apple's guideline); larger screens keep MUI's sizes. */
export const touchTarget = { minHeight: { xs: 44, sm: 'auto' } } as const;

/** An icon button at least 44 × 44 px on a phone. */
export const touchIcon = { minWidth: { xs: 44, sm: 'auto' }, minHeight: { xs: 44, sm: 'auto' } } as const;

/** Form fields: MUI's medium size on a phone (easier to tap), the compact one elsewhere. */
export const fieldSize = (phone: boolean): 'small' | 'medium' => (phone ? 'medium' : 'small');

/**
 * A row of list filters: one field per line on a phone, side by side from the sm breakpoint on
 * (the theme makes fields full width, which would otherwise stack them on a desktop too).
 */
export const filterRow = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 2,
  alignItems: 'center',
  '& > .MuiFormControl-root, & > .MuiAutocomplete-root': { flex: { xs: '1 1 100%', sm: '0 1 220px' } },
} as const;
