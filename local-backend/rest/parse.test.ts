import { describe, expect, it } from "vitest";
import { parsePreferences, parseQuery, QueryError } from "./parse";

const parse = (query: string) => parseQuery(new URLSearchParams(query));

describe("parseQuery", () => {
  it("parses what supabase-js sends for a filtered, ordered select", () => {
    const query = parse(
      'select=a,b&x=eq.1&y=neq.z&id=in.(1,2,"a,b")&t=ilike.*f*&d=is.null&order=c.desc.nullsfirst,id.asc&limit=10&offset=5',
    );
    expect(query.select).toEqual([
      { column: "a", alias: "a", cast: null },
      { column: "b", alias: "b", cast: null },
    ]);
    expect(query.where).toEqual([
      { kind: "filter", column: "x", operator: "eq", negated: false, value: "1" },
      { kind: "filter", column: "y", operator: "neq", negated: false, value: "z" },
      { kind: "filter", column: "id", operator: "in", negated: false, value: ["1", "2", "a,b"] },
      { kind: "filter", column: "t", operator: "ilike", negated: false, value: "%f%" },
      { kind: "filter", column: "d", operator: "is", negated: false, value: "null" },
    ]);
    expect(query.order).toEqual([
      { column: "c", descending: true, nulls: "first" },
      { column: "id", descending: false, nulls: null },
    ]);
    expect([query.limit, query.offset]).toEqual([10, 5]);
  });

  it("parses or= groups with quoted values", () => {
    const query = parse('or=(full_name.ilike."*a,b*",email.ilike.*x*)');
    expect(query.where[0]).toMatchObject({
      kind: "group",
      junction: "or",
      conditions: [
        { column: "full_name", operator: "ilike", value: "%a,b%" },
        { column: "email", operator: "ilike", value: "%x%" },
      ],
    });
  });

  it("parses aliases, casts, negation and the write parameters", () => {
    const query = parse('select=n:name,id::text&name=not.eq.x&on_conflict=user_id,module_id&columns="a","b"');
    expect(query.select).toEqual([
      { column: "name", alias: "n", cast: null },
      { column: "id", alias: "id", cast: "text" },
    ]);
    expect(query.where[0]).toMatchObject({ negated: true, operator: "eq" });
    expect(query.onConflict).toEqual(["user_id", "module_id"]);
    expect(query.columns).toEqual(["a", "b"]);
  });

  it.each([
    "select=a;drop table x",
    'select=a"b',
    "x=eq",
    "x=foo.1",
    "x=is.maybe",
    "x=in.1,2",
    "or=(a.eq.1",
    "order=a.sideways",
    "limit=-1",
    "1x=eq.1",
    "select=*,lessons(*)",
    "select=a::text);drop",
  ])("refuses %s", (query) => {
    expect(() => parse(query)).toThrow(QueryError);
  });
});

describe("a GET call's query", () => {
  it("takes plain values as arguments and operator values as filters, as PostgREST's qsParams", () => {
    const query = parseQuery(new URLSearchParams("_kind=a&_ids={1,2}&_note=eq&id=gt.1&name=not.like.*x*&select=id&limit=2"), true);
    expect(query.args).toEqual({ _kind: "a", _ids: "{1,2}", _note: "eq" });
    expect(query.where).toEqual([
      { kind: "filter", column: "id", operator: "gt", negated: false, value: "1" },
      { kind: "filter", column: "name", operator: "like", negated: true, value: "%x%" },
    ]);
    // Outside a GET call, a value without an operator is a malformed filter.
    expect(() => parse("_kind=a")).toThrow(QueryError);
  });
});

describe("parsePreferences", () => {
  it("reads each preference's first value, across a joined header", () => {
    expect(parsePreferences("return=minimal, return=representation, count=exact,missing=default, handling=strict, max-affected=5")).toMatchObject({
      representation: false,
      count: true,
      missingDefault: true,
      strict: true,
      maxAffected: 5,
      invalid: [],
    });
  });

  it("lists what PostgREST does not know, but not timezone= or max-affected=", () => {
    expect(parsePreferences("params=single-object, timezone=UTC, max-affected=x, tx=rollback, nonsense, return=everything")).toMatchObject({
      singleObject: true,
      maxAffected: null,
      invalid: ["nonsense", "return=everything"],
    });
  });
});
