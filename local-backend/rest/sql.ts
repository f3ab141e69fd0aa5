import type { Condition, OrderItem, ParsedQuery } from "./parse";

/** SQL text shared by the plans: identifiers quoted, every value a bound parameter. */

export interface Statement {
  sql: string;
  params: unknown[];
}

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An array literal for `= any($1)`: Postgres reads it as the column's type, as PostgREST's does. */
const arrayLiteral = (values: string[]) =>
  `{${values.map((value) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;

/** Collects parameters while a statement is built, so no value is ever spliced into SQL. */
export class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  condition(table: string, condition: Condition): string {
    if (condition.kind === "group") {
      const inner = condition.conditions.map((child) => this.condition(table, child));
      const joined = inner.length ? `(${inner.join(condition.junction === "and" ? " and " : " or ")})` : "true";
      return condition.negated ? `not ${joined}` : joined;
    }
    const column = `${quote(table)}.${quote(condition.column)}`;
    let sql: string;
    switch (condition.operator) {
      case "is": {
        const value = (condition.value as string).toLowerCase();
        sql = value === "not_null" ? `${column} is not null` : `${column} is ${value}`;
        break;
      }
      case "in":
        sql = `${column} = any(${this.add(arrayLiteral(condition.value as string[]))})`;
        break;
      case "like":
      case "ilike":
        sql = `${column}::text ${condition.operator} ${this.add(condition.value)}`;
        break;
      default: {
        const symbol = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" }[condition.operator];
        sql = `${column} ${symbol} ${this.add(condition.value)}`;
      }
    }
    return condition.negated ? `not (${sql})` : sql;
  }

  where(table: string, conditions: Condition[]): string {
    if (!conditions.length) return "";
    return ` where ${conditions.map((condition) => this.condition(table, condition)).join(" and ")}`;
  }
}

export function selectList(query: ParsedQuery, table: string): string {
  if (query.select === "*") return `${quote(table)}.*`;
  return query.select
    .map((item) => `${quote(table)}.${quote(item.column)}${item.cast ? `::${item.cast}` : ""} as ${quote(item.alias)}`)
    .join(", ");
}

export function orderBy(table: string, order: OrderItem[]): string {
  if (!order.length) return "";
  const items = order.map(
    (item) => `${quote(table)}.${quote(item.column)} ${item.descending ? "desc" : "asc"}${item.nulls ? ` nulls ${item.nulls}` : ""}`,
  );
  return ` order by ${items.join(", ")}`;
}

/** PostgREST's row cap: the request's limit, never above max_rows. */
export const rowLimit = (query: ParsedQuery, maxRows: number) => Math.min(query.limit ?? maxRows, maxRows);

/** Wraps a statement so it answers the rows as one JSON array and their count. */
export const asJsonRows = (source: string) =>
  `select coalesce(json_agg(_row), '[]')::text as body, count(*)::int as rows from (${source}) _row`;
