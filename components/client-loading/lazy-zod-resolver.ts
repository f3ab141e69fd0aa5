import type { Resolver, FieldValues } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * @hookform/resolvers' zodResolver, with the schema and zod (the largest script of a form page)
 * loaded at the first validation instead of with the page. Values are passed on as typed; the
 * server action parses them again.
 */
export function lazyZodResolver<TFields extends FieldValues>(loadSchema: () => Promise<ZodType<unknown, TFields>>): Resolver<TFields> {
  let resolver: Promise<Resolver<TFields>> | undefined;
  const load = async () => {
    const [schema, { zodResolver }] = await Promise.all([loadSchema(), import("@hookform/resolvers/zod")]);
    return zodResolver(schema, undefined, { raw: true });
  };
  return async (values, context, options) => (await (resolver ??= load()))(values, context, options);
}
