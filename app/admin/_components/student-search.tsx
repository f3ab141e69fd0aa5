"use client";

import { useEffect, useRef } from "react";
import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const FOCUS_AFTER_SEARCH = "admin-search-focus";

/**
 * The student search: a plain GET form, so it works before (and without) the page's script. The
 * answer is a new page, where the focus would start at the top: a search sent from here leaves a
 * note, and the answer's field takes the focus back (its list of students follows it).
 */
export function StudentSearch({ search, hidden }: { search: string; hidden: Record<string, string> }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (sessionStorage.getItem(FOCUS_AFTER_SEARCH) === null) return;
    sessionStorage.removeItem(FOCUS_AFTER_SEARCH);
    field.current?.focus();
  }, []);
  return (
    <form action="/admin" className="flex gap-2" role="search" onSubmit={() => sessionStorage.setItem(FOCUS_AFTER_SEARCH, "1")}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Input ref={field} name="q" type="search" defaultValue={search} placeholder="Имя или email" aria-label="Поиск студентов" />
      <Button type="submit" variant="outline" size="icon" aria-label="Найти">
        <Search aria-hidden />
      </Button>
    </form>
  );
}
