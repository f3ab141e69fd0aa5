import Link from "next/link";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { ANALYTICS_TRACKS, type AnalyticsFilters, type Funnel } from "@/lib/domain/analytics";
import { ToolAndModuleOptions } from "@/components/item-options";

/**
 * The page's filters as a plain GET form: no script, the address carries them (a filtered view can
 * be bookmarked or sent), and «Показать» reloads the page with them.
 */
export function AnalyticsFilterForm({
  filters,
  groups,
  items,
  itemId,
  allGroupsLabel,
}: {
  filters: AnalyticsFilters;
  groups: { id: string; name: string }[];
  items: Funnel["items"];
  itemId: string | null;
  allGroupsLabel: string;
}) {
  const tools = items.filter((item) => item.track === "tech");
  const modules = items.filter((item) => item.track === "product");
  return (
    <form
      action="/admin/analytics"
      method="get"
      aria-label="Фильтры аналитики"
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      <Field id="analytics-group" label="Группа">
        <NativeSelect id="analytics-group" name="group" defaultValue={filters.groupId ?? ""}>
          <option value="">{allGroupsLabel}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="analytics-track" label="Трек">
        <NativeSelect id="analytics-track" name="track" defaultValue={filters.track ?? ""}>
          <option value="">Оба трека</option>
          {ANALYTICS_TRACKS.map((track) => (
            <option key={track.value} value={track.value}>
              {track.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="analytics-item" label="Воронка: инструмент или модуль">
        <NativeSelect id="analytics-item" name="item" defaultValue={itemId ?? ""}>
          <ToolAndModuleOptions tools={tools} modules={modules} />
        </NativeSelect>
      </Field>
      <div className="flex gap-2">
        <Button type="submit" variant="outline">
          Показать
        </Button>
        <Button asChild variant="ghost">
          <Link href="/admin/analytics">Сбросить</Link>
        </Button>
      </div>
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {/* A plain label: the radix one is a client component, and this form needs no script. */}
      <label htmlFor={id} className="text-sm font-medium leading-none">
        {label}
      </label>
      {children}
    </div>
  );
}
