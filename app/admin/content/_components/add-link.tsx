import Link from "next/link";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";

export function AddLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button asChild size="sm" variant="outline">
      <Link href={href}>
        <Plus aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
