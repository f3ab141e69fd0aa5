/**
 * The first field in the form's own order that has an error message. react-hook-form's own
 * choice follows the order fields registered in, which is not the order on screen when a field
 * appears later (the registration form's «Имя» mounts after «Email»).
 */
export function firstInvalidField<Name extends string>(order: readonly Name[], errors: Partial<Record<Name, { message?: unknown } | undefined>>): Name | undefined {
  return order.find((field) => typeof errors[field]?.message === "string");
}
