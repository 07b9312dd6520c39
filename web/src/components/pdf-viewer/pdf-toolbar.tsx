import type { ReactNode } from 'react';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import FitWidthIcon from '@mui/icons-material/FitScreen';
import NextIcon from '@mui/icons-material/NavigateNext';
import PreviousIcon from '@mui/icons-material/NavigateBefore';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslation } from 'react-i18next';

interface PdfToolbarProps {
  pageNumber: number;
  /** 0 while no document is read */
  pageCount: number;
  /** the scale shown, in percent; undefined while no page is shown */
  percent: number | undefined;
  fitted: boolean;
  onTurn: (pageNumber: number) => void;
  onZoom: (direction: 1 | -1) => void;
  onFit: () => void;
  /** saves the bytes shown (undefined while there are none) */
  onDownload: (() => void) | undefined;
}

/**
 * The viewer's controls, large enough for a finger and wrapping on a phone: previous, "Seite x von n" (announced),
 * next; zoom out, the scale, zoom in, fit to width; download. Each button names its keys (`aria-keyshortcuts`).
 */
export function PdfToolbar({
  pageNumber,
  pageCount,
  percent,
  fitted,
  onTurn,
  onZoom,
  onFit,
  onDownload,
}: PdfToolbarProps) {
  const { t } = useTranslation('files');
  const tool = (label: string, keys: string, icon: ReactNode, onClick: () => void, disabled: boolean) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} aria-keyshortcuts={keys} onClick={onClick} disabled={disabled} size="large">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const noPage = percent === undefined;
  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label={t('viewer.toolbar')}
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, px: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        {tool(
          t('viewer.previous'),
          'ArrowLeft PageUp',
          <PreviousIcon />,
          () => onTurn(pageNumber - 1),
          pageNumber <= 1,
        )}
        <Typography
          variant="body2"
          aria-live="polite"
          sx={{ whiteSpace: 'nowrap', minWidth: '8.5em', textAlign: 'center' }}
        >
          {pageCount ? t('viewer.page', { page: pageNumber, count: pageCount }) : ''}
        </Typography>
        {tool(
          t('viewer.next'),
          'ArrowRight PageDown',
          <NextIcon />,
          () => onTurn(pageNumber + 1),
          pageNumber >= pageCount,
        )}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        {tool(t('viewer.zoomOut'), '-', <ZoomOutIcon />, () => onZoom(-1), noPage)}
        <Typography variant="body2" sx={{ minWidth: '3.5em', textAlign: 'center' }}>
          {noPage ? '' : t('viewer.percent', { percent })}
        </Typography>
        {tool(t('viewer.zoomIn'), '+', <ZoomInIcon />, () => onZoom(1), noPage)}
        {tool(t('viewer.fitWidth'), '0', <FitWidthIcon />, onFit, noPage || fitted)}
      </Stack>
      <Box sx={{ flexGrow: 1 }} />
      <Button startIcon={<DownloadIcon />} disabled={!onDownload} onClick={onDownload}>
        {t('viewer.download')}
      </Button>
    </Stack>
  );
}
