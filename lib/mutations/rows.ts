import { DatabaseError, Refusal, type DatabaseFailure } from "@/lib/actions/errors";

/**
 * The writes layer's two checks: a database refusal is thrown (the action layer puts it in
 * Russian), and an update or delete that changed no row names what it did not find, so an id
 * that does not exist never answers success.
 */

type Answer<T> = { data: T | null; error: DatabaseFailure | null };

/** What a write or a function returned; its error thrown. */
export async function written<T>(write: PromiseLike<Answer<T>>): Promise<T | null> {
  const { data, error } = await write;
  if (error) throw new DatabaseError(error);
  return data;
}

/** The rows an update or delete changed (it must `.select()` them); none is `notFound`. */
export async function changed<T>(write: PromiseLike<Answer<T[]>>, notFound: string): Promise<T[]> {
  const rows = await written(write);
  if (!rows?.length) throw new Refusal(notFound);
  return rows;
}
