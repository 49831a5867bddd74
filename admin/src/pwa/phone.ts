import { useMediaQuery, type Theme } from '@mui/material';

/** A phone-sized screen (under MUI's sm breakpoint, 600 px): the employee app's first target. */
export const usePhone = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** At least 44 px high on a phone (WCAG 2.5.5, Apple's guideline); larger screens keep MUI's sizes. */
export const touchTarget = { minHeight: { xs: 44, sm: 'auto' } } as const;

/** An icon button at least 44 × 44 px on a phone. */
export const touchIcon = { minWidth: { xs: 44, sm: 'auto' }, minHeight: { xs: 44, sm: 'auto' } } as const;

/** Form fields: MUI's medium size on a phone (easier to tap), the compact one elsewhere. */
export const fieldSize = (phone: boolean): 'small' | 'medium' => (phone ? 'medium' : 'small');
