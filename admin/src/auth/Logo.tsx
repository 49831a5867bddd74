import { Box } from '@mui/material';

/** The product logo: the "HR" mark of the app icons. */
export const Logo = ({ size = 56 }: { size?: number }) => (
  <Box
    component="svg"
    viewBox="0 0 64 64"
    role="img"
    aria-label="HR Platform logo"
    sx={{ width: size, height: size, display: 'block' }}
  >
    <defs>
      <linearGradient id="hr-logo-gradient" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0%" stopColor="#3b82f6" />
        <stop offset="100%" stopColor="#1d4ed8" />
      </linearGradient>
    </defs>
    <rect width="64" height="64" rx="16" fill="url(#hr-logo-gradient)" />
    <text
      x="32"
      y="42"
      fontFamily="Roboto, Arial, Helvetica, sans-serif"
      fontSize="26"
      fontWeight="700"
      fill="#ffffff"
      textAnchor="middle"
    >
      HR
    </text>
  </Box>
);
