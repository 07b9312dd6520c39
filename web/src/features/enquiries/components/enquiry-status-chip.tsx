import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ENQUIRY_STATUS_COLORS, enquiryStatus, type Enquiry } from '@model/enquiry';

/** The model's colour names as theme colours (readable white text on each). */
const THEME_COLOR: Record<string, string> = { grey: 'grey.600', green: 'success.main', blue: 'primary.main' };

/** Spec 01 §4 badge: archived (grey) > closed (green) > released (blue) > pending release (no colour). */
export function EnquiryStatusChip({ enquiry }: { enquiry: Pick<Enquiry, 'archived' | 'closed' | 'released'> }) {
  const { t } = useTranslation('enquiries');
  const status = enquiryStatus(enquiry);
  const color = ENQUIRY_STATUS_COLORS[status];
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      variant={color ? 'filled' : 'outlined'}
      sx={color ? { bgcolor: THEME_COLOR[color] ?? color, color: '#fff', fontWeight: 600 } : undefined}
      data-testid={`status-${status}`}
    />
  );
}
