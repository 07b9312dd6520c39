import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import TableChartIcon from '@mui/icons-material/TableChart';
import { useTranslation } from 'react-i18next';
import { fileIconGroup, type FileIconGroup } from '@model/files';

const ICONS: Record<FileIconGroup, typeof ImageIcon> = {
  image: ImageIcon,
  sheet: TableChartIcon,
  document: DescriptionIcon,
};

export function FileIcon({ name }: { name: string }) {
  const { t } = useTranslation('files');
  const group = fileIconGroup(name);
  const Icon = ICONS[group];
  return <Icon color="action" titleAccess={t(`icons.${group}`)} data-testid={`file-icon-${group}`} />;
}

/** 1.2 MB style sizes (German decimal comma). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('de-DE', { maximumFractionDigits: 1 })} ${units[unit]}`;
}
