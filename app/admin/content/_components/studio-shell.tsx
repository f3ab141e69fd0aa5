import { PageHeader } from "@/components/page-header";

/** The frame of every course studio page. */
export function StudioShell({
  title,
  backHref,
  backLabel,
  actions,
  children,
}: {
  title: string;
  backHref: string;
  backLabel: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref={backHref} backLabel={backLabel} title={title}>
        {actions}
      </PageHeader>
      {children}
    </main>
  );
}

export function StudioSection({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) {
  const id = `section-${title.replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
