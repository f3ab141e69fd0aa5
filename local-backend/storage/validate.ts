import { ERRORS } from "./errors";

/**
 * The few JSON schema rules Storage's routes declare for their bodies and query strings, checked as
 * Fastify's Ajv checks them (first failure only) and worded as it words them:
 * "body must have required property 'prefix'", "body/expiresIn must be >= 1".
 */
export type Rule =
  | { type: "string"; nullable?: true; enum?: readonly string[]; pattern?: RegExp }
  | { type: "integer"; nullable?: true; minimum?: number; maximum?: number }
  | { type: "boolean" }
  | { type: "array"; nullable?: true; minItems?: number; maxItems?: number }
  | { type: "object"; properties: Record<string, Rule>; required?: readonly string[]; anyOfRequired?: readonly string[] }
  /** Storage's file_size_limit: an integer ≥ 0 or a size such as "100MB". */
  | { type: "size" };

const SIZE = /^[0-9]+(?:\.[0-9]+)?(?:[gG][bB]|[mM][bB]|[kK][bB]|[bB])$/;

function fail(path: string, message: string): never {
  throw ERRORS.validation(`${path} ${message}`);
}

export function check(value: unknown, rule: Rule, path: string): void {
  if (value === null && "nullable" in rule && rule.nullable) return;
  switch (rule.type) {
    case "string":
      if (typeof value !== "string") fail(path, "must be string");
      if (rule.enum && !rule.enum.includes(value)) fail(path, "must be equal to one of the allowed values");
      if (rule.pattern && !rule.pattern.test(value)) fail(path, `must match pattern "${rule.pattern.source}"`);
      return;
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value)) fail(path, "must be integer");
      if (rule.minimum !== undefined && value < rule.minimum) fail(path, `must be >= ${rule.minimum}`);
      if (rule.maximum !== undefined && value > rule.maximum) fail(path, `must be <= ${rule.maximum}`);
      return;
    case "boolean":
      if (typeof value !== "boolean") fail(path, "must be boolean");
      return;
    case "array":
      if (!Array.isArray(value)) fail(path, "must be array");
      if (rule.minItems !== undefined && value.length < rule.minItems) fail(path, `must NOT have fewer than ${rule.minItems} items`);
      if (rule.maxItems !== undefined && value.length > rule.maxItems) fail(path, `must NOT have more than ${rule.maxItems} items`);
      value.forEach((item, index) => typeof item !== "string" && fail(`${path}/${index}`, "must be string"));
      return;
    case "size":
      if (value === null) return;
      if (typeof value === "number" && Number.isInteger(value) && value >= 0) return;
      if (typeof value === "string" && SIZE.test(value)) return;
      fail(path, "must match a schema in anyOf");
      return;
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) fail(path, "must be object");
      const record = value as Record<string, unknown>;
      for (const name of rule.required ?? []) {
        if (!(name in record)) fail(path, `must have required property '${name}'`);
      }
      for (const [name, inner] of Object.entries(rule.properties)) {
        if (record[name] !== undefined) check(record[name], inner, `${path}/${name}`);
      }
      if (rule.anyOfRequired && !rule.anyOfRequired.some((name) => name in record)) {
        // Ajv lists each branch of the anyOf, then the anyOf itself.
        const missing = rule.anyOfRequired.map((name) => `${path} must have required property '${name}'`);
        throw ERRORS.validation([...missing, `${path} must match a schema in anyOf`].join(", "));
      }
      return;
    }
  }
}

/** A route's JSON body, checked against its schema. */
export function checkBody<T>(body: unknown, rule: Rule & { type: "object" }): T {
  check(body, rule, "body");
  return body as T;
}

/** A query string's values, read as Fastify coerces them (numbers from text), then checked. */
export function checkQuery<T>(params: URLSearchParams, rule: Rule & { type: "object" }): T {
  const values: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(rule.properties)) {
    const text = params.get(name);
    if (text === null) continue;
    values[name] = inner.type === "integer" && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  check(values, rule, "querystring");
  return values as T;
}
