import { NavLink } from '@mantine/core';
import { Link } from 'react-router';
import { Icon, type IconName } from '../icons';

interface SidebarLinkProps {
  to: string;
  label: string;
  icon: IconName;
  active?: boolean;
}

/** One navigation entry. `aria-current` tells screen readers where they are, as the highlight tells the eye. */
export function SidebarLink({ to, label, icon, active = false }: SidebarLinkProps) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={<Icon name={icon} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
      fw={700}
    />
  );
}
