/**
 * One table of the Insights view, named by its section's heading: the first column names
 * the row (a row header), the others are counts. Explicit roles, as the partners table: the
 * narrow layout stacks each row's cells, each with its column's name.
 */
import type { ReactNode } from 'react';

export interface InsightsColumn {
  label: string;
  /** Counts and rates: right-aligned in the wide layout. */
  numeric?: boolean;
}

export interface InsightsRow {
  key: string;
  cells: readonly ReactNode[];
}

export interface InsightsTableProps {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: readonly InsightsColumn[];
  rows: readonly InsightsRow[];
}

export function InsightsTable({ labelledBy, columns, rows }: InsightsTableProps) {
  return (
    <div className="pn-table-wrap">
      <table className="pn-table pn-insights__table" role="table" aria-labelledby={labelledBy}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.label}
                role="columnheader"
                scope="col"
                className={column.numeric ? 'pn-numeric' : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr role="row" key={row.key}>
              {row.cells.map((cell, index) => {
                const column = columns[index];
                return index === 0 ? (
                  <th role="rowheader" scope="row" key={column?.label ?? index}>
                    {cell}
                  </th>
                ) : (
                  <td
                    role="cell"
                    key={column?.label ?? index}
                    data-label={column?.label}
                    className={column?.numeric ? 'pn-numeric' : undefined}
                  >
                    {cell}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
