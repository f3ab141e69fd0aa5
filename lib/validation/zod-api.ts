/**
 * The part of zod the schemas use, imported by name. A namespace object (`import { z } from "zod"`)
 * brings all of zod to the browser, its translations into every language included (40 kB gzip of
 * a form page's 90 kB): a bundler cannot leave out what a namespace object might be asked for, but
 * it leaves out the names nobody imports. A schema that needs another part of zod adds it here.
 */
export {
  array,
  boolean,
  config,
  discriminatedUnion,
  email,
  enum,
  iso,
  literal,
  NEVER,
  number,
  object,
  strictObject,
  string,
  undefined,
  union,
  url,
  uuid,
  ZodError,
  ZodObject,
  ZodType,
} from "zod";
export type { core, infer, input, output } from "zod";
