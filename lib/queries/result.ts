/** A Supabase answer's data, or an error for the page's error boundary (never shown raw). */
export function orThrow<T>({ data, error }: { data: T | null; error: { message: string } | null }): T {
  if (error) throw new Error(`Не удалось загрузить данные: ${error.message}`);
  return data as T;
}
