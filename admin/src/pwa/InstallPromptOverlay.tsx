import { useEffect, useState } from 'react';
import { Box, Button, IconButton, Paper, Slide, Stack, Typography } from '@mui/material';
import { createTheme, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import { i18nProvider } from '../providers/i18nProvider';
import { theme } from '../theme';
import { isStandalone } from './displayMode';
import {
  installPromptSuppressed,
  promptInstall,
  recordInstallDismissed,
  useInstallPrompt,
} from './installPrompt';

/** Spec 9: the prompt hides by itself after 20 seconds. */
export const INSTALL_PROMPT_AUTO_HIDE_MS = 20_000;

const muiTheme = createTheme(theme as ThemeOptions);
const t = (key: string) => i18nProvider.translate(`install_prompt.${key}`);

/**
 * Spec 2.9 / 4: hidden at first; shown when the browser offers installation, unless an installed
 * or dismissed flag was stored before. Install opens the browser's dialog and hides the prompt
 * whatever the outcome; 'Maybe later' and the close icon hide it for good. Once hidden it stays
 * hidden until the next load: Chromium offers installation again right after its dialog was
 * dismissed, and the prompt must not come straight back.
 */
export const InstallPromptOverlay = () => {
  const offer = useInstallPrompt();
  const [suppressedOnLoad] = useState(() => installPromptSuppressed() || isStandalone());
  const [closed, setClosed] = useState(false);
  // /pwa-install has its own Install button
  const onInstallScreen = window.location.pathname.startsWith('/pwa-install');
  const visible = !!offer && !closed && !suppressedOnLoad && !onInstallScreen && !installPromptSuppressed();

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setClosed(true), INSTALL_PROMPT_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  const install = async () => {
    setClosed(true);
    try {
      await promptInstall();
    } catch (error) {
      console.warn('Install prompt failed:', error instanceof Error ? error.message : error);
    }
  };

  const dismiss = () => {
    recordInstallDismissed();
    setClosed(true);
  };

  return (
    <ThemeProvider theme={muiTheme}>
      <Slide direction="up" in={visible} mountOnEnter unmountOnExit>
        <Paper
          role="dialog"
          aria-labelledby="install-prompt-title"
          aria-describedby="install-prompt-text"
          elevation={8}
          sx={{
            position: 'fixed',
            zIndex: (mui) => mui.zIndex.snackbar + 1,
            left: { xs: 12, sm: 'auto' },
            right: { xs: 12, sm: 24 },
            bottom: { xs: 'calc(12px + env(safe-area-inset-bottom))', sm: 24 },
            maxWidth: { sm: 380 },
            p: 2,
            borderRadius: 3,
          }}
        >
          <Stack direction="row" spacing={1.5} alignItems="flex-start">
            <Box sx={{ color: 'primary.main', pt: 0.5 }}>
              <InstallMobileIcon />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography id="install-prompt-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {t('title')}
              </Typography>
              <Typography id="install-prompt-text" variant="body2" color="text.secondary">
                {t('text')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
                <Button variant="contained" onClick={install} sx={{ minHeight: 44 }}>
                  {t('install')}
                </Button>
                <Button onClick={dismiss} sx={{ minHeight: 44 }}>
                  {t('later')}
                </Button>
              </Stack>
            </Box>
            <IconButton aria-label={t('close')} onClick={dismiss} sx={{ mt: -1, mr: -1 }}>
              <CloseIcon />
            </IconButton>
          </Stack>
        </Paper>
      </Slide>
    </ThemeProvider>
  );
};
