import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { principalOf } from '@/lib/current-user/principal';
import { useUnreadCount } from '../api/get-unread';

/**
 * The header's bell (spec 2 "Main menu", spec 4): the caller's unread count, polled every 15 minutes for CUSTOMER and
 * SUPPLIER users, refreshed at once when they read or send; it links to /messages.
 */
export function UnreadBell() {
  const { t } = useTranslation('chat');
  const { user } = useCurrentUser();
  const count = useUnreadCount(principalOf(user)).data ?? 0;
  const label = count ? t('bell.label', { count }) : t('bell.none');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to={paths.messages.list.getHref()} aria-label={label}>
        <Badge badgeContent={count || undefined} color="error" max={99} data-testid="unread-count">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
