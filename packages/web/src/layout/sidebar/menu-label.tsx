import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { needsTooltip } from './sidebar-entries';
import type { SidebarEntry } from './sidebar-entries';

/**
 * Label of a menu entry: a router link for pages, a new-tab link for external addresses, plain text
 * for submenus. Titles longer than 5 characters get a tooltip with the whole title.
 */
export function MenuLabel({
  entry,
  tooltipPlacement = 'right',
}: {
  entry: SidebarEntry;
  tooltipPlacement?: 'right' | 'bottom';
}) {
  let label;
  if (entry.link) {
    label = (
      <a href={entry.link} target="_blank" rel="noopener noreferrer">
        {entry.title}
      </a>
    );
  } else if (entry.path && !entry.children) {
    label = <Link to={entry.path}>{entry.title}</Link>;
  } else {
    label = <span>{entry.title}</span>;
  }
  return needsTooltip(entry.title) ? (
    <Tooltip title={entry.title} placement={tooltipPlacement}>
      {label}
    </Tooltip>
  ) : (
    label
  );
}
