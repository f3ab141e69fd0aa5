import type { Query } from "./gen-database";

/**
 * lib/database.types.ts, in the shape `supabase gen types typescript` produces, from the catalog
 * of the migrated database.
 */
export async function databaseTypes(query: Query): Promise<string> {
  const enums = await query<{ name: string; labels: string[] }>(
    `select t.typname::text as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
     from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' group by t.typname order by t.typname`,
  );
  const enumNames = new Set(enums.map((item) => item.name));

  function tsType(pgType: string): string {
    const array = pgType.endsWith("[]");
    const base = array ? pgType.slice(0, -2) : pgType;
    let type: string;
    if (enumNames.has(base)) type = `Database["public"]["Enums"]["${base}"]`;
    else if (["integer", "bigint", "smallint", "numeric", "real", "double precision"].includes(base)) type = "number";
    else if (base === "boolean") type = "boolean";
    else if (base === "json" || base === "jsonb") type = "Json";
    else type = "string";
    return array ? `${type}[]` : type;
  }

  const columns = await query<{ table: string; column: string; type: string; nullable: boolean; has_default: boolean; generated: boolean; identity: string }>(
    `select c.relname::text as table, a.attname::text as column, format_type(a.atttypid, null) as type,
            not a.attnotnull as nullable, a.atthasdef as has_default, a.attgenerated <> '' as generated,
            a.attidentity::text as identity
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind = 'r' order by c.relname, a.attname`,
  );

  const relationships = await query<{ table: string; name: string; columns: string[]; referenced: string; referenced_columns: string[] }>(
    `select c.conrelid::regclass::text as table, c.conname::text as name,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, i)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.i) as columns,
            c.confrelid::regclass::text as referenced,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, i)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.i) as referenced_columns
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public' order by c.conname`,
  );

  const functions = await query<{ name: string; arg_names: string[] | null; arg_types: string[]; returns: string; returns_set: boolean; out_names: string[] | null; out_types: string[] | null; defaults: number }>(
    `select p.proname::text as name, p.proargnames as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types,
            format_type(p.prorettype, null) as returns, p.proretset as returns_set, p.pronargdefaults::int as defaults,
            (select array_agg(p.proargnames[i] order by i) from generate_subscripts(p.proargmodes, 1) i where p.proargmodes[i] = 't') as out_names,
            (select array_agg(format_type(p.proallargtypes[i], null) order by i) from generate_subscripts(p.proargmodes, 1) i where p.proargmodes[i] = 't') as out_types
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f' and format_type(p.prorettype, null) <> 'trigger'
     order by p.proname`,
  );

  const indent = (text: string, spaces: number) => text.split("\n").map((line) => " ".repeat(spaces) + line).join("\n");
  const tables = [...new Set(columns.map((column) => column.table))];

  const tableBlocks = tables.map((table) => {
    const own = columns.filter((column) => column.table === table);
    const row = own.map((c) => `${c.column}: ${tsType(c.type)}${c.nullable ? " | null" : ""}`);
    // As `supabase gen types`: an identity column generated always takes no value, one by default may.
    const writable = (c: (typeof own)[number], optional: boolean) =>
      c.identity === "a" ? `${c.column}?: never` : `${c.column}${optional ? "?" : ""}: ${tsType(c.type)}${c.nullable ? " | null" : ""}`;
    const insert = own.filter((c) => !c.generated).map((c) => writable(c, c.nullable || c.has_default || c.identity === "d"));
    const update = own.filter((c) => !c.generated).map((c) => writable(c, true));
    const relations = relationships
      .filter((relation) => relation.table === table)
      .map(
        (relation) => `{
  foreignKeyName: "${relation.name}"
  columns: [${relation.columns.map((c) => `"${c}"`).join(", ")}]
  isOneToOne: false
  referencedRelation: "${relation.referenced.replace(/^auth\./, "")}"
  referencedColumns: [${relation.referenced_columns.map((c) => `"${c}"`).join(", ")}]
}`,
      );
    return `${table}: {
  Row: {
${indent(row.join("\n"), 4)}
  }
  Insert: {
${indent(insert.join("\n"), 4)}
  }
  Update: {
${indent(update.join("\n"), 4)}
  }
  Relationships: [${relations.length ? `\n${indent(relations.join(",\n"), 4)}\n  ` : ""}]
}`;
  });

  const functionBlocks = functions.map((fn) => {
    // Arguments with defaults come last and may be left out, as in `supabase gen types`.
    const firstOptional = fn.arg_types.length - fn.defaults;
    const args = fn.arg_types.map(
      (type, index) => `${fn.arg_names?.[index] ?? `arg${index}`}${index >= firstOptional ? "?" : ""}: ${tsType(type)}`,
    );
    let returns: string;
    if (fn.out_names?.length) {
      const fields = fn.out_names.map((name, index) => `${name}: ${tsType(fn.out_types![index])}`).join("\n");
      returns = `{\n${indent(fields, 2)}\n}[]`;
    } else {
      returns = fn.returns === "void" ? "undefined" : `${tsType(fn.returns)}${fn.returns_set ? "[]" : ""}`;
    }
    return `${fn.name}: {
  Args: ${args.length ? `{\n${indent(args.join("\n"), 4)}\n  }` : "never"}
  Returns: ${returns.replace(/\n/g, "\n  ")}
}`;
  });

  return `// Generated by \`npm run gen-types\` from supabase/migrations. Do not edit by hand.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
    Tables: {
${indent(tableBlocks.join("\n"), 6)}
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
${indent(functionBlocks.join("\n"), 6)}
    }
    Enums: {
${indent(enums.map((item) => `${item.name}: ${item.labels.map((label) => `"${label}"`).join(" | ")}`).join("\n"), 6)}
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type PublicSchema = Database["public"]

export type Tables<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Row"]
export type TablesInsert<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Insert"]
export type TablesUpdate<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Update"]
export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T]
`;
}
