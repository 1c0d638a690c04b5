import { Avatar } from '@mantine/core';

/** The community's logo, or its initials. Always beside the name, so it is decoration for screen readers. */
export function CommunityAvatar({ name, image, size = 44 }: { name: string; image: string | null; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <Avatar src={image ?? undefined} alt="" size={size} radius="md" color="brand" variant="filled" aria-hidden="true">
      {initials}
    </Avatar>
  );
}
