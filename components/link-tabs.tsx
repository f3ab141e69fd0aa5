"use client";

import { useState, type MouseEvent, type ReactNode } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useHydrated } from "@/components/forms/use-hydrated";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

export interface LinkTab {
  value: string;
  title: string;
  content: ReactNode;
  className?: string;
}

const opensInPlace = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Tabs whose triggers are links to `?tab=…`: the server renders the tab the address names, so a tab
 * pressed before the page's script opens it as a link does, and each is reachable by Tab until then.
 * Once hydrated they switch in place, as tabs, and the address follows (a reload keeps the tab).
 */
export function LinkTabs({ tabs }: { tabs: LinkTab[] }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const named = searchParams.get("tab");
  const [value, setValue] = useState(tabs.find((tab) => tab.value === named)?.value ?? tabs[0].value);
  const hydrated = useHydrated();
  const hrefOf = (tab: string) => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", tab);
    return `${pathname}?${params}`;
  };
  const select = (tab: string) => {
    setValue(tab);
    // Null, not history.state: Next takes a state of its own for its own call and would not learn the address.
    history.replaceState(null, "", hrefOf(tab));
  };

  return (
    <Tabs value={value} onValueChange={select}>
      <TabsList>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} asChild>
            {/* Radix's trigger is a button: its type would name a MIME type on a link. Its roving focus lets
                only the chosen tab be tabbed to, which the arrow keys make up for only once hydrated. */}
            <a
              href={hrefOf(tab.value)}
              type={undefined}
              {...(hydrated ? {} : { tabIndex: 0 })}
              onClick={(event) => {
                if (opensInPlace(event)) event.preventDefault();
              }}
              // Cancelled, Radix leaves them alone: a modified press opens the link elsewhere without also
              // switching here, and Space on a selected tab does not scroll the page as on a link.
              onMouseDown={(event) => {
                if (!opensInPlace(event)) event.preventDefault();
              }}
              onKeyDown={(event) => {
                if (event.key === " ") event.preventDefault();
              }}
            >
              {tab.title}
            </a>
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className={tab.className}>
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
