import { Link } from 'react-router';
import classes from './TabNavigation.module.css';

export interface TabItem {
  label: string;
  to: string;
  active: boolean;
  /** Not reachable yet (e.g. Templates before the goal is saved): shown, but not a link. */
  disabled?: boolean;
}

/**
 * The tab-navigation shell (spec 01 §2). Each tab is a link to its own address (so it can be bookmarked and
 * opened in a new tab), which makes this a navigation landmark rather than an ARIA tablist.
 */
export function TabNavigation({ label, items }: { label: string; items: TabItem[] }) {
  return (
    <nav aria-label={label}>
      <ul className={classes.list}>
        {items.map((item) => (
          <li key={item.label}>
            {item.disabled ? (
              <span className={classes.tab} aria-disabled="true" data-disabled>
                {item.label}
              </span>
            ) : (
              <Link to={item.to} className={classes.tab} aria-current={item.active ? 'page' : undefined}>
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
