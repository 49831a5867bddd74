import { useState } from 'react';
import { Button, CircularProgress, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import type { Filters, ReportInfo } from './report';
import { exportReport, type ExportFormat } from './useReport';

const FORMATS: ExportFormat[] = ['csv', 'xlsx', 'pdf'];

/** CSV, XLSX and PDF of the report as shown; each shows its progress, a failure says why. */
export function ExportButtons({ report, filters, disabled }: { report: ReportInfo; filters: Filters; disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await exportReport(report, filters, format);
    } catch (error) {
      notify(errorMessage(error, translate('reports.export.failed', { format: format.toUpperCase() })), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {FORMATS.map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          disabled={disabled || busy !== null}
          startIcon={busy === format ? <CircularProgress size={16} /> : <DownloadIcon />}
          onClick={() => void download(format)}
          aria-label={translate('reports.export.label', { format: format.toUpperCase() })}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}
