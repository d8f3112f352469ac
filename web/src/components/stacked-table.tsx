import { Table, type TableProps } from '@mantine/core';
import './stacked-table.css';

/**
 * A Mantine table that turns into stacked rows on phones. Give every cell a `data-label` with its
 * column's name: that is what a phone shows beside the value.
 */
export function StackedTable({ className, ...props }: TableProps) {
  return <Table {...props} className={className ? `mm-stacked-table ${className}` : 'mm-stacked-table'} />;
}
