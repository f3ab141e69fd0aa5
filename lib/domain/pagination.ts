/** Page numbers of a list shown `size` rows at a time; pages count from 1. */

export function parsePage(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

/** The rows a page covers, inclusive, as PostgREST's range takes them. */
export function pageRange(page: number, size: number): [from: number, to: number] {
  return [(page - 1) * size, page * size - 1];
}

/** «1–50 из 5 000» and whether there are pages before and after. */
export function pageSummary(page: number, size: number, shown: number, total: number) {
  const from = shown ? (page - 1) * size + 1 : 0;
  const to = from ? from + shown - 1 : 0;
  const number = (value: number) => value.toLocaleString("ru-RU");
  return {
    label: shown ? `${number(from)}–${number(to)} из ${number(total)}` : `0 из ${number(total)}`,
    hasPrevious: page > 1,
    hasNext: page * size < total,
  };
}
