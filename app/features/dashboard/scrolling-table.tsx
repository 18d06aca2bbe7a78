import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone's screen: it scrolls sideways in its own box, named by its section's
 * heading (`labelledBy`), which takes the focus so that a keyboard can scroll it as well. `children` are its rows.
 */
export function ScrollingTable({
  labelledBy,
  className,
  columns,
  children,
}: {
  labelledBy: string;
  /** The feature's own class, for what differs from the other tables. */
  className: string;
  columns: readonly ReactNode[];
  children: ReactNode;
}) {
  return (
    <div className={`scrolling-table ${className}`} role="group" aria-labelledby={labelledBy} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
