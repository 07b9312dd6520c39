import { Avatar } from '@mui/material';
import { avatarColor, initialsOf } from '@model/chat';

/** A person's avatar (spec 9): 2-letter initials on one of 12 palette colours, stable per person. */
export function ChatAvatar({ name, colorKey, size = 32 }: { name: string; colorKey: string; size?: number }) {
  return (
    <Avatar
      aria-hidden
      sx={{ width: size, height: size, fontSize: size * 0.42, bgcolor: avatarColor(colorKey), color: '#fff' }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
